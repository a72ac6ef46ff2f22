from django.db import migrations, models

RESULTS = [
    ("", "No result yet"),
    ("1-0", "White wins"),
    ("0-1", "Black wins"),
    ("1/2-1/2", "Draw"),
    ("+-", "White wins by forfeit"),
    ("-+", "Black wins by forfeit"),
    ("--", "Double forfeit"),
]


class Migration(migrations.Migration):
    """Each player's own report on a board, so that the dispute queue shows both claims.
    Boards reported before this start blank: who reported what was not stored then."""

    dependencies = [
        ("tournaments", "0007_event_mode"),
    ]

    operations = [
        migrations.AddField(
            model_name="swisspairing",
            name="white_report",
            field=models.CharField(blank=True, choices=RESULTS, default="", max_length=7),
        ),
        migrations.AddField(
            model_name="swisspairing",
            name="black_report",
            field=models.CharField(blank=True, choices=RESULTS, default="", max_length=7),
        ),
    ]
