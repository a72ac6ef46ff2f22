"""lichess's Swiss form (create and edit) read from the flattened body (`lichess_body`): each
field parsed to a Python value, or an error under its lichess name. Values Arbiter cannot
honour (variants, positions, the entry conditions it does not check) are refused here, field by
field, rather than ignored: ignoring them would admit players lichess refuses."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from arbiter.common.event_settings import (
    CLOCK_INCREMENT_MAX,
    CLOCK_LIMIT_MAX,
    DESCRIPTION_MAX,
    NAME_MAX,
    ROUND_INTERVAL_MAX,
    clock_is_zero,
)
from arbiter.common.exceptions import ApplicationError
from arbiter.common.parsers import instant_problem
from arbiter.common.text import name_problem
from arbiter.lichess.http import LichessError
from arbiter.ratings.entry_rules import ACCOUNT_AGE_DAYS_MAX, RATED_GAMES_MAX

Errors = dict[str, list[str]]

# roundInterval's two special values (seconds otherwise).
AUTO_INTERVAL = -1
MANUAL_INTERVAL = 99999999
# Arbiter's ranges (the clock's and the interval's: `common.event_settings`), a
# superset of lichess's enums (any whole second is taken).
ROUNDS = (1, 100)
RATING_MAX = 4000
CHAT_FOR = {0, 10, 20, 30}
VARIANTS = {
    "standard",
    "chess960",
    "crazyhouse",
    "antichess",
    "atomic",
    "horde",
    "kingOfTheHill",
    "racingKings",
    "threeCheck",
    "fromPosition",
}
REQUIRED = ("clock.limit", "clock.increment", "nbRounds")

# Arbiter's field names (in a service's InvalidInput) -> lichess's.
LICHESS_NAMES = {
    "name": "name",
    "description": "description",
    "num_rounds": "nbRounds",
    "start_time": "startsAt",
    "clock_limit_seconds": "clock.limit",
    "clock_increment_seconds": "clock.increment",
    "round_interval_seconds": "roundInterval",
    "rated": "rated",
    "password": "password",
    "min_rating": "conditions.minRating.rating",
    "max_rating": "conditions.maxRating.rating",
    "min_rated_games": "conditions.nbRatedGame.nb",
    "min_account_age_days": "conditions.accountAge",
    "at": "date",
    "time_control": "clock.limit",
}


def parse_bool(text: str) -> bool | None:
    """Play's boolean, leniently and in any case (berserk sends `True`/`False`)."""
    lowered = text.strip().lower()
    if lowered in ("true", "1", "yes", "on"):
        return True
    if lowered in ("false", "0", "no", "off"):
        return False
    return None


def _whole(text: str) -> int | None:
    """An optionally signed run of ASCII digits (no "²", no other scripts' digits), short
    enough for `int()`, as a number."""
    text = text.strip()
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        return None
    return int(text)


