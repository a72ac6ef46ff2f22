"""How a board's stored result reads for each side: TRF codes, points and tiebreak games.

Plain functions over the stored values, shared by standings, pairing and the TRF export.
"""

from decimal import Decimal
from typing import Final

from arbiter.tiebreaks import TiebreakGame

# result -> (white's TRF code, black's TRF code)
TRF_CODES: Final[dict[str, tuple[str, str]]] = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "": (" ", " "),
}
CODE_POINTS: Final[dict[str, Decimal]] = {
    "1": Decimal(1),
    "0": Decimal(0),
    "=": Decimal("0.5"),
    "+": Decimal(1),
    "-": Decimal(0),
    "U": Decimal(1),
    "F": Decimal(1),
    "H": Decimal("0.5"),
    "Z": Decimal(0),
    " ": Decimal(0),
}
BYE_KINDS: Final[dict[str, tuple[str, Decimal]]] = {
    "U": ("pairing-bye", Decimal(1)),
    "F": ("full-bye", Decimal(1)),  # imported from a TRF (an arbiter's decision there)
    "H": ("half-bye", Decimal("0.5")),
    "Z": ("zero-bye", Decimal(0)),
}
_GAMES: Final[dict[str, tuple[Decimal, str | None]]] = {
    "1-0": (Decimal(1), None),
    "0-1": (Decimal(0), None),
    "1/2-1/2": (Decimal("0.5"), None),
    "+-": (Decimal(1), "forfeit-win"),
    "-+": (Decimal(0), "forfeit-loss"),
    "--": (Decimal(0), "double-forfeit"),
}

# A result played over the board -> white's score (a rated game; forfeits are not).
PLAYED_SCORES: Final[dict[str, float]] = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def board_game(white: str, black: str, result: str) -> TiebreakGame | None:
    """The tiebreak Game for a board, or None while it has no result."""
    if result not in _GAMES:
        return None
    score, kind = _GAMES[result]
    return TiebreakGame(white, black, score, kind)


def bye_game(player: str, kind: str) -> TiebreakGame:
    game_kind, score = BYE_KINDS[kind]
    return TiebreakGame(player, "", score, game_kind)
