"""Convert a `Tournament` (TRF data) into the tiebreak model's rounds of games and players.

Mapping (docs/trf.md has the full table):

* with an opponent: ``1 0 =`` and ``W D L`` are played games (kind None, result 1 / ½ / 0
  for white); ``+``/``-`` is a forfeit (white's side: "forfeit-win" 1 or "forfeit-loss" 0);
  ``-``/``-`` is a "double-forfeit" (0); a game with no result yet (blank) is left out;
* without an opponent: ``U`` "pairing-bye" (1), ``F`` "full-bye" (1), ``H`` "half-bye" (½),
  ``Z`` and ``-`` "zero-bye" (0), ``+`` "full-bye" (1; gacrux reads it as an unplayed win
  without opponent, exactly like ``F``), blank: no game at all (the player is absent).

White is the side with colour ``w``; a pairing without colours (a forfeit written ``-``)
puts the lower start number as white. Results are nominal (1, ½, 0 as `Decimal`), whatever
XXS says; points under another scoring system come from `arbiter.trf.points`. The bonus and
penalty points of record 299 (rounds up to the last one played, not round 999) are each
player's `bonus`, as gacrux applies them.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from arbiter.tiebreaks.codes import parse_code
from arbiter.tiebreaks.model import Player, TiebreakGame
from arbiter.trf import facts
from arbiter.trf.model import RoundEntry, Tournament

ONE: Final = Decimal(1)
HALF: Final = Decimal("0.5")
ZERO: Final = Decimal(0)

# Code of white's side -> white's score (played games).
_PLAYED: Final = {"1": ONE, "W": ONE, "=": HALF, "D": HALF, "0": ZERO, "L": ZERO}
_MIRROR: Final = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D"}
# Unpaired code -> (kind, score).
_UNPAIRED: Final = {
    "U": ("pairing-bye", ONE),
    "F": ("full-bye", ONE),
    "H": ("half-bye", HALF),
    "Z": ("zero-bye", ZERO),
    "-": ("zero-bye", ZERO),
    "+": ("full-bye", ONE),
}


def _pair_game(
    white: int, white_entry: RoundEntry, black: int, black_entry: RoundEntry
) -> TiebreakGame | None:
    code, other = white_entry.result, black_entry.result
    if code == " " and other == " ":
        return None  # paired, not played yet
    if code in _PLAYED and _MIRROR[code] == other:
        return TiebreakGame(white=str(white), black=str(black), result=_PLAYED[code])
    if (code, other) == ("+", "-"):
        return TiebreakGame(white=str(white), black=str(black), result=ONE, kind="forfeit-win")
    if (code, other) == ("-", "+"):
        return TiebreakGame(white=str(white), black=str(black), result=ZERO, kind="forfeit-loss")
    if (code, other) == ("-", "-"):
        return TiebreakGame(white=str(white), black=str(black), result=ZERO, kind="double-forfeit")
    raise ValueError(f"players {white} and {black}: results {code!r} / {other!r} do not fit")


def to_tiebreak_model(t: Tournament) -> tuple[list[list[TiebreakGame]], list[Player]]:
    """`rounds[n]` = the games of round n+1 (each board once, byes included); the players.

    Players are ``Player(id=str(start_number), rating=...)`` in start-number order; a rating
    of 0 or blank becomes None (unrated, as gacrux reads it). Raises ValueError when the two
    sides of a board disagree (a file read by `read_trf` never does).
    """
    by_number = {p.start_number: p for p in t.players}
    ordered = sorted(t.players, key=lambda p: p.start_number)
    rounds: list[list[TiebreakGame]] = []
    for index in range(t.rounds_played):
        games: list[TiebreakGame] = []
        for player in ordered:
            if index >= len(player.rounds):
                continue
            entry = player.rounds[index]
            number = player.start_number
            if entry.opponent is None:
                if entry.result in _UNPAIRED:
                    kind, score = _UNPAIRED[entry.result]
                    games.append(TiebreakGame(white=str(number), black="", result=score, kind=kind))
                continue
            opponent = by_number.get(entry.opponent)
            if opponent is None or index >= len(opponent.rounds):
                raise ValueError(
                    f"round {index + 1}: opponent {entry.opponent} of {number} has no entry"
                )
            mirror = opponent.rounds[index]
            if mirror.opponent != number:
                raise ValueError(
                    f"round {index + 1}: {number} and {entry.opponent} disagree on the pairing"
                )
            if entry.colour == "w" or (entry.colour == "-" and number < entry.opponent):
                game = _pair_game(number, entry, entry.opponent, mirror)
                if game is not None:
                    games.append(game)
        rounds.append(games)
    bonus = facts.bonus_points(t, up_to_round=t.rounds_played)
    players = [
        Player(
            id=str(p.start_number),
            rating=p.rating or None,
            bonus=bonus.get(p.start_number, ZERO),
        )
        for p in ordered
    ]
    return rounds, players


def declared_order(t: Tournament) -> tuple[list[str], list[str]]:
    """The file's tie-breaks (202, else 212 without PTS) that an individual event computes, and
    one warning for each left out (a team tie-break such as ``BH:MP/C1/P`` or ``MPvGP``, or a
    code we do not know)."""
    usable: list[str] = []
    warnings: list[str] = []
    for code in facts.tiebreaks(t):
        try:
            if ":" in code:
                raise ValueError("a team tie-break (its point type after ':')")
            parse_code(code)
        except ValueError as error:
            warnings.append(
                f"tie-break {code} of record 202/212 is not applicable to an individual event "
                f"({' '.join(str(error).split())}); left out of the order"
            )
            continue
        usable.append(code)
    return usable, warnings
