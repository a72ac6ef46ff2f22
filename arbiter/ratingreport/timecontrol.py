"""The time control of a TRF: 222 (TRF-2026's encoded form) or, failing that, the 122 text.

What the rating rules need is each player's time for a game of 60 moves (FIDE Rating
Regulations 1.1, and the Laws of Chess's rapid/blitz definitions: time + 60 x increment) and
the moves of the first period (1.2). 222 says it exactly; 122 is free text, read here in the
spellings programs and arbiters write ("90+30", "90 min/40 moves + 30 min, 30 s per move",
"100'x40 + 50'x20 + 15' + 30\" from move 1", "1h30 + 30s"); text it cannot read is None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final

from arbiter.trf.i18n import gettext as _

GAME_MOVES: Final = 60


@dataclass(frozen=True, slots=True)
class Period:
    moves: int | None  # None: the rest of the game
    seconds: int
    increment: int  # seconds added per move in this period


@dataclass(frozen=True, slots=True)
class TimeControl:
    periods: tuple[Period, ...]
    source: str  # "222" or "122"

    @property
    def game_minutes(self) -> Fraction:
        """A player's time for a 60-move game: the periods reached by move 60 and the
        increments of those moves."""
        total = Fraction(0)
        left = GAME_MOVES
        for period in self.periods:
            if left <= 0:
                break
            played = left if period.moves is None else min(period.moves, left)
            total += period.seconds + period.increment * played
            left -= played
        return total / 60

    @property
    def first_moves(self) -> int | None:
        """The moves of the first period when there are several (1.2), else None."""
        first = self.periods[0]
        return first.moves if len(self.periods) > 1 or first.moves is not None else None

    @property
    def speed(self) -> str:
        """ "standard" (60 minutes or more), "rapid" (more than 10, less than 60) or "blitz"."""
        minutes = self.game_minutes
        if minutes >= 60:
            return "standard"
        return "rapid" if minutes > 10 else "blitz"


def minutes_text(value: Fraction) -> str:
    """Minutes as the report prints them ("120", "92.5"); absurd values too."""
    return f"{float(value):g}" if value < 10**9 else _("over 10^9")


# A run of ten digits or more is no time anyone plays at (and Python refuses to read a number
# of thousands of digits).
_TOO_LONG: Final = re.compile(r"[0-9]{10}")
_DESCRIPTOR: Final = re.compile(r"(?:(?P<m>[0-9]+)/)?(?P<s>[0-9]+)(?:\+(?P<i>[0-9]+))?")


def _encoded_side(text: str) -> tuple[Period, ...] | None:
    periods = []
    for part in text.split(":"):
        match = _DESCRIPTOR.fullmatch(part.strip())
        if match is None:
            return None
        moves = int(match["m"]) if match["m"] else None
        if moves == 0:
            return None
        periods.append(Period(moves, int(match["s"]), int(match["i"] or 0)))
    return tuple(periods) if periods else None


def read_222(text: str) -> TimeControl | None:
    """222: `d[:d]...`, or `Wd[:d]-Bd[:d]` (the slower rules: each player's own time, the
    shorter of the two counted)."""
    text = text.strip()
    if _TOO_LONG.search(text):
        return None
    sides = re.fullmatch(r"[Ww](?P<w>[^-]+)-[Bb](?P<b>.+)", text)
    if sides is None:
        periods = _encoded_side(text)
        return None if periods is None else TimeControl(periods, "222")
    white, black = _encoded_side(sides["w"]), _encoded_side(sides["b"])
    if white is None or black is None:
        return None
    both = [TimeControl(white, "222"), TimeControl(black, "222")]
    return min(both, key=lambda control: control.game_minutes)


_NUMBER: Final = r"([0-9]+(?:[.,][0-9]+)?)"
_HOURS_MINUTES: Final = re.compile(r"([0-9]+)\s*h\s*([0-9]{1,2})\b")
_HOURS: Final = re.compile(_NUMBER + r"\s*(?:hours?|hrs?|h)\b")
_MINUTES: Final = re.compile(_NUMBER + r"\s*(?:'(?!')|minutes?|mins?|mn|m(?![a-z]))")
_SECONDS: Final = re.compile(_NUMBER + r"\s*(?:\"|''|seconds?|secs?|segs?|s\b)")
_MOVES: Final = re.compile(
    r"(?:([0-9]+)\s*(?:moves?|mvs?|mm|movs?|jugadas|coups|z\u00fcge|zuege)\b)"
    r"|(?:[x/]\s*([0-9]+)\b(?!\s*(?:'|min|h|s\b|sec)))"
    r"|(?:\b([0-9]+)\s*/\s*(?=[0-9]))"
)
_PLAIN: Final = re.compile(r"\s*(?:g\s*/?\s*)?([0-9]+)\s*(?:\+\s*([0-9]+))?\s*")
_PLAIN_SECONDS: Final = re.compile(r"\s*([0-9]+)\s*s\s*\+\s*([0-9]+)\s*")


def _amount(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


def read_122(text: str) -> TimeControl | None:
    """The 122 text, or None where it names no time (e.g. "moves/time, increment")."""
    if _TOO_LONG.search(text):
        return None
    lowered = (
        text.lower()
        .replace("\u2019", "'")
        .replace("\u2032", "'")
        .replace("\u2033", '"')
        .replace("\u201d", '"')
    )
    plain = _PLAIN.fullmatch(lowered)
    if plain:  # "90+30", "G/90": minutes, then seconds per move (Arbiter's own export)
        return TimeControl((Period(None, int(plain[1]) * 60, int(plain[2] or 0)),), "122")
    plain = _PLAIN_SECONDS.fullmatch(lowered)
    if plain:  # "30s+1": under a minute
        return TimeControl((Period(None, int(plain[1]), int(plain[2])),), "122")
    periods: list[Period] = []
    increment = 0
    for part in re.split(r"[+,;&]|\bthen\b|\bplus\b|\band\b", lowered):
        seconds = Decimal(0)
        rest = part
        for match in _HOURS_MINUTES.finditer(rest):
            seconds += int(match[1]) * 3600 + int(match[2]) * 60
        rest = _HOURS_MINUTES.sub(" ", rest)
        for match in _HOURS.finditer(rest):
            seconds += _amount(match[1]) * 3600
        rest = _HOURS.sub(" ", rest)
        for match in _MINUTES.finditer(rest):
            seconds += _amount(match[1]) * 60
        rest = _MINUTES.sub(" ", rest)
        moves_match = _MOVES.search(rest)
        moves = None
        if moves_match:
            moves = int(next(group for group in moves_match.groups() if group))
            rest = rest[: moves_match.start()] + " " + rest[moves_match.end() :]
        part_seconds = [_amount(m[1]) for m in _SECONDS.finditer(rest)]
        if seconds:
            periods.append(Period(moves or None, int(seconds), 0))
            if part_seconds:  # "90 min + 30 s" written in one part: an increment
                increment = max(increment, int(max(part_seconds)))
        elif part_seconds:
            increment = max(increment, int(max(part_seconds)))
    if not periods:
        return None
    if periods[-1].moves is not None and len(periods) == 1:
        # "40 moves in 90 min" alone: nothing for the rest of the game is known.
        periods.append(Period(None, 0, 0))
    return TimeControl(tuple(Period(p.moves, p.seconds, increment) for p in periods), "122")