def parse_instant(text: str) -> datetime | None:
    """Epoch milliseconds, or an ISO-8601 instant (lila's `ISOInstantOrTimestamp`); None for
    anything else. The limits on a scheduled time are `scheduled_instant`'s."""
    text = text.strip()
    millis = _whole(text)
    if millis is not None:
        try:
            return datetime.fromtimestamp(millis / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None
    try:
        value = parse_datetime(text.replace("Z", "+00:00") if text.endswith("Z") else text)
    except ValueError:
        return None
    if value is None or value.tzinfo is None:
        return None
    return value


def _int(text: str, low: int, high: int) -> int | str:
    """The number, or the error message."""
    value = _whole(text)
    if value is None:
        return _("Must be a whole number.")
    if not low <= value <= high:
        return _("Must be between %(low)s and %(high)s.") % {"low": low, "high": high}
    return value


def interval_seconds(interval: int, limit: int, increment: int) -> int | None:
    """The pause between rounds a parsed `roundInterval` stands for: None = manual."""
    if interval == MANUAL_INTERVAL:
        return None
    return auto_interval(limit, increment) if interval == AUTO_INTERVAL else interval


def auto_interval(limit: int, increment: int) -> int:
    """lichess's automatic pause between rounds, from the clock's estimated duration."""
    estimate = limit + 40 * increment
    for below, seconds in ((30, 5), (180, 10), (300, 20), (480, 30), (1500, 60)):
        if estimate < below:
            return seconds
    return 300


def _interval(text: str) -> int | str:
    """Seconds, or `AUTO_INTERVAL` / `MANUAL_INTERVAL`; a str is an error."""
    value = _whole(text)
    if value is None:
        return _("Must be a whole number.")
    if value in (AUTO_INTERVAL, MANUAL_INTERVAL):
        return value
    if not 0 <= value <= ROUND_INTERVAL_MAX:
        message = _("Must be -1, 99999999 or between 0 and %(max)s seconds.")
        return message % {"max": ROUND_INTERVAL_MAX}
    return value


class _Error(str):
    """A parser's refusal (a plain str is a text field's value)."""


def _text(max_length: int, min_length: int = 0, *, name: bool = False) -> Callable[[str], object]:
    """Text, stripped; empty text is no value (unless a minimum length is asked). A `name`
    meets the one name rule of every path (`arbiter.common.text`)."""

    def parse(text: str) -> object:
        value = text.strip()
        if not value and not min_length:
            return None
        if not min_length <= len(value) <= max_length:
            message = _("Must be %(min)s to %(max)s characters.")
            return _Error(message % {"min": min_length, "max": max_length})
        problem = name_problem(value) if name else None
        return _Error(problem) if problem is not None else value

    return parse


def _number(low: int, high: int) -> Callable[[str], object]:
    def parse(text: str) -> object:
        value = _int(text, low, high)
        return _Error(value) if isinstance(value, str) else value

    return parse


def _boolean(text: str) -> object:
    value = parse_bool(text)
    return _Error(_("Must be true or false.")) if value is None else value


def scheduled_instant(text: str) -> datetime | str:
    """A time a client schedules (a start, a round), in UTC, under the native API's limits;
    a str is the error."""
    value = parse_instant(text)
    if value is None:
        return _("Must be a timestamp in milliseconds or an ISO-8601 instant.")
    problem = instant_problem(value)
    return problem if problem is not None else value.astimezone(UTC)


def _instant(text: str) -> object:
    value = scheduled_instant(text)
    return _Error(value) if isinstance(value, str) else value


def _round_interval(text: str) -> object:
    value = _interval(text)
    return _Error(value) if isinstance(value, str) else value


def _variant(text: str) -> object:
    value = text.strip()
    if value == "standard":
        return value
    if value in VARIANTS:
        return _Error(_("Arbiter plays standard chess only."))
    return _Error(_("Unknown variant."))


def _unsupported() -> _Error:
    return _Error(_("Not supported by this server."))


def _refused_text(text: str) -> object:
    return _unsupported() if text.strip() else None


def _refused_true(text: str) -> object:
    value = parse_bool(text)
    if value is None:
        return _Error(_("Must be true or false."))
    return _unsupported() if value else None


def _at_least(high: int) -> Callable[[str], object]:
    """A minimum the entry rules check (`arbiter.ratings.entry_rules`); 0 asks nothing, so it
    is no value, as lichess's form reads it."""

    def parse(text: str) -> object:
        value = _int(text, 0, high)
        if isinstance(value, str):
            return _Error(value)
        return value or None

    return parse


def _chat_for(text: str) -> object:
    value = _int(text, 0, 30)
    if isinstance(value, str) or value not in CHAT_FOR:
        return _Error(_("Must be 0, 10, 20 or 30."))
    return value


# lichess name -> parser: the value, None (the field is as good as absent), or an _Error.
PARSERS: dict[str, Callable[[str], object]] = {
    "name": _text(NAME_MAX, 2, name=True),
    "clock.limit": _number(0, CLOCK_LIMIT_MAX),
    "clock.increment": _number(0, CLOCK_INCREMENT_MAX),
    "nbRounds": _number(*ROUNDS),
    "startsAt": _instant,
    "roundInterval": _round_interval,
    "variant": _variant,
    "position": _refused_text,
    "description": _text(DESCRIPTION_MAX),
    "rated": _boolean,
    "password": _text(128),
    "forbiddenPairings": _text(100_000),
    "manualPairings": _refused_text,
    "chatFor": _chat_for,
    "conditions.minRating.rating": _number(0, RATING_MAX),
    "conditions.maxRating.rating": _number(0, RATING_MAX),
    "conditions.nbRatedGame.nb": _at_least(RATED_GAMES_MAX),
    "conditions.accountAge": _at_least(ACCOUNT_AGE_DAYS_MAX),
    "conditions.titled": _refused_true,
    "conditions.allowList": _refused_text,
    "conditions.playYourGames": _refused_true,
}


def swiss_form(
    fields: Mapping[str, str], *, required: tuple[str, ...] = REQUIRED
) -> tuple[dict[str, Any], Errors]:
    """(values by lichess name, errors by lichess name). A field absent, or one whose value
    means "none" (an empty position, no rated-games condition), is not in the values; unknown
    fields are ignored, as lichess does."""
    values: dict[str, Any] = {}
    errors: Errors = {}
    for name, parse in PARSERS.items():
        if name not in fields:
            if name in required:
                errors[name] = [_("This field is required.")]
            continue
        value = parse(fields[name])
        if isinstance(value, _Error):
            errors[name] = [str(value)]
        elif value is not None:
            values[name] = value
    limit, increment = values.get("clock.limit"), values.get("clock.increment")
    if clock_is_zero(limit, increment):
        errors.setdefault("clock.limit", []).append(_("Invalid clock: it cannot be 0+0."))
    low = values.get("conditions.minRating.rating")
    high = values.get("conditions.maxRating.rating")
    if low is not None and high is not None and low > high:
        errors.setdefault("conditions.maxRating.rating", []).append(
            _("Must not be below the minimum rating.")
        )
    return values, errors


def forbidden_pairs(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """lichess's `forbiddenPairings`: one `userA userB` per line; (pairs, errors)."""
    pairs: list[tuple[str, str]] = []
    errors: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        names = line.split()
        if not names:
            continue
        if len(names) != 2:
            errors.append(
                _("Line %(number)s: two usernames separated by a space.") % {"number": number}
            )
            continue
        pairs.append((names[0], names[1]))
    return pairs, errors


def lichess_errors(fields: Mapping[str, Any]) -> Errors:
    """A service's field errors under lichess's names."""
    return {
        LICHESS_NAMES.get(str(name), str(name)): [str(m) for m in messages]
        for name, messages in fields.items()
    }


@contextmanager
def lichess_fields() -> Iterator[None]:
    """A service's field refusal (InvalidInput, another refusal naming fields, or
    full_clean's ValidationError) as a lichess form error: `{"error": {lichessName: [..]}}`."""
    try:
        yield
    except ApplicationError as exc:  # InvalidInput, or a refusal naming its fields
        fields = exc.extra.get("fields")
        if not fields:
            raise
        raise LichessError(lichess_errors(fields)) from exc
    except ValidationError as exc:
        if hasattr(exc, "error_dict"):
            raise LichessError(lichess_errors(exc.message_dict)) from exc
        raise LichessError(" ".join(exc.messages)) from exc
