"""How a board's stored result reads for each side, and back: TRF codes, points and
tiebreak games. The one table of them, shared by standings, pairing, the TRF export and
import."""

from decimal import Decimal
from typing import Final

from arbiter.tiebreaks import TiebreakGame
from arbiter.tournaments.models import EntryKind, GameResult

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

# White's TRF code -> the board's result: the inverse of TRF_CODES, with TRF-2026's letters
# W, D, L for 1, =, 0. White's "-" needs black's code too (`board_result`).
_RESULT_OF_WHITE: Final[dict[str, str]] = {
    white: result for result, (white, _) in TRF_CODES.items() if white != "-"
} | {"W": GameResult.WHITE_WINS, "D": GameResult.DRAW, "L": GameResult.BLACK_WINS}

# A TRF round entry without an opponent -> its bye. `+` alone is a full-point bye and `-` alone
# an absence (as FIDE's checker reads them); a blank block is a round not played: zero points.
BYE_OF_CODE: Final[dict[str, str]] = {
    "U": EntryKind.PAIRING_BYE,
    "F": EntryKind.FULL_BYE,
    "+": EntryKind.FULL_BYE,
    "H": EntryKind.HALF_BYE,
    "Z": EntryKind.ZERO_BYE,
    "-": EntryKind.ZERO_BYE,
    " ": EntryKind.ZERO_BYE,
}

# A result played over the board -> white's score (a rated game; forfeits are not).
PLAYED_SCORES: Final[dict[str, float]] = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def board_game(white: str, black: str, result: str) -> TiebreakGame | None:
    """The TiebreakGame for a board, or None while it has no result."""
    if result not in _GAMES:
        return None
    score, kind = _GAMES[result]
    return TiebreakGame(white, black, score, kind)


def bye_game(player: str, kind: str) -> TiebreakGame:
    game_kind, score = BYE_KINDS[kind]
    return TiebreakGame(player, "", score, game_kind)


def board_result(white_code: str, black_code: str) -> str:
    """The stored result of a board from its sides' TRF codes (the reader has checked that
    they mirror each other)."""
    if white_code == "-":
        return GameResult.DOUBLE_FORFEIT if black_code == "-" else GameResult.BLACK_WINS_FORFEIT
    return _RESULT_OF_WHITE[white_code]
