from django.db import migrations, models

MODES = [("online", "Online"), ("otb", "Over the board")]


class Migration(migrations.Migration):
    """Event mode: the events that exist were played over the board (added with that default),
    new ones are online unless said otherwise."""

    dependencies = [
        ("tournaments", "0006_participant_start_number"),
    ]

    operations = [
        migrations.AddField(
            model_name="swisstournament",
            name="mode",
            field=models.CharField(choices=MODES, default="otb", max_length=6),
        ),
        migrations.AlterField(
            model_name="swisstournament",
            name="mode",
            field=models.CharField(choices=MODES, default="online", max_length=6),
        ),
    ]
