"""The validator (used on engine answers and on hand-made pairings), rule by rule."""

from __future__ import annotations

import dataclasses

import pytest

from arbiter.pairing import (
    Board,
    InvalidPairing,
    PairingRequest,
    PairingRequestInvalid,
    validate_pairing,
)
from arbiter.pairing.validation import find_violations

from .helpers import fresh_players, request_from_rounds

FOUR = PairingRequest(players=fresh_players(4), round=1, total_rounds=3)


def _violations(request, boards, bye=None):
    return find_violations(request, [Board(*b) for b in boards], bye)


def test_a_correct_pairing_passes():
    validate_pairing(FOUR, [(1, 3), (4, 2)], None)
    assert _violations(FOUR, [(1, 3), (4, 2)]) == []


def test_every_present_player_exactly_once():
    assert _violations(FOUR, [(1, 3)]) == ["players [2, 4] are left unpaired"]
    assert "player 1 appears 2 times" in _violations(FOUR, [(1, 3), (1, 2), (4, 2)])
    assert "player 2 is paired with themselves" in _violations(FOUR, [(1, 3), (2, 2)])
    assert "9 is not a player" in _violations(FOUR, [(1, 3), (2, 9), (4, 0)])


def test_nobody_absent_is_paired():
    request = dataclasses.replace(FOUR, absent=frozenset({4}))
    assert "player 4 is not to be paired this round but is" in _violations(
        request, [(1, 3), (4, 2)]
    )
    assert _violations(request, [(1, 3)], bye=2) == []


def test_bye_only_in_an_odd_field_and_at_most_one():
    assert "pairing bye to 4 in an even field" in _violations(FOUR, [(1, 3)], bye=4)
    odd = dataclasses.replace(FOUR, absent=frozenset({4}))
    assert "odd field without a pairing bye" in _violations(odd, [(1, 3)])


@pytest.mark.parametrize("code", ["U", "+"])
def test_no_pairing_bye_after_a_pairing_bye_or_a_forfeit_win(code):
    if code == "U":
        rounds = [[(1, 2, "1"), (3, 4, "0"), (5, 0, "U")]]
    else:
        rounds = [[(1, 2, "1"), (5, 4, "+"), (3, 0, "Z")]]
    request = request_from_rounds(5, rounds, total_rounds=3)
    assert "player 5 already had a pairing bye or a forfeit win" in _violations(
        request, [(1, 3), (2, 4)], bye=5
    )


def test_a_half_point_bye_does_not_bar_the_pairing_bye():
    request = request_from_rounds(5, [[(1, 2, "1"), (3, 4, "0"), (5, 0, "H")]], total_rounds=3)
    assert _violations(request, [(4, 1), (2, 3)], bye=5) == []


def test_no_rematch_of_a_played_game_but_forfeits_may_meet_again():
    request = request_from_rounds(4, [[(1, 2, "="), (3, 4, "+")]], total_rounds=3)
    assert "2-1 already played each other" in _violations(request, [(2, 1), (4, 3)])
    assert "2-1 already played each other" in _violations(request, [(2, 1), (3, 4)])
    # 3-4 was a forfeit: not a game, so they may meet (and colours do not count).
    assert _violations(request, [(3, 1), (2, 4)]) == []
    assert _violations(request, [(2, 3), (4, 1)]) == []


def test_forbidden_pairs_are_absolute():
    request = dataclasses.replace(FOUR, forbidden_pairs=frozenset({(3, 1)}))
    assert "1-3 is a forbidden pair" in _violations(request, [(1, 3), (4, 2)])


def test_colour_difference_beyond_two_is_refused():
    # Player 1: white, white-bye-white would be three; build +2 then ask for white again.
    rounds = [
        [(1, 2, "1"), (3, 4, "1")],
        [(4, 1, "0"), (2, 3, "0")],  # 1 black: w b
        [(1, 3, "1"), (4, 2, "1")],  # 1 white: w b w  (+1)
        [(1, 4, "="), (3, 2, "=")],  # 1 white: w b w w  (+2)
    ]
    request = request_from_rounds(4, rounds, total_rounds=6)
    found = _violations(request, [(1, 2), (3, 4)])
    assert "player 1 would have colour difference +3" in found


def test_same_colour_three_times_running_is_refused_bye_or_not():
    # Player 1: white, black, (pairing bye), black: a third black is refused (byes have no
    # colour) although the colour difference would only be -2.
    rounds = [
        [(1, 2, "1"), (3, 4, "1"), (5, 0, "U")],
        [(3, 1, "1"), (5, 2, "1"), (4, 0, "U")],
        [(1, 0, "U"), (2, 4, "1"), (5, 3, "=")],
        [(4, 1, "0"), (2, 3, "1"), (5, 0, "Z")],
    ]
    request = request_from_rounds(5, rounds, total_rounds=6)
    found = _violations(request, [(5, 1), (2, 4)], bye=3)
    assert "player 1 would have black three times in a row" in found
    assert not any("player 1 would have colour difference" in v for v in found)
    assert not any("player 1 " in v for v in _violations(request, [(1, 5), (2, 4)], bye=3))


def test_topscorers_may_break_the_colour_limits_in_the_last_round_only():
    # 1 and 2 have white twice (2 points of 2: topscorers before the last round); 3 and 4
    # black twice; 5 and 6 have not played.
    rounds = [
        [(1, 3, "1"), (2, 4, "1"), (5, 0, "Z"), (6, 0, "Z")],
        [(1, 4, "1"), (2, 3, "1"), (5, 0, "Z"), (6, 0, "Z")],
    ]
    last = request_from_rounds(6, rounds, total_rounds=3)
    assert _violations(last, [(1, 2), (3, 5), (4, 6)]) == []  # topscorers meet: allowed
    not_last = request_from_rounds(6, rounds, total_rounds=5)
    assert "player 1 would have white three times in a row" in _violations(
        not_last, [(1, 2), (3, 5), (4, 6)]
    )
    # In the last round, a board without a topscorer is still held to the limits.
    assert "player 3 would have black three times in a row" in _violations(
        last, [(1, 2), (5, 3), (4, 6)]
    )


def test_validate_pairing_raises_with_every_violation():
    request = dataclasses.replace(FOUR, forbidden_pairs=frozenset({(1, 3)}))
    with pytest.raises(InvalidPairing) as caught:
        validate_pairing(request, [(1, 3), (2, 2)], None)
    assert caught.value.source == "manual"
    assert len(caught.value.violations) >= 3


def test_validate_pairing_checks_the_request_first():
    broken = request_from_rounds(4, [[(1, 2, "1"), (3, 4, "0")]], total_rounds=1)
    with pytest.raises(PairingRequestInvalid):
        validate_pairing(broken, [(1, 3), (2, 4)], None)
