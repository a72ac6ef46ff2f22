"""The fields of an audit log entry, one shape for every kind of event's log (an individual
Swiss' `AuditEntry`, a team Swiss' `TeamAuditEntry`): who, when, what, on what, before and
after. Each log adds its event and its index."""

from __future__ import annotations

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class AuditRecord(models.Model):
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Kept apart from `actor`: the log still names a deleted account.
    actor_name = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=40)
    subject = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.actor_name} {self.action} {self.subject}"


def audit_subject(
    *, round_number: int, board: int, white: str, black: str, table: int | None = None
) -> str:
    """What an audit entry about a board names, one wording for every log and action:
    "round 2 board 3: alice - bob", with "match 1 " before the board in a team event (the
    browser's sentences read it back: audit-sentences.ts)."""
    match = f"match {table} " if table is not None else ""
    return f"round {round_number} {match}board {board}: {white} - {black}"
