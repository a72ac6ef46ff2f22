"""Speed categories derived from the clock, as Lichess does: estimated game duration
= base time + 40 × increment."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Speed(models.TextChoices):
    BULLET = "bullet", _("Bullet")
    BLITZ = "blitz", _("Blitz")
    RAPID = "rapid", _("Rapid")
    CLASSICAL = "classical", _("Classical")


def speed_for_clock(limit_seconds: int, increment_seconds: int) -> Speed:
    estimate = limit_seconds + 40 * increment_seconds
    if estimate < 180:
        return Speed.BULLET
    if estimate < 480:
        return Speed.BLITZ
    if estimate < 1500:
        return Speed.RAPID
    return Speed.CLASSICAL
