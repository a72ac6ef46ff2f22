"""`python -m arbiter.pairing --dutch IN -p [OUT]`: a drop-in for bbpPairings's command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arbiter.pairing import PairingRequest
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.trf.writer import write_trf

from .fake_engines import write_engine
from .helpers import fresh_players, request_from_rounds

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "arbiter.pairing", *args],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=120,
    )


def _trf(tmp_path: Path, request: PairingRequest) -> Path:
    path = tmp_path / "in.trf"
    path.write_text(write_trf(Py4swissEngine().build_tournament(request)))
    return path


def test_pairs_round_one_to_stdout(tmp_path):
    trf = _trf(tmp_path, PairingRequest(players=fresh_players(7), round=1, total_rounds=5))
    run = _cli("--dutch", str(trf), "-p")
    assert run.returncode == 0, run.stderr
    assert run.stdout == "4\n1 4\n5 2\n3 6\n7 0\n"


def test_writes_the_output_file_and_keeps_absent_players_out(tmp_path):
    request = PairingRequest(
        players=fresh_players(8), round=1, total_rounds=5, absent=frozenset({1, 3})
    )
    trf = _trf(tmp_path, request)
    out = tmp_path / "out.txt"
    run = _cli("--dutch", str(trf), "-p", str(out), ARBITER_PAIRING_ENGINE="py4swiss")
    assert run.returncode == 0, run.stderr
    # gacrux's own answer (`-u 1 3`, tests/pairing/test_colours.py): 2 is the first player
    # paired, so white.
    assert out.read_text() == "3\n2 6\n7 4\n5 8\n"


def test_no_valid_pairing_exits_1(tmp_path):
    request = request_from_rounds(2, [[(1, 2, "1")]], total_rounds=3)
    run = _cli("--dutch", str(_trf(tmp_path, request)), "-p")
    assert run.returncode == 1
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1


def test_bad_input_exits_3_with_one_line(tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      broken line\nXXR x\n")
    run = _cli("--dutch", str(bad), "-p")
    assert run.returncode == 3
    assert len(run.stderr.strip().splitlines()) == 1 and run.stderr.startswith("error:")
    missing = _cli("--dutch", str(tmp_path / "missing.trf"), "-p")
    assert missing.returncode == 3 and "cannot read" in missing.stderr


def test_unfinished_round_is_invalid_input(tmp_path):
    trf = _trf(tmp_path, request_from_rounds(4, [[(1, 2, "1"), (3, 4, "0")]], total_rounds=3))
    lines = trf.read_text().splitlines()
    # Board 1-2 of round 1 loses its result (and player 1 the point it gave).
    lines[1] = lines[1][:80] + " 0.0" + lines[1][84:].replace("     2 w 1", "     2 w  ")
    lines[2] = lines[2].replace("     1 b 0", "     1 b  ")
    trf.write_text("\n".join(lines) + "\n")
    run = _cli("--dutch", str(trf), "-p")
    assert run.returncode == 3
    assert "no result" in run.stderr


def test_engine_failure_exits_2(tmp_path):
    crash, _ = write_engine(tmp_path, "crash")
    trf = _trf(tmp_path, PairingRequest(players=fresh_players(4), round=1, total_rounds=3))
    run = _cli("--dutch", str(trf), "-p", "--engine", "bbpPairings", ARBITER_BBPPAIRINGS=str(crash))
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1
