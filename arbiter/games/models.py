from django.db import models

from arbiter.ratings.speeds import Speed, speed_for_clock


class TimeControl(models.Model):
    """A clock: base time and increment per move, both in seconds."""

    limit_seconds = models.PositiveIntegerField()
    increment_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["limit_seconds", "increment_seconds"], name="games_timecontrol_unique"
            ),
            models.CheckConstraint(
                condition=models.Q(limit_seconds__gt=0) | models.Q(increment_seconds__gt=0),
                name="games_timecontrol_not_zero",
            ),
        ]

    def __str__(self) -> str:
        minutes = self.limit_seconds / 60
        shown = f"{minutes:g}" if minutes >= 1 else f"{self.limit_seconds}s"
        return f"{shown}+{self.increment_seconds}"

    @property
    def speed(self) -> Speed:
        return speed_for_clock(self.limit_seconds, self.increment_seconds)
