"""Compare our library with gacrux on one generated tournament (shared by the tests).

Codes compared value by value (both libraries support them): every code in VALUE_CODES and
FORE_CODES. DE is compared through the final ranks of several orders (gacrux reports DE as a
rank inside the tied group, we report the separate-standings score).

Known, deliberate differences, excluded from the comparison (docs/tiebreaks.md):
* PTP of a participant with a 100 % score: we follow C.07 10.3 as summarised in our spec
  (highest-rated opponent + 800); gacrux searches the rating table and stops at the first
  rating whose expected score is 1.00 (highest + 736). APPO is excluded when an opponent
  averaged has such a score.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from arbiter.tiebreaks import Game, Player, Standing, rank
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.trf.reader import read_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.generator import generate
from tests.tiebreaks.oracle import gacrux_run

VALUE_CODES: Final = [
    "PTS",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "PS",
    "PS/C1",
    "PS/C2",
    "REP",
    "STD",
    "TPN",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "AOB",
    "SB",
    "SB/C1",
    "SB/C2",
    "SB/M1",
    "SB/M2",
    "KS",
    "KS/L-1",
    "KS/L+2",
    "KS/L40",
    "ARO",
    "ARO/C1",
    "ARO/C2",
    "ARO/M1",
    "ARO/M2",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
]
# gacrux's FB rewrites the state its later BH/SB/AOB read in the same run, so FB runs alone.
FORE_CODES: Final = ["PTS", "FB", "FB/C1", "FB/C2", "FB/M1", "FB/M2"]
RANK_ORDERS: Final = (
    ("DE",),
    ("BH/C1", "DE", "SB"),
    ("WIN", "DE"),
    ("DE", "BH", "FB"),
    ("BH/C1", "BH", "SB", "PS", "ARO", "DE", "TPR"),
)


def perfect_scorers(rounds: list[list[Game]], players: list[Player]) -> set[str]:
    """Players who won every game they played over the board (PTP 100 % case)."""
    played: dict[str, list[Decimal]] = {}
    for games in rounds:
        for game in games:
            if game.kind is None and game.black:
                result = Decimal(game.result)
                played.setdefault(game.white, []).append(result)
                played.setdefault(game.black, []).append(1 - result)
    return {pid for pid, results in played.items() if results and all(r == 1 for r in results)}


def opponents(rounds: list[list[Game]]) -> dict[str, set[str]]:
    met: dict[str, set[str]] = {}
    for games in rounds:
        for game in games:
            if game.kind is None and game.black:
                met.setdefault(game.white, set()).add(game.black)
                met.setdefault(game.black, set()).add(game.white)
    return met


def compare(seed: int, regulations: str) -> tuple[list[str], int]:
    """Mismatches (as readable lines) and the number of excluded values."""
    event = generate(seed, regulations)
    text = write_trf(event.tournament)
    rounds, players = to_tiebreak_model(read_trf(text))
    perfect = perfect_scorers(rounds, players)
    met = opponents(rounds)
    mismatches: list[str] = []
    excluded = 0
    for codes in (VALUE_CODES, FORE_CODES):
        theirs = gacrux_run(text, list(codes))
        ours = _by_id(rank(rounds, players, codes[1:], regulations=regulations))
        direct = _by_id(rank(event.rounds, event.players, codes[1:], regulations=regulations))
        for number, (_, values) in theirs.items():
            standing = ours[str(number)]
            if standing != direct[str(number)]:
                mismatches.append(f"seed {seed}: TRF model differs from generated model")
            mine = [standing.points] + [standing.values[code] for code in codes[1:]]
            for code, their, our in zip(codes, values, mine, strict=True):
                if _excluded(code, str(number), perfect, met):
                    excluded += 1
                    continue
                if their is None and our == 0 and code.startswith("ARO/"):
                    continue  # cuts left no opponent: C.07 gives 0, gacrux no value
                if (None if their is None else Decimal(their)) != our:
                    mismatches.append(
                        f"{regulations} seed {seed} #{number} {code}: gacrux {their}, ours {our}"
                    )
    for order in RANK_ORDERS:
        theirs = gacrux_run(text, ["PTS", *order])
        ours = _by_id(rank(rounds, players, order, regulations=regulations))
        for number, (their_rank, _) in theirs.items():
            if their_rank != ours[str(number)].rank:
                mismatches.append(
                    f"{regulations} seed {seed} #{number} rank by {order}: "
                    f"gacrux {their_rank}, ours {ours[str(number)].rank}"
                )
    return mismatches, excluded


def _excluded(code: str, player: str, perfect: set[str], met: dict[str, set[str]]) -> bool:
    if code == "PTP":
        return player in perfect
    if code == "APPO":
        return bool(met.get(player, set()) & perfect)
    return False


def _by_id(standings: list[Standing]) -> dict[str, Standing]:
    return {standing.player_id: standing for standing in standings}
