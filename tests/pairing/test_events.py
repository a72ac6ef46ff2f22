"""Whole events paired round by round by the real engines, the validator passing every round.

gacrux and py4swiss both pair a 301-player, 11-round event with late joiners, absences,
forfeits and byes (seeded results), and a 40-player, 9-round accelerated event.
"""

from __future__ import annotations

import dataclasses

import pytest

from arbiter.pairing import pair_round, validate_pairing
from arbiter.pairing.acceleration import baku_group_a

from .events import Event

ENGINES = ["gacrux", "py4swiss"]


def _run(event: Event, engine: str, rounds: int, **options: object) -> dict[str, int]:
    seen = {"byes": 0, "absent_rounds": 0, "late_paired": 0, "forfeits": 0}
    for _ in range(rounds):
        request = event.request(**options)
        pairing = pair_round(request, engine=engine)
        validate_pairing(request, pairing.boards, pairing.bye)  # also as a manual pairing
        paired = {n for b in pairing.boards for n in (b.white, b.black)}
        assert (pairing.bye is not None) == (len(request.present) % 2 == 1)
        assert paired.isdisjoint(request.unpaired)
        seen["byes"] += pairing.bye is not None
        seen["absent_rounds"] += len(request.absent)
        seen["late_paired"] += sum(
            1 for p in request.players if p.entry_round > 1 and p.number in paired
        )
        event.play(request, pairing)
    seen["forfeits"] = sum(
        1 for p in event.players for r in p.history if r.opponent and r.result == "+"
    )
    return seen


@pytest.mark.parametrize("engine", ENGINES)
def test_a_301_player_11_round_event(engine):
    event = Event.create(301, 11, seed=2026, late_joiners=12)
    seen = _run(event, engine, 11)
    assert seen["byes"] >= 3 and seen["absent_rounds"] > 50
    assert seen["late_paired"] > 0 and seen["forfeits"] > 0
    # Nobody got the pairing bye twice, and late joiners have their H then Z rounds.
    for player in event.players:
        assert sum(r.result == "U" for r in player.history) <= 1
        if player.entry_round > 1:
            assert player.history[0].result == "H"


@pytest.mark.parametrize("engine", ENGINES)
def test_an_accelerated_event(engine):
    event = Event.create(40, 9, seed=77, late_joiners=2)
    first = event.request(acceleration=True)
    round_one = pair_round(first, engine=engine)
    # GA = 2 * ceil(38 / 4) = 20 of the players entered for round 1 (plus any late joiner
    # numbered above the last of them, absent now), 1 virtual point each: they meet each other.
    group_a = set(baku_group_a(first))
    entered = {p.number for p in first.players if p.entry_round == 1}
    assert len(group_a & entered) == 20 and group_a & set(first.present) <= entered
    for board in round_one.boards:
        assert ({board.white, board.black} <= group_a) or not ({board.white, board.black} & group_a)
    event.play(first, round_one)
    _run(event, engine, 8, acceleration=True)


@pytest.mark.parametrize("engine", ENGINES)
def test_half_point_byes_and_absent_players_sit_out(engine):
    event = Event.create(9, 5, seed=3, absent_rate=0.0)
    first = event.request()
    first_pairing = pair_round(first, engine=engine)
    event.play(first, first_pairing)
    request = dataclasses.replace(
        event.request(), absent=frozenset({2}), half_point_byes=frozenset({5})
    )
    pairing = pair_round(request, engine=engine)
    paired = {n for b in pairing.boards for n in (b.white, b.black)} | {pairing.bye}
    assert paired == set(range(1, 10)) - {2, 5}
    assert pairing.bye not in (None, first_pairing.bye)  # 7 to pair; no second bye
