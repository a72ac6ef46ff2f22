"""A user's Glicko-2 rating per speed, and the change each rated game made to it."""

from django.conf import settings
from django.db import models

from arbiter.ratings import parameters
from arbiter.ratings.speeds import Speed


class Rating(models.Model):
    """A user's rating in one speed category. Absent row = a new player (parameters.NEW_*)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    speed = models.CharField(max_length=12, choices=Speed.choices)
    rating = models.FloatField(default=parameters.NEW_RATING)
    deviation = models.FloatField(default=parameters.NEW_DEVIATION)
    volatility = models.FloatField(default=parameters.NEW_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    last_rated_at = models.DateTimeField(null=True, blank=True)  # inactivity counts from here

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "speed"], name="ratings_rating_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.speed} {self.rating:.0f}±{self.deviation:.0f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating. The "before" values (inactivity already
    applied) are kept so that a corrected result is recomputed from them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    speed = models.CharField(max_length=12, choices=Speed.choices)
    # The board the game was played on (over the board; online games will point here too).
    pairing = models.ForeignKey(
        "tournaments.SwissPairing", on_delete=models.CASCADE, related_name="rating_changes"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    score = models.FloatField()  # 1, 0.5 or 0
    rating_before = models.FloatField()
    deviation_before = models.FloatField()
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_after = models.FloatField()
    volatility_after = models.FloatField()
    rated_at = models.DateTimeField()

    class Meta:
        ordering = ["rated_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["pairing", "user"], name="ratings_change_once")
        ]
        indexes = [models.Index(fields=["user", "speed", "rated_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.speed}: {self.rating_before:.0f} -> {self.rating_after:.0f}"
