"""A seeded Swiss-event simulator for the pairing tests: players, results, byes, forfeits."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from arbiter.pairing import Pairing, PairingRequest, PlayerEntry, RoundRecord


@dataclass
class SimPlayer:
    number: int
    rating: int
    entry_round: int = 1
    history: list[RoundRecord] = field(default_factory=list)


@dataclass
class Event:
    """Players numbered by rating; late joiners get their number up front (stable numbers)."""

    total_rounds: int
    players: list[SimPlayer]
    rng: random.Random
    forfeit_rate: float = 0.02
    absent_rate: float = 0.03

    @classmethod
    def create(
        cls,
        size: int,
        total_rounds: int,
        seed: int,
        *,
        late_joiners: int = 0,
        forfeit_rate: float = 0.02,
        absent_rate: float = 0.03,
    ) -> Event:
        rng = random.Random(seed)
        ratings = sorted((rng.randint(1000, 2700) for _ in range(size)), reverse=True)
        players = [SimPlayer(i + 1, r) for i, r in enumerate(ratings)]
        for player in rng.sample(players, late_joiners):
            player.entry_round = rng.randint(2, max(2, total_rounds // 2))
        return cls(total_rounds, players, rng, forfeit_rate, absent_rate)

    @property
    def round(self) -> int:
        return len(self.players[0].history) + 1

    def request(self, **options: object) -> PairingRequest:
        """The request for the next round; late joiners not yet in are absent."""
        rnd = self.round
        absent = {p.number for p in self.players if p.entry_round > rnd}
        absent |= {
            p.number
            for p in self.players
            if p.entry_round < rnd and self.rng.random() < self.absent_rate
        }
        entries = tuple(
            PlayerEntry(p.number, f"Player {p.number}", p.rating, tuple(p.history), p.entry_round)
            for p in self.players
        )
        kwargs: dict = {"absent": frozenset(absent), **options}
        return PairingRequest(players=entries, round=rnd, total_rounds=self.total_rounds, **kwargs)

    def play(self, request: PairingRequest, pairing: Pairing) -> None:
        """Record seeded results of `pairing`; kept-out players get H (late, first) or Z."""
        by_number = {p.number: p for p in self.players}
        done: set[int] = set()
        for board in pairing.boards:
            white, black = by_number[board.white], by_number[board.black]
            draw = self.rng.random()
            if draw < self.forfeit_rate:
                codes = ("+", "-") if self.rng.random() < 0.5 else ("-", "+")
            else:
                expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
                roll = self.rng.random()
                codes = (
                    ("1", "0")
                    if roll < expected * 0.8
                    else (("=", "=") if roll < expected * 0.8 + 0.2 else ("0", "1"))
                )
            white.history.append(RoundRecord(black.number, "w", codes[0]))
            black.history.append(RoundRecord(white.number, "b", codes[1]))
            done |= {white.number, black.number}
        if pairing.bye is not None:
            by_number[pairing.bye].history.append(RoundRecord(None, None, "U"))
            done.add(pairing.bye)
        rnd = request.round
        for player in self.players:
            if player.number in done:
                continue
            # A late joiner's first missed round is a half-point bye, the others zeros.
            late_first = player.entry_round > rnd and rnd == 1
            code = "H" if late_first or player.number in request.half_point_byes else "Z"
            player.history.append(RoundRecord(None, None, code))
