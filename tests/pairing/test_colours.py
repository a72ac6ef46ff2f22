"""Colours of boards without history by C.04.3 (issue 13, defect 14), also with absent top
seeds: the pairing number decides, never a renumbering of the players present."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arbiter.pairing import Board, PairingRequest, RoundRecord, pair_round
from arbiter.pairing.colours import apply_initial_colour
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.trf.writer import write_trf

from .helpers import fresh_players, request_from_rounds

ENGINES = ["gacrux", "py4swiss"]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("initial", "expected"),
    [
        ("white", (Board(1, 5), Board(6, 2), Board(3, 7), Board(8, 4))),
        ("black", (Board(5, 1), Board(2, 6), Board(7, 3), Board(4, 8))),
    ],
)
def test_full_field_alternates_from_the_initial_colour(engine, initial, expected):
    request = PairingRequest(
        players=fresh_players(8), round=1, total_rounds=5, initial_colour=initial
    )
    assert pair_round(request, engine=engine).boards == expected


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("initial", "expected"),
    [
        # Present: 2 4 5 6 7 8. Pairing numbers stay as ranked (C.04.3 A.2): 2 (even) gets
        # the other colour, 4 (even) the other, 5 (odd) the initial one.
        ("white", (Board(6, 2), Board(7, 4), Board(5, 8))),
        ("black", (Board(2, 6), Board(4, 7), Board(8, 5))),
    ],
)
def test_absent_top_seeds_do_not_shift_the_pairing_numbers(engine, initial, expected):
    request = PairingRequest(
        players=fresh_players(8),
        round=1,
        total_rounds=5,
        initial_colour=initial,
        absent=frozenset({1, 3}),
    )
    assert pair_round(request, engine=engine).boards == expected


def test_gacrux_with_zero_blocks_in_the_round_gets_round_one_wrong(tmp_path):
    # Why the gacrux adapter passes absent players with -u: with `0000 - Z` blocks in the
    # round being paired gacrux takes its initial colour from them and ignores -t.
    request = PairingRequest(
        players=fresh_players(8), round=1, total_rounds=5, absent=frozenset({1, 3})
    )
    trf = tmp_path / "z.trf"
    trf.write_text(write_trf(Py4swissEngine().build_tournament(request)))
    assert "0000 - Z" in trf.read_text()
    run = subprocess.run(
        [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(trf), "-p", "-dT", "-t", "w"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert run.stdout.split()[1:3] == ["6", "2"]  # player 2 black, by the rule, but by luck
    assert pair_round(request, engine="gacrux").boards[0] == Board(6, 2)


def test_only_boards_without_any_colour_history_are_recoloured():
    # Round 2: 1-2 played (1 white); 3 and 4 had byes. Board 3-4 has no history at all.
    request = request_from_rounds(
        5, [[(1, 2, "1"), (3, 0, "H"), (4, 0, "Z"), (5, 0, "U")]], total_rounds=4
    )
    boards = (Board(2, 5), Board(4, 3), Board(1, 3))
    adjusted = apply_initial_colour(request, boards)
    # 3 (0.5 points) ranks above 4 (0); pairing number 3 is odd -> white.
    assert adjusted == (Board(2, 5), Board(3, 4), Board(1, 3))


def test_higher_score_decides_who_is_higher_ranked():
    request = request_from_rounds(
        4, [[(1, 0, "Z"), (2, 0, "Z"), (3, 0, "H"), (4, 0, "F")]], total_rounds=3
    )
    # 4 (1 point) outranks 3 (0.5); pairing number 4 is even -> black.
    assert apply_initial_colour(request, (Board(4, 3), Board(1, 2))) == (
        Board(3, 4),
        Board(1, 2),
    )
    assert request.players[3].history == (RoundRecord(None, None, "F"),)
