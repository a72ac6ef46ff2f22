"""The stub `UserRating` (one integer per speed) becomes a Glicko-2 `Rating`: the rating is
carried over as it was, with a new player's deviation and volatility (an admin-set number says
nothing about its certainty), no games and no last game. `RatingChange` is new."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ratings", "0001_initial"),
        ("tournaments", "0004_round_status_playing_complete"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="userrating", name="ratings_userrating_unique"),
        migrations.RenameModel(old_name="UserRating", new_name="Rating"),
        migrations.AlterField(
            model_name="rating", name="rating", field=models.FloatField(default=1500.0)
        ),
        migrations.AddField(
            model_name="rating", name="deviation", field=models.FloatField(default=500.0)
        ),
        migrations.AddField(
            model_name="rating", name="volatility", field=models.FloatField(default=0.09)
        ),
        migrations.AddField(
            model_name="rating", name="games", field=models.PositiveIntegerField(default=0)
        ),
        migrations.AddField(
            model_name="rating",
            name="last_rated_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddConstraint(
            model_name="rating",
            constraint=models.UniqueConstraint(
                fields=("user", "speed"), name="ratings_rating_unique"
            ),
        ),
        migrations.CreateModel(
            name="RatingChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "speed",
                    models.CharField(
                        choices=[
                            ("bullet", "Bullet"),
                            ("blitz", "Blitz"),
                            ("rapid", "Rapid"),
                            ("classical", "Classical"),
                        ],
                        max_length=12,
                    ),
                ),
                ("score", models.FloatField()),
                ("rating_before", models.FloatField()),
                ("deviation_before", models.FloatField()),
                ("volatility_before", models.FloatField()),
                ("rating_after", models.FloatField()),
                ("deviation_after", models.FloatField()),
                ("volatility_after", models.FloatField()),
                ("rated_at", models.DateTimeField()),
                (
                    "opponent",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "pairing",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="tournaments.swisspairing",
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
                "ordering": ["rated_at", "id"],
                "indexes": [
                    models.Index(
                        fields=["user", "speed", "rated_at"], name="ratings_rat_user_id_366316_idx"
                    )
                ],
                "constraints": [
                    models.UniqueConstraint(fields=("pairing", "user"), name="ratings_change_once")
                ],
            },
        ),
    ]
