"""The checker over events our engine paired: untouched files are clean, and every kind of
deliberate alteration is found with its round, board and rule. A seeded handful here; the
100-event run is benchmarks/bench_checker.py."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.checker import check_tournament
from arbiter.trf import read_trf, write_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import player_points

from .generated import generated_event

SEEDS = (1, 2, 3)
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


@pytest.fixture(scope="module")
def events() -> dict[int, Tournament]:
    return {seed: generated_event(seed) for seed in SEEDS}


def _player(t: Tournament, number: int) -> PlayerRecord:
    return next(p for p in t.players if p.start_number == number)


def _games(t: Tournament, rnd: int) -> list[tuple[int, int]]:
    """(white, black) of round `rnd`'s games in the file."""
    return sorted(
        (p.start_number, p.rounds[rnd - 1].opponent)
        for p in t.players
        if len(p.rounds) >= rnd and p.rounds[rnd - 1].colour == "w"
    )


def _set(t: Tournament, number: int, rnd: int, entry: RoundEntry) -> None:
    _player(t, number).rounds[rnd - 1] = entry


def _repoint(t: Tournament) -> Tournament:
    for p in t.players:
        p.points = player_points(p)
    return read_trf(write_trf(t))  # still a valid file


def swap_pairing(t: Tournament, rnd: int) -> Tournament:
    """Two boards exchange their black players (results kept)."""
    t = copy.deepcopy(t)
    (w1, b1), (w2, b2) = _games(t, rnd)[:2]
    e_w1, e_w2 = _player(t, w1).rounds[rnd - 1], _player(t, w2).rounds[rnd - 1]
    _set(t, w1, rnd, RoundEntry(b2, "w", e_w1.result))
    _set(t, b2, rnd, RoundEntry(w1, "b", MIRROR[e_w1.result]))
    _set(t, w2, rnd, RoundEntry(b1, "w", e_w2.result))
    _set(t, b1, rnd, RoundEntry(w2, "b", MIRROR[e_w2.result]))
    return _repoint(t)


def swap_colours(t: Tournament, rnd: int) -> Tournament:
    t = copy.deepcopy(t)
    white, black = _games(t, rnd)[0]
    w, b = _player(t, white).rounds[rnd - 1], _player(t, black).rounds[rnd - 1]
    _set(t, white, rnd, RoundEntry(black, "b", w.result))
    _set(t, black, rnd, RoundEntry(white, "w", b.result))
    return _repoint(t)


def change_result(t: Tournament, rnd: int) -> Tournament:
    """Every game of the round won by the other side: the later rounds or the standings show it."""
    t = copy.deepcopy(t)
    for white, black in _games(t, rnd):
        w, b = _player(t, white).rounds[rnd - 1], _player(t, black).rounds[rnd - 1]
        _set(t, white, rnd, RoundEntry(black, "w", MIRROR[w.result] if w.result != "=" else "1"))
        _set(t, black, rnd, RoundEntry(white, "b", MIRROR[b.result] if b.result != "=" else "0"))
    return _repoint(t)


def move_bye(t: Tournament, rnd: int) -> Tournament:
    """The pairing-allocated bye goes to a player of the first board, who plays the bye's
    holder instead."""
    t = copy.deepcopy(t)
    holder = next(p.start_number for p in t.players if p.rounds[rnd - 1].result == "U")
    white, black = _games(t, rnd)[0]
    result = _player(t, white).rounds[rnd - 1].result
    _set(t, white, rnd, RoundEntry(holder, "w", result))
    _set(t, holder, rnd, RoundEntry(white, "b", MIRROR[result]))
    _set(t, black, rnd, RoundEntry(None, "-", "U"))
    return _repoint(t)


def swap_ranks(t: Tournament, rnd: int) -> Tournament:
    t = copy.deepcopy(t)
    first = next(p for p in t.players if p.rank == 1)
    last = max(t.players, key=lambda p: p.rank or 0)
    first.rank, last.rank = last.rank, first.rank
    return t


ALTERATIONS = {
    "pairing swapped": (swap_pairing, {"pairing"}),
    "colours swapped": (swap_colours, {"colour"}),
    "result changed": (change_result, {"pairing", "colour", "bye", "rank"}),
    "bye moved": (move_bye, {"bye"}),
    "ranks swapped": (swap_ranks, {"rank"}),
}


@pytest.mark.parametrize("seed", SEEDS)
def test_untouched_files_are_clean(events: dict[int, Tournament], seed: int) -> None:
    report = check_tournament(read_trf(write_trf(events[seed])))
    assert report.clean, report.text()
    assert report.rounds_checked == 5 and report.tiebreaks == ["BH/C1", "BH", "SB", "DE"]


def _round_with_bye(t: Tournament, start: int) -> int:
    rounds = range(start, len(t.players[0].rounds) + 1)
    return next(
        r
        for r in [*rounds, *range(1, start)]
        if any(p.rounds[r - 1].result == "U" for p in t.players)
    )


@pytest.mark.parametrize("kind", ALTERATIONS)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_every_alteration_is_found(events: dict[int, Tournament], seed: int, kind: str) -> None:
    alter, rules = ALTERATIONS[kind]
    rnd = _round_with_bye(events[seed], 3) if kind == "bye moved" else 3
    report = check_tournament(alter(events[seed], rnd))
    assert not report.clean, kind
    assert {d.rule for d in report.discrepancies} & rules, report.text()
    if kind in ("pairing swapped", "colours swapped", "bye moved"):
        found = [d for d in report.discrepancies if d.rule in rules]
        # The altered round comes first; later rounds may follow from it (colour history).
        first = [d for d in found if d.round == rnd]
        assert first and min(d.round for d in found) == rnd, report.text()
        if kind != "bye moved":
            assert all(d.board >= 1 for d in first)


def test_cli_reports_and_exits(events: dict[int, Tournament], tmp_path: Path) -> None:
    clean, altered, bad = tmp_path / "clean.trf", tmp_path / "altered.trf", tmp_path / "bad.trf"
    clean.write_text(write_trf(events[1]), encoding="utf-8")
    altered.write_text(write_trf(swap_colours(events[1], 2)), encoding="utf-8")
    bad.write_text(write_trf(events[1]).replace("001    3", "001    x"), encoding="utf-8")

    def run(path: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "arbiter.checker", "check", str(path)]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    ok = run(clean)
    assert (ok.returncode, ok.stdout.splitlines()[-1]) == (0, "clean")
    found = run(altered)
    assert found.returncode == 1
    assert "round 2, board" in found.stdout and "[colour]" in found.stdout
    broken = run(bad)
    assert broken.returncode == 2 and broken.stdout == ""
    assert broken.stderr.startswith("error: ") and "line" in broken.stderr
    assert "Traceback" not in broken.stderr
    missing = run(tmp_path / "none.trf")
    assert missing.returncode == 2 and "cannot read" in missing.stderr
