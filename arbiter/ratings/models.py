from django.conf import settings
from django.db import models

from arbiter.ratings.speeds import Speed

DEFAULT_RATING = 1500


class UserRating(models.Model):
    """A user's rating in one speed category. Absent row = DEFAULT_RATING."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    speed = models.CharField(max_length=12, choices=Speed.choices)
    rating = models.PositiveIntegerField(default=DEFAULT_RATING)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "speed"], name="ratings_userrating_unique")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.speed} {self.rating}"
