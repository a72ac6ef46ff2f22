import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def users_to_entries(apps, schema_editor):
    """A forbidden pair named two users; it now names their entries in the event. A pair
    whose users never entered the event could never apply: it is dropped."""
    ForbiddenPairing = apps.get_model("tournaments", "ForbiddenPairing")
    SwissParticipant = apps.get_model("tournaments", "SwissParticipant")
    for pair in ForbiddenPairing.objects.all():
        entries = dict(
            SwissParticipant.objects.filter(
                tournament_id=pair.tournament_id, user_id__in=[pair.player1_id, pair.player2_id]
            ).values_list("user_id", "id")
        )
        if len(entries) != 2:
            pair.delete()
            continue
        low, high = sorted(entries.values())
        pair.entry1_id, pair.entry2_id = low, high
        pair.save(update_fields=["entry1", "entry2"])


class Migration(migrations.Migration):
    """Full-point byes (from imported TRF files), users' claims on registered entries, and
    forbidden pairs between entries (so registered players can be kept apart). The pairs move
    to their new columns here and the old ones go in 0010 (PostgreSQL will not alter a table
    with row changes still to check in the same transaction)."""

    dependencies = [
        ("tournaments", "0008_pairing_player_reports"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="swissroundentry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("game", "Paired on a board"),
                    ("U", "Pairing-allocated bye (1)"),
                    ("H", "Half-point bye"),
                    ("F", "Full-point bye"),
                    ("Z", "Zero-point bye (absent)"),
                ],
                max_length=4,
            ),
        ),
        migrations.CreateModel(
            name="EntryClaim",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "participant",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="claims",
                        to="tournaments.swissparticipant",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["created_at", "id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("participant", "user"), name="swiss_one_claim_per_user"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="forbiddenpairing",
            name="entry1",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.swissparticipant",
            ),
        ),
        migrations.AddField(
            model_name="forbiddenpairing",
            name="entry2",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.swissparticipant",
            ),
        ),
        migrations.RunPython(users_to_entries, migrations.RunPython.noop),
    ]
