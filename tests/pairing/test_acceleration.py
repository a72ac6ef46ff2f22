"""Baku acceleration (C.04.5.1): hand-computed virtual points, and engines pairing with them."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal

import pytest

from arbiter.pairing import Board, PairingRequest, PlayerEntry, RoundRecord, pair_round
from arbiter.pairing.acceleration import (
    baku_group_a,
    baku_round_points,
    records_250,
    virtual_points,
)
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.trf.writer import write_trf

from .helpers import fresh_players

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)


def test_nine_rounds_follow_the_fide_example():
    # FIDE: nine rounds -> five accelerated rounds; 1 point in rounds 1-3, 0.5 in rounds 4-5.
    assert baku_round_points(9) == (ONE, ONE, ONE, HALF, HALF, ZERO, ZERO, ZERO, ZERO)


@pytest.mark.parametrize(
    ("rounds", "expected"),
    [
        (5, (ONE, ONE, HALF, ZERO, ZERO)),  # 3 accelerated, ceil(3/2)=2 full
        (7, (ONE, ONE, HALF, HALF, ZERO, ZERO, ZERO)),  # 4 accelerated, 2 full
        (11, (ONE, ONE, ONE, HALF, HALF, HALF) + (ZERO,) * 5),  # 6 accelerated, 3 full
        (1, (ONE,)),
    ],
)
def test_round_points_by_length(rounds, expected):
    assert baku_round_points(rounds) == expected


@pytest.mark.parametrize(
    ("field", "group_a"),
    [(161, 82), (8, 4), (9, 6), (10, 6), (12, 6), (13, 8), (7, 4), (3, 2), (1, 1)],
)
def test_group_a_is_the_first_half_rounded_up_to_even(field, group_a):
    # FIDE's note: 161 players -> 82 (2 * ceil(161 / 4)).
    request = PairingRequest(players=fresh_players(field), round=1, total_rounds=9)
    assert baku_group_a(request) == tuple(range(1, group_a + 1))


def test_late_entry_above_the_last_ga_player_joins_group_a():
    # 10 players at round 1 -> GA = 1..6 (player "6" is the last GA player). A late joiner
    # rated between 3 and 4 takes number 4; the old 6 is now 7 and stays the last GA player.
    # Round 1 was played by all ten (1-6, 2-7, ... drawn): they are the list GA was cut from.
    def new(number: int) -> int:
        return number if number <= 3 else number + 1

    renumbered = []
    for n in range(1, 11):
        opponent = n + 5 if n <= 5 else n - 5
        record = RoundRecord(new(opponent), "w" if n <= 5 else "b", "=")
        renumbered.append(PlayerEntry(new(n), f"P{n}", 2600 - 10 * n, (record,), 1))
    late = PlayerEntry(4, "Late", 2565, (), entry_round=2)
    request = PairingRequest(
        players=tuple(sorted([*renumbered, late], key=lambda p: p.number)),
        round=2,
        total_rounds=9,
    )
    assert baku_group_a(request) == (1, 2, 3, 4, 5, 6, 7)  # GA now odd, as FIDE allows


def test_virtual_points_only_for_group_a_and_off_by_default():
    request = PairingRequest(players=fresh_players(10), round=1, total_rounds=9)
    assert virtual_points(request) == {}
    accelerated = PairingRequest(
        players=fresh_players(10), round=1, total_rounds=9, acceleration=True
    )
    table = virtual_points(accelerated)
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    assert table[1] == (ONE, ONE, ONE, HALF, HALF)  # trailing zero rounds are not written


def test_explicit_virtual_points_win_over_baku():
    request = PairingRequest(
        players=fresh_players(4),
        round=1,
        total_rounds=3,
        acceleration=True,
        virtual_points={3: (HALF, ZERO, ZERO)},
    )
    assert virtual_points(request) == {3: (HALF,)}


def test_acceleration_reaches_the_protocol_engines_as_xxa_records():
    request = PairingRequest(players=fresh_players(8), round=1, total_rounds=5, acceleration=True)
    text = write_trf(Py4swissEngine().build_tournament(request))
    xxa = [line for line in text.splitlines() if line.startswith("XXA")]
    assert xxa == [
        "XXA    1  1.0  1.0  0.5",
        "XXA    2  1.0  1.0  0.5",
        "XXA    3  1.0  1.0  0.5",
        "XXA    4  1.0  1.0  0.5",
    ]
    # The points column stays the real score: the engines add the virtual points.
    assert all(" 0.0 " in line for line in text.splitlines() if line.startswith("001"))


@pytest.mark.parametrize("engine", ["gacrux", "py4swiss"])
def test_accelerated_round_one_pairs_group_a_among_itself(engine):
    # 16 players, GA = 1..8 with 1 virtual point: two separate score groups in round 1,
    # so 1-5, 6-2, 3-7, 8-4 and 9-13, 14-10, 11-15, 16-12 (colours by the initial colour).
    request = PairingRequest(players=fresh_players(16), round=1, total_rounds=9, acceleration=True)
    pairing = pair_round(request, engine=engine)
    pairs = {frozenset((b.white, b.black)) for b in pairing.boards}
    assert pairs == {
        frozenset(p)
        for p in [(1, 5), (2, 6), (3, 7), (4, 8), (9, 13), (10, 14), (11, 15), (12, 16)]
    }
    plain = pair_round(
        PairingRequest(players=fresh_players(16), round=1, total_rounds=9), engine=engine
    )
    assert frozenset((1, 9)) in {frozenset((b.white, b.black)) for b in plain.boards}


def test_acceleration_reaches_gacrux_as_250_records():
    request = PairingRequest(players=fresh_players(8), round=1, total_rounds=5, acceleration=True)
    text = write_trf(GacruxEngine().build_tournament(request))
    assert "XXA" not in text
    assert [line for line in text.splitlines() if line.startswith("250")] == [
        "250       1.0   1   2    1    4",
        "250       0.5   3   3    1    4",
    ]


def test_gacrux_ignores_xxa_which_is_why_it_gets_250(tmp_path):
    request = PairingRequest(players=fresh_players(8), round=1, total_rounds=5, acceleration=True)
    trf = tmp_path / "xxa.trf"
    trf.write_text(write_trf(Py4swissEngine().build_tournament(request)))
    run = subprocess.run(
        [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(trf), "-p", "-dT", "-t", "w"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.split()[1:3] == ["1", "5"]  # 1-5: the unaccelerated top board
    accelerated = pair_round(request, engine="gacrux")
    assert accelerated.boards[0] == Board(1, 3)  # GA = 1..4 paired among itself


def test_records_250_group_consecutive_players_and_rounds():
    table = {1: (ONE, ONE, HALF), 2: (ONE, ONE, HALF), 4: (ONE, ONE, HALF), 5: (HALF,)}
    assert records_250(table) == [
        ("", "1.0", "1", "2", "1", "2"),
        ("", "0.5", "3", "3", "1", "2"),
        ("", "1.0", "1", "2", "4", "4"),
        ("", "0.5", "3", "3", "4", "4"),
        ("", "0.5", "1", "1", "5", "5"),
    ]


def test_py4swiss_gets_the_same_xxa_records():
    request = PairingRequest(players=fresh_players(6), round=1, total_rounds=4, acceleration=True)
    text = write_trf(Py4swissEngine().build_tournament(request))
    assert "XXA    4  1.0  0.5" in text and "XXA    5" not in text
