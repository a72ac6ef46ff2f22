"""Colours of boards without colour history: our path gives what FIDE's tools give.

Every expectation here is an answer of gacrux run natively on the same request (its command
line, as an arbiter would run it), never a colour written from our reading of the rules.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.pairing import Board, PairingRequest, pair_round
from arbiter.pairing.colours import apply_initial_colour, effective_numbers
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.trf.writer import write_trf

from .helpers import fresh_players, request_from_rounds

ENGINES = ["gacrux", "py4swiss"]


def gacrux_native(
    request: PairingRequest, tmp_path: Path, *, round_flag: bool = True
) -> tuple[Board, ...]:
    """gacrux's own answer: `python -m gacrux.pairingchecker -i FILE -p -dT -t w|b -u …`."""
    trf = tmp_path / "native.trf"
    trf.write_text(write_trf(GacruxEngine().build_tournament(request)), encoding="utf-8")
    argv = [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(trf), "-p", "-dT"]
    argv += ["-b", "utf-8", "-t", "w" if request.initial_colour == "white" else "b"]
    if round_flag:
        argv += ["-n", str(request.round)]
    if request.unpaired:
        argv += ["-u", *(str(n) for n in sorted(request.unpaired))]
    run = subprocess.run(argv, capture_output=True, text=True, check=True)
    numbers = [int(token) for token in run.stdout.split()]
    pairs = zip(numbers[1::2], numbers[2::2], strict=True)
    return tuple(Board(white, black) for white, black in pairs if black != 0)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("initial", ["white", "black"])
@pytest.mark.parametrize("absent", [frozenset(), {2}, {1, 3}, {1, 2, 5}, {4}])
def test_round_one_colours_equal_gacrux_run_natively(engine, initial, absent, tmp_path):
    request = PairingRequest(
        players=fresh_players(14),
        round=1,
        total_rounds=7,
        initial_colour=initial,
        absent=frozenset(absent),
    )
    assert pair_round(request, engine=engine).boards == gacrux_native(request, tmp_path)


def test_the_issue_example_player_two_absent_initial_black(tmp_path):
    # gacrux's answer quoted in the issue: 10 1, 3 11, 12 4, 5 13, 14 6 …
    request = PairingRequest(
        players=fresh_players(18),
        round=1,
        total_rounds=7,
        initial_colour="black",
        absent=frozenset({2}),
    )
    native = gacrux_native(request, tmp_path)
    assert native[:5] == (Board(10, 1), Board(3, 11), Board(12, 4), Board(5, 13), Board(14, 6))
    assert pair_round(request).boards == native


def test_py4swiss_colours_by_the_raw_pairing_number_and_is_recoloured(tmp_path):
    # The quirk, proven by running py4swiss: with player 2 absent it gives player 3 the colour
    # of an odd pairing number, where gacrux (and bbpPairings) count 3 as the second player.
    request = PairingRequest(
        players=fresh_players(8), round=1, total_rounds=5, absent=frozenset({2})
    )
    native = gacrux_native(request, tmp_path)
    assert pair_round(request, engine="py4swiss").boards == native  # re-coloured
    unadjusted = _py4swiss_unadjusted(request, tmp_path)
    assert unadjusted != native
    assert {frozenset((b.white, b.black)) for b in unadjusted} == {
        frozenset((b.white, b.black)) for b in native
    }


def _py4swiss_unadjusted(request: PairingRequest, tmp_path: Path) -> tuple[Board, ...]:
    engine = Py4swissEngine()
    trf = tmp_path / "py4swiss.trf"
    out = tmp_path / "py4swiss.out"
    trf.write_text(write_trf(engine.build_tournament(request)), encoding="utf-8")
    run = subprocess.run(
        engine.command(request, trf, out, 2048), capture_output=True, text=True, check=True
    )
    assert run.returncode == 0
    lines = out.read_text().split("\n")[1:]
    boards = [tuple(int(x) for x in line.split()) for line in lines if line.strip()]
    return tuple(Board(w, b) for w, b in boards if b != 0)


@pytest.mark.parametrize("initial", ["white", "black"])
def test_later_round_counts_absent_players_who_were_paired_before(initial, tmp_path):
    # Round 2: 5 had the pairing-allocated bye in round 1 and is absent now; 6, 7, 8 were
    # absent in round 1 and have no colour history. 5 still counts, so 7 is the 7th player.
    first = [(1, 3, "1"), (4, 2, "=")] if initial == "white" else [(3, 1, "0"), (2, 4, "=")]
    byes = [(5, 0, "U"), (6, 0, "Z"), (7, 0, "Z"), (8, 0, "Z")]
    request = request_from_rounds(
        8, [first + byes], total_rounds=5, absent=frozenset({5}), initial_colour=initial
    )
    assert effective_numbers(request)[7] == 7
    assert pair_round(request).boards == gacrux_native(request, tmp_path)
    assert pair_round(request, engine="py4swiss").boards == gacrux_native(request, tmp_path)


@pytest.mark.parametrize("initial", ["white", "black"])
def test_later_round_skips_absent_players_never_paired(initial, tmp_path):
    # Round 2: 1 and 2 were absent in round 1 and are absent again: never paired, they hand
    # their numbers down, so the no-history board 7-8 is coloured with 7 as the 5th player.
    first = [(3, 5, "1"), (6, 4, "0")] if initial == "white" else [(5, 3, "0"), (4, 6, "1")]
    byes = [(1, 0, "Z"), (2, 0, "Z"), (7, 0, "Z"), (8, 0, "Z")]
    request = request_from_rounds(
        8, [first + byes], total_rounds=5, absent=frozenset({1, 2}), initial_colour=initial
    )
    assert effective_numbers(request)[7] == 5
    native = gacrux_native(request, tmp_path)
    assert pair_round(request).boards == native
    assert pair_round(request, engine="py4swiss").boards == native


def test_gacrux_needs_the_round_number_after_a_round_of_forfeits(tmp_path):
    # Round 1 had forfeits and byes only. gacrux infers the round from the games played and,
    # without -n, pairs "round 1" again and leaves 3 and 6 unpaired; with -n 2 it pairs all.
    request = request_from_rounds(
        7,
        [[(4, 1, "+"), (2, 5, "+"), (3, 0, "Z"), (6, 0, "Z"), (7, 0, "U")]],
        total_rounds=5,
        absent=frozenset({1, 4, 7}),
        initial_colour="black",
    )
    assert gacrux_native(request, tmp_path, round_flag=False) == (Board(5, 2),)
    native = gacrux_native(request, tmp_path)
    assert len(native) == 2
    assert pair_round(request, engine="gacrux").boards == native


def test_only_boards_without_any_colour_history_are_recoloured():
    # Round 2: 1-2 played (1 white); 3 and 4 had byes. Board 3-4 has no history at all.
    request = request_from_rounds(
        5, [[(1, 2, "1"), (3, 0, "H"), (4, 0, "Z"), (5, 0, "U")]], total_rounds=4
    )
    boards = (Board(2, 5), Board(4, 3), Board(1, 3))
    adjusted = apply_initial_colour(request, boards)
    assert adjusted[0] == Board(2, 5)
    assert adjusted[2] == Board(1, 3)
