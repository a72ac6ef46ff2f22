"""Speed categories derived from the clock, as Lichess does: estimated game duration
= base time + 40 × increment."""

from django.db import models


class Speed(models.TextChoices):
    BULLET = "bullet", "Bullet"
    BLITZ = "blitz", "Blitz"
    RAPID = "rapid", "Rapid"
    CLASSICAL = "classical", "Classical"


def speed_for_clock(limit_seconds: int, increment_seconds: int) -> Speed:
    estimate = limit_seconds + 40 * increment_seconds
    if estimate < 180:
        return Speed.BULLET
    if estimate < 480:
        return Speed.BLITZ
    if estimate < 1500:
        return Speed.RAPID
    return Speed.CLASSICAL
