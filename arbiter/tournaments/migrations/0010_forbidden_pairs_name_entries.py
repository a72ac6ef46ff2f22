import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F, Q


class Migration(migrations.Migration):
    """The forbidden pairs' entry columns (filled in 0009) replace the user columns."""

    dependencies = [("tournaments", "0009_entry_claims_full_byes_forbidden_entries")]

    operations = [
        migrations.RemoveConstraint(model_name="forbiddenpairing", name="swiss_forbidden_unique"),
        migrations.RemoveConstraint(model_name="forbiddenpairing", name="swiss_forbidden_ordered"),
        migrations.RemoveField(model_name="forbiddenpairing", name="player1"),
        migrations.RemoveField(model_name="forbiddenpairing", name="player2"),
        migrations.RenameField(model_name="forbiddenpairing", old_name="entry1", new_name="player1"),
        migrations.RenameField(model_name="forbiddenpairing", old_name="entry2", new_name="player2"),
        migrations.AlterField(
            model_name="forbiddenpairing",
            name="player1",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.swissparticipant",
            ),
        ),
        migrations.AlterField(
            model_name="forbiddenpairing",
            name="player2",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="tournaments.swissparticipant",
            ),
        ),
        migrations.AddConstraint(
            model_name="forbiddenpairing",
            constraint=models.UniqueConstraint(
                fields=("tournament", "player1", "player2"), name="swiss_forbidden_unique"
            ),
        ),
        migrations.AddConstraint(
            model_name="forbiddenpairing",
            constraint=models.CheckConstraint(
                condition=Q(player1__lt=F("player2")), name="swiss_forbidden_ordered"
            ),
        ),
    ]
