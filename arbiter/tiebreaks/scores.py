"""Normalise games into per-player, per-round entries, scored in half-points.

Every tie-break is computed from this one structure, built once per call: integer half-points
keep all sums exact and fast (results are 0, 1/2 or 1, so no other unit is needed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Final

from arbiter.tiebreaks.model import GAME_KINDS, Player, Score, TiebreakGame

# Entry kinds, from the participant's side.
OTB: Final = 0  # played over the board
FORFEIT_WIN: Final = 1
FORFEIT_LOSS: Final = 2  # also each side of a double forfeit
PAB: Final = 3  # pairing-allocated bye
FULL_BYE: Final = 4
HALF_BYE: Final = 5
ZERO_BYE: Final = 6  # requested zero bye, or absent (no game in the round)

# Voluntary unplayed rounds (C.07 16.1.2): requested byes and forfeit losses.
VUR_KINDS: Final = frozenset({FORFEIT_LOSS, HALF_BYE, ZERO_BYE})
REQUESTED_BYES: Final = frozenset({HALF_BYE, ZERO_BYE})
DRAW: Final = 1  # half-points

SYSTEMS: Final = frozenset({"swiss", "round-robin"})
REGULATIONS: Final = frozenset({"2023", "2026"})

_BYE_KINDS: Final = {
    "pairing-bye": PAB,
    "full-bye": FULL_BYE,
    "half-bye": HALF_BYE,
    "zero-bye": ZERO_BYE,
}


# Equal numbers hash alike across int, float, Fraction and Decimal: one lookup for them all.
_HALF_POINTS: Final[dict[Score, int]] = {0: 0, 0.5: 1, 1: 2}


def half_points(result: Score) -> int:
    """0, 0.5, 1 (any numeric type) -> 0, 1, 2; anything else is refused."""
    if not isinstance(result, bool):
        try:
            return _HALF_POINTS[result]
        except (KeyError, TypeError):
            pass
    value = Fraction(str(result)) if isinstance(result, float) else Fraction(result)
    doubled = value * 2
    if doubled not in (0, 1, 2):
        raise ValueError(f"result must be 0, 0.5 or 1, not {result!r}")
    return int(doubled)


@cache  # called for every player and tie-break; Decimals are immutable, so one per value
def decimal_half(value: int) -> Decimal:
    return Decimal(value) / 2


def decimal_quarter(value: int) -> Decimal:
    return Decimal(value) / 4


@dataclass(slots=True)
class Event:
    """All players' rounds. Lists are indexed [player][round]; `opp` is -1 without opponent."""

    ids: list[str]
    index: dict[str, int]
    ratings: list[int | None]
    numbers: list[int]
    rounds: int
    swiss: bool
    rules_2026: bool
    kind: list[list[int]]
    opp: list[list[int]]
    pts: list[list[int]]
    black: list[list[bool]]
    total: list[int] = field(default_factory=list)
    # The points of the standings (PTS): `total` plus TRF 299 bonus / penalty points. The
    # tie-breaks read `total` (gacrux leaves bonus points out of every opponent's score).
    standing: list[int] = field(default_factory=list)
    cache: dict[str, object] = field(default_factory=dict)

    def paired(self, p: int, r: int) -> bool:
        """Played over the board, or forfeited against a named opponent."""
        return self.opp[p][r] >= 0

    def counts_as_game(self, p: int, r: int) -> bool:
        """Round-robin rule 15.2: a forfeit counts like a game; in Swiss only OTB games do."""
        if self.kind[p][r] == OTB:
            return True
        return not self.swiss and self.opp[p][r] >= 0


