"""The tiebreak data model: games per round and players. Plain Python, no Django."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final

Score = int | float | Fraction | Decimal

GAME_KINDS: Final = frozenset(
    {
        "forfeit-loss",
        "forfeit-win",
        "full-bye",
        "half-bye",
        "pairing-bye",
        "zero-bye",
        "double-forfeit",
    }
)


@dataclass(frozen=True, slots=True)
class TiebreakGame:
    """One board (or one bye) of a round, as the tie-breaks see it.

    `result` is white's score. `kind` None means played over the board. A bye has
    `black == ""`. Between two players `forfeit-win` / `forfeit-loss` describe white's side;
    `double-forfeit` scores 0 for both.
    """

    white: str
    black: str
    result: Score
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Player:
    """`bonus`: points added to (negative: taken from) the player's own score, in halves of
    a point: TRF-2026 record 299's bonus and penalty points (docs/tiebreaks.md)."""

    id: str
    rating: int | None = None
    bonus: Score = 0
