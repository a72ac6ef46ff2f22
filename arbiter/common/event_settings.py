"""The limits of an event's settings that every path checks alike: both kinds of event
(individual and team Swiss), each way in (the native API, the lichess form, a TRF import) and
the models. Plain values (and one lazily translated message): the serializers, the lichess
form, the imports and the models read them here, and the messages stay each path's own."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# Text: the name and the venue are one line (`common.text`'s name rule), the description
# keeps its line breaks (`common.api.text_problem`).
NAME_MAX = 120
DESCRIPTION_MAX = 5000
VENUE_MAX = 120

# The clock. The increment is either kind's; the base time is an individual event's in
# seconds (a team event's is in minutes, `teamswiss.models.CLOCK_MINUTES_MAX`, and at least 1).
CLOCK_LIMIT_MAX = 3 * 3600
CLOCK_INCREMENT_MAX = 180
CLOCK_ZERO = _("The clock cannot be 0+0.")

# The schedule: the pause between an individual event's rounds (None or absent: a leader
# starts each round).
ROUND_INTERVAL_MAX = 7 * 86400


def clock_is_zero(limit_seconds: int | None, increment_seconds: int | None) -> bool:
    """A clock of no time at all (0+0), which no game can be played on."""
    return limit_seconds == 0 and increment_seconds == 0