def prepare(
    rounds: Sequence[Sequence[TiebreakGame]],
    players: Sequence[Player],
    *,
    regulations: str = "2026",
    system: str = "swiss",
) -> Event:
    """Build the Event; players named only in games are added (unrated)."""
    if regulations not in REGULATIONS:
        raise ValueError(f"regulations must be '2023' or '2026', not {regulations!r}")
    if system not in SYSTEMS:
        raise ValueError(f"system must be 'swiss' or 'round-robin', not {system!r}")
    ids: list[str] = []
    index: dict[str, int] = {}
    ratings: list[int | None] = []
    bonus: dict[str, int] = {}
    for player in players:
        if player.bonus:
            bonus[player.id] = _bonus_halves(player)
        if player.id in index or not player.id:
            raise ValueError(f"duplicate or empty player id {player.id!r}")
        index[player.id] = len(ids)
        ids.append(player.id)
        ratings.append(player.rating)
    for games in rounds:
        for game in games:
            for pid in (game.white, game.black):
                if pid and pid not in index:
                    index[pid] = len(ids)
                    ids.append(pid)
                    ratings.append(None)
    n, total_rounds = len(ids), len(rounds)
    kind = [[ZERO_BYE] * total_rounds for _ in range(n)]
    opp = [[-1] * total_rounds for _ in range(n)]
    pts = [[0] * total_rounds for _ in range(n)]
    black = [[False] * total_rounds for _ in range(n)]
    for r, games in enumerate(rounds):
        seen: set[int] = set()
        for game in games:
            _place(game, r, index, seen, kind, opp, pts, black)
    event = Event(
        ids=ids,
        index=index,
        ratings=ratings,
        numbers=_pairing_numbers(ids),
        rounds=total_rounds,
        swiss=system == "swiss",
        rules_2026=regulations == "2026",
        kind=kind,
        opp=opp,
        pts=pts,
        black=black,
    )
    event.total = [sum(row) for row in pts]
    event.standing = [
        total + bonus.get(pid, 0) for pid, total in zip(ids, event.total, strict=True)
    ]
    return event


def _bonus_halves(player: Player) -> int:
    halves = Fraction(str(player.bonus)) * 2
    if halves.denominator != 1:
        raise ValueError(f"player {player.id!r}: bonus {player.bonus} is not a multiple of 0.5")
    return int(halves)


def _place(
    game: TiebreakGame,
    r: int,
    index: dict[str, int],
    seen: set[int],
    kind: list[list[int]],
    opp: list[list[int]],
    pts: list[list[int]],
    black: list[list[bool]],
) -> None:
    if game.kind is not None and game.kind not in GAME_KINDS:
        raise ValueError(f"unknown game kind {game.kind!r}")
    w = index[game.white] if game.white else -1
    if w < 0:
        raise ValueError(f"round {r + 1}: a game without a white player")
    b = index[game.black] if game.black else -1
    for p in (w, b):
        if p >= 0:
            if p in seen:
                name = game.white if p == w else game.black
                raise ValueError(f"round {r + 1}: player {name!r} twice")
            seen.add(p)
    score = half_points(game.result)
    if b < 0:
        if game.kind in _BYE_KINDS:
            kind[w][r], pts[w][r] = _BYE_KINDS[game.kind], score
        elif game.kind == "forfeit-win":  # unplayed win with no opponent named
            kind[w][r], pts[w][r] = FORFEIT_WIN, 2
        elif game.kind in ("forfeit-loss", "double-forfeit"):
            kind[w][r], pts[w][r] = FORFEIT_LOSS, 0
        else:
            raise ValueError(f"round {r + 1}: a bye for {game.white!r} needs a bye kind")
        return
    if game.kind in _BYE_KINDS:
        raise ValueError(f"round {r + 1}: a bye kind on a game between two players")
    opp[w][r], opp[b][r] = b, w
    black[b][r] = True
    if game.kind is None:
        kind[w][r] = kind[b][r] = OTB
        pts[w][r], pts[b][r] = score, 2 - score
    elif game.kind == "forfeit-win":
        kind[w][r], kind[b][r] = FORFEIT_WIN, FORFEIT_LOSS
        pts[w][r], pts[b][r] = 2, 0
    elif game.kind == "forfeit-loss":
        kind[w][r], kind[b][r] = FORFEIT_LOSS, FORFEIT_WIN
        pts[w][r], pts[b][r] = 0, 2
    else:  # double forfeit: a forfeit loss for both
        kind[w][r] = kind[b][r] = FORFEIT_LOSS
        pts[w][r] = pts[b][r] = 0


def _pairing_numbers(ids: list[str]) -> list[int]:
    """TPN: the numeric id when every id is a number (TRF start numbers), else list order."""
    if all(pid.isdigit() for pid in ids):
        return [int(pid) for pid in ids]
    return list(range(1, len(ids) + 1))
