"""Requests that cannot be paired are refused before any engine runs."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from arbiter.pairing import (
    PairingRequest,
    PairingRequestInvalid,
    PlayerEntry,
    RoundRecord,
    late_entry_history,
    pair_round,
)
from arbiter.pairing.request_checks import request_problems

from .helpers import fresh_players, request_from_rounds


def _with_history(histories: dict[int, tuple[RoundRecord, ...]], rnd: int = 2) -> PairingRequest:
    players = tuple(PlayerEntry(n, f"P{n}", 2000 - n, histories.get(n, ())) for n in range(1, 5))
    return PairingRequest(players=players, round=rnd, total_rounds=5)


def test_a_game_of_the_previous_round_without_result_stops_the_pairing():
    request = _with_history(
        {
            1: (RoundRecord(2, "w", " "),),
            2: (RoundRecord(1, "b", " "),),
            3: (RoundRecord(4, "w", "1"),),
            4: (RoundRecord(3, "b", "0"),),
        }
    )
    with pytest.raises(PairingRequestInvalid, match="against 2 has no result"):
        pair_round(request)


@pytest.mark.parametrize(
    ("histories", "message"),
    [
        ({1: (RoundRecord(2, "w", "Z"),)}, "'Z' cannot have an opponent"),
        ({1: (RoundRecord(2, "w", "1"),), 2: (RoundRecord(1, "b", "1"),)}, "do not match"),
        ({1: (RoundRecord(2, "w", "1"),), 2: (RoundRecord(1, "w", "0"),)}, "both players"),
        ({1: (RoundRecord(2, "w", "1"),), 2: (RoundRecord(3, "b", "0"),)}, "does not list"),
        ({1: (RoundRecord(9, "w", "1"),)}, "opponent 9 is not a player"),
        ({1: (RoundRecord(None, None, "1"),)}, "needs an opponent"),
        ({1: (RoundRecord(None, "w", "U"),)}, "colour without an opponent"),
    ],
)
def test_broken_histories_are_refused(histories, message):
    filled = {n: (RoundRecord(None, None, "Z"),) for n in range(1, 5)}
    filled.update(histories)
    problems = request_problems(_with_history(filled))
    assert any(message in p for p in problems), problems


def test_history_must_cover_every_finished_round():
    problems = request_problems(_with_history({}, rnd=2))
    assert "player 1 has 0 rounds of history, expected 1" in problems


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": 6}, "beyond the 5 rounds"),
        ({"initial_colour": "red"}, "not white or black"),
        ({"absent": frozenset({7})}, "absent players [7] are not players"),
        ({"forbidden_pairs": frozenset({(1, 1)})}, "not two different players"),
        ({"forbidden_pairs": frozenset({(1, 8)})}, "not two different players"),
        ({"absent": frozenset({1, 2, 3})}, "fewer than two players"),
        ({"virtual_points": {9: (Decimal(1),)}}, "who is not a player"),
        ({"virtual_points": {1: (Decimal(-1),)}}, "are not valid"),
    ],
)
def test_bad_request_fields_are_refused(change, message):
    request = dataclasses.replace(
        PairingRequest(players=fresh_players(4), round=1, total_rounds=5), **change
    )
    assert any(message in p for p in request_problems(request)), request_problems(request)


def test_pairing_numbers_must_be_one_to_n():
    players = (PlayerEntry(1, "A"), PlayerEntry(3, "B"))
    problems = request_problems(PairingRequest(players=players, round=1, total_rounds=3))
    assert problems == ["pairing numbers must be 1..N, each once"]


def test_a_player_entering_later_must_be_kept_out():
    players = (*fresh_players(3), PlayerEntry(4, "Late", 1500, (), entry_round=3))
    request = PairingRequest(players=players, round=1, total_rounds=5)
    assert request_problems(request) == ["player 4 enters in round 3"]
    assert request_problems(dataclasses.replace(request, absent=frozenset({4}))) == []


def test_late_entry_history_is_one_half_point_bye_then_zeros():
    assert late_entry_history(0) == ()
    assert [r.result for r in late_entry_history(3)] == ["H", "Z", "Z"]


def test_a_consistent_history_with_forfeits_and_byes_is_accepted():
    request = request_from_rounds(
        5, [[(1, 2, "+"), (3, 4, "="), (5, 0, "U")], [(2, 1, "-"), (5, 3, "1"), (4, 0, "H")]], 5
    )
    assert request_problems(request) == []
