"""The default tie-break order (docs/team-swiss.md, "Default tie-breaks"): new events get it,
and so does an event stored without tie-breaks that has not paired round 1 yet (its
regulation may still change). An event already paired keeps what it was ranked by."""

from django.db import migrations, models

import arbiter.teamswiss.models

# Written out: a migration must not change when the model's constant does.
DEFAULT = ["MPVGP", "BH/C1", "BH", "ESB/C1"]


def forwards(apps, schema_editor):
    Event = apps.get_model("teamswiss", "TeamSwissEvent")
    Event.objects.filter(status="created", tiebreaks=[]).update(tiebreaks=DEFAULT)


class Migration(migrations.Migration):
    dependencies = [
        ("teamswiss", "0005_fide_data"),
    ]

    operations = [
        migrations.AlterField(
            model_name="teamswissevent",
            name="tiebreaks",
            field=models.JSONField(blank=True, default=arbiter.teamswiss.models.default_tiebreaks),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
