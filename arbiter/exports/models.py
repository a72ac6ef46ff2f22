"""What a federation's rating report needs that the event does not hold (an affiliate's ID,
each player's national number): per event and federation, the values of the plugin's fields
(arbiter.exports.formats), kept in this app so no other app's tables change for it."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class FederationData(models.Model):
    """One event's data for one federation's export: `values` maps the plugin's event
    fields (`FieldSpec.name`) to what the organiser entered."""

    tournament = models.ForeignKey(
        "tournaments.SwissTournament", on_delete=models.CASCADE, related_name="+"
    )
    federation = models.CharField(max_length=20)  # the plugin's code: "us-chess"
    values = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "federation"], name="exports_data_one_per_federation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.federation} data of event {self.tournament_id}"


class FederationEntryData(models.Model):
    """One player's values for a federation (an ID, a rating, a state)."""

    data = models.ForeignKey(FederationData, on_delete=models.CASCADE, related_name="entries")
    participant = models.ForeignKey(
        "tournaments.SwissParticipant", on_delete=models.CASCADE, related_name="+"
    )
    values = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["data", "participant"], name="exports_entry_data_one_per_entry"
            )
        ]

    def __str__(self) -> str:
        return f"{self.data.federation} data of entry {self.participant_id}"
