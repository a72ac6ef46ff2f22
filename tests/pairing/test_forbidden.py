"""Forbidden pairs are absolute: avoided by every engine, and neutral for everything else."""

from __future__ import annotations

import dataclasses

import pytest

from arbiter.pairing import PairingRequest, pair_round
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.pairing.history import all_facts
from arbiter.trf.writer import write_trf

from .events import Event
from .helpers import fresh_players

ENGINES = ["gacrux", "py4swiss"]


def _pairs(pairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pairing.boards}


@pytest.mark.parametrize("engine", ENGINES)
def test_round_one_top_board_is_avoided_when_forbidden(engine):
    plain = PairingRequest(players=fresh_players(8), round=1, total_rounds=5)
    assert frozenset((1, 5)) in _pairs(pair_round(plain, engine=engine))
    forbidden = dataclasses.replace(plain, forbidden_pairs=frozenset({(5, 1)}))
    pairing = pair_round(forbidden, engine=engine)
    assert frozenset((1, 5)) not in _pairs(pairing)
    assert len(pairing.boards) == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_a_later_round_pair_the_engine_chose_is_avoided(engine):
    event = Event.create(20, 5, seed=11, absent_rate=0.0, forfeit_rate=0.0)
    for _ in range(2):
        request = event.request()
        event.play(request, pair_round(request, engine=engine))
    request = event.request()
    chosen = pair_round(request, engine=engine).boards[0]
    forbidden = dataclasses.replace(
        request, forbidden_pairs=frozenset({(chosen.white, chosen.black)})
    )
    assert frozenset((chosen.white, chosen.black)) not in _pairs(
        pair_round(forbidden, engine=engine)
    )


def test_gacrux_gets_record_260_and_the_others_xxp():
    request = PairingRequest(
        players=fresh_players(6), round=1, total_rounds=5, forbidden_pairs=frozenset({(4, 2)})
    )
    gacrux_text = write_trf(GacruxEngine().build_tournament(request))
    assert "260   1   1    2    4" in gacrux_text.splitlines()
    assert "XXP" not in gacrux_text
    assert "XXP 2 4" in write_trf(Py4swissEngine().build_tournament(request)).splitlines()


def test_record_260_changes_nothing_but_the_forbidden_pair_for_gacrux():
    # Through a whole event: each round a pair the engine does not choose (and that has not
    # played), from the same score group where possible, is forbidden; boards, colours and
    # the bye must come out identical, so the 260 record touches no colour, float or score:
    # it acts only like "already played".
    event = Event.create(24, 6, seed=5, late_joiners=2)
    compared = 0
    for _ in range(6):
        request = event.request()
        plain = pair_round(request, engine="gacrux")
        chosen = _pairs(plain)
        facts = all_facts(request)
        candidates = [
            (a, b)
            for a in request.present
            for b in request.present
            if a < b and frozenset((a, b)) not in chosen and b not in facts[a].played_opponents
        ]
        candidate = min(candidates, key=lambda p: abs(facts[p[0]].points - facts[p[1]].points))
        with_forbidden = pair_round(
            dataclasses.replace(request, forbidden_pairs=frozenset({candidate})), engine="gacrux"
        )
        assert (with_forbidden.boards, with_forbidden.bye) == (plain.boards, plain.bye)
        assert "260 " in with_forbidden.trf and "260 " not in plain.trf
        compared += 1
        event.play(request, plain)
    assert compared == 6
