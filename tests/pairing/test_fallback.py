"""Engine order and fallback (issue 13, defect 18): when an engine cannot answer within its
limits the next one pairs, and every error says which limit was hit."""

from __future__ import annotations

import logging
import sys

import pytest

from arbiter.pairing import Board, PairingRequest, pair_round
from arbiter.pairing.engines import ENGINES
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.errors import (
    NoValidPairing,
    PairingEngineError,
    PairingEnginesFailed,
    PairingMemoryLimit,
    PairingTimeout,
)
from arbiter.pairing.settings import DEFAULT_ENGINES, engine_names
from arbiter.pairing.subprocess_runner import run_engine, split_peak

from .fake_engines import pairing_temp_dirs, processes_with, write_engine
from .helpers import ROUND_ONE, fresh_players, request_from_rounds

pytestmark = pytest.mark.usefixtures("private_temp_dir")

# The limit applies to each engine of the order: the hanging one spends it all, and the one
# that then pairs must answer within it too (gacrux 0.75 s, py4swiss 0.94 s for ROUND_ONE on
# a 2-core machine at load 7: 2 s left a loaded CI no room).
FALLBACK_TIMEOUT = 5


@pytest.fixture
def hanging_bbp(tmp_path, monkeypatch) -> str:
    path, marker = write_engine(tmp_path, "hang")
    monkeypatch.setenv("ARBITER_BBPPAIRINGS", str(path))
    return marker


def test_the_order_comes_from_the_environment_or_the_default(monkeypatch):
    monkeypatch.delenv("ARBITER_PAIRING_ENGINE", raising=False)
    assert engine_names() == DEFAULT_ENGINES == ("gacrux", "py4swiss")
    monkeypatch.setenv("ARBITER_PAIRING_ENGINE", " bbpPairings , gacrux,,")
    assert engine_names() == ("bbpPairings", "gacrux")
    assert engine_names("py4swiss") == ("py4swiss",)


def test_an_engine_out_of_time_falls_back_to_the_next_one(hanging_bbp, caplog):
    before = pairing_temp_dirs()
    with caplog.at_level(logging.WARNING, logger="arbiter.pairing.round_pairing"):
        pairing = pair_round(ROUND_ONE, engine="bbpPairings,gacrux", timeout=FALLBACK_TIMEOUT)
    assert pairing.engine == "gacrux"
    assert len(pairing.boards) == 3
    assert "bbpPairings failed, trying the next engine" in caplog.text
    assert f"time limit hit: the engine ran longer than {FALLBACK_TIMEOUT} s" in caplog.text
    assert processes_with(hanging_bbp) == []
    assert before == set() and pairing_temp_dirs() == set()


def test_the_order_from_the_environment_falls_back_too(hanging_bbp, monkeypatch):
    monkeypatch.setenv("ARBITER_PAIRING_ENGINE", "bbpPairings,py4swiss")
    monkeypatch.setenv("ARBITER_PAIRING_TIMEOUT", str(FALLBACK_TIMEOUT))
    assert pair_round(ROUND_ONE).engine == "py4swiss"


def test_when_every_engine_fails_the_error_names_each_limit(hanging_bbp, monkeypatch):
    monkeypatch.delenv("ARBITER_JAVAFO", raising=False)
    with pytest.raises(PairingEnginesFailed) as caught:
        pair_round(ROUND_ONE, engine="bbpPairings,javafo", timeout=1)
    message = str(caught.value)
    assert message.startswith("no pairing engine could pair the round: ")
    assert "bbpPairings: time limit hit: the engine ran longer than 1 s" in message
    assert "javafo: JaVaFo not configured" in message
    assert [name for name, _ in caught.value.failures] == ["bbpPairings", "javafo"]
    assert isinstance(caught.value.failures[0][1], PairingTimeout)
    assert isinstance(caught.value, PairingEngineError)  # services answer 503 for it
    assert processes_with(hanging_bbp) == []


def test_a_single_engine_keeps_its_own_error(hanging_bbp):
    with pytest.raises(PairingTimeout, match=r"time limit hit: .* longer than 1 s"):
        pair_round(ROUND_ONE, engine="bbpPairings", timeout=1)


def test_bbppairings_size_limit_is_named_and_falls_back(tmp_path, monkeypatch):
    path, _ = write_engine(tmp_path, "too_big")
    monkeypatch.setenv("ARBITER_BBPPAIRINGS", str(path))
    with pytest.raises(PairingEngineError) as caught:
        pair_round(ROUND_ONE, engine="bbpPairings")
    assert caught.value.summary == "bbpPairings failed: size limit hit (exit code 4)"
    assert caught.value.stderr_tail == "too many players"
    assert pair_round(ROUND_ONE, engine="bbpPairings,py4swiss").engine == "py4swiss"


def test_no_valid_pairing_is_an_answer_not_a_reason_to_fall_back(tmp_path, monkeypatch):
    path, _ = write_engine(tmp_path, "correct")
    monkeypatch.setenv("ARBITER_BBPPAIRINGS", str(path))
    finished = request_from_rounds(2, [[(1, 2, "1")]], total_rounds=3)
    with pytest.raises(NoValidPairing, match="gacrux"):
        pair_round(finished, engine="gacrux,bbpPairings")


def test_an_unknown_name_in_the_order_fails_before_any_engine_runs(hanging_bbp):
    with pytest.raises(PairingEngineError, match="unknown pairing engine 'stockfish'"):
        pair_round(ROUND_ONE, engine="bbpPairings,stockfish", timeout=30)
    assert processes_with(hanging_bbp) == []


def test_gacrux_over_its_known_memory_need_is_not_started_and_py4swiss_pairs(monkeypatch):
    # 300 players need about 76 MB in gacrux (48 + 0.000313 n^2); py4swiss about 60 MB.
    monkeypatch.setenv("ARBITER_PAIRING_MEMORY_MB", "70")
    request = PairingRequest(players=fresh_players(300), round=1, total_rounds=5)
    with pytest.raises(PairingMemoryLimit) as caught:
        pair_round(request, engine="gacrux")
    assert str(caught.value) == (
        "memory cap hit: gacrux needs about 76 MB for 300 players, over the cap of 70 MB "
        "(ARBITER_PAIRING_MEMORY_MB); not started"
    )
    assert pair_round(request, engine="gacrux,py4swiss").engine == "py4swiss"


class _UnestimatedGacrux(GacruxEngine):
    """The real gacrux without the up-front estimate, to reach the run-time detection."""

    def memory_needed_mb(self, players: int) -> float | None:
        return None


@pytest.mark.parametrize("memory_mb", ["20", "60"])
def test_gacrux_running_out_of_memory_names_the_cap(monkeypatch, memory_mb):
    # 60 MB: gacrux catches its MemoryError, prints "### Error 510 Program error" and exits 0
    # with an empty answer (before: "gacrux answered something unreadable: the answer is
    # empty"); 20 MB: the interpreter dies importing gacrux.
    monkeypatch.setitem(ENGINES, "gacrux", _UnestimatedGacrux)
    monkeypatch.setenv("ARBITER_PAIRING_MEMORY_MB", memory_mb)
    request = PairingRequest(players=fresh_players(300), round=1, total_rounds=5)
    with pytest.raises(PairingMemoryLimit) as caught:
        pair_round(request, engine="gacrux")
    message = str(caught.value)
    assert message.startswith(f"memory cap hit: gacrux ran out of its {memory_mb} MB")
    assert "ARBITER_PAIRING_MEMORY_MB" in message
    assert "unreadable" not in message


def test_the_launcher_reports_the_peak_memory_and_keeps_the_engine_streams(tmp_path):
    # A large caller (a web process) must not count: Linux's ru_maxrss survives the exec.
    ballast = b"z" * (300 * 1024 * 1024)
    launcher = GacruxEngine().command(ROUND_ONE, tmp_path / "in", tmp_path / "out", 100)[1]
    script = tmp_path / "engine.py"
    script.write_text(
        "import sys\nblock = b'x' * (80 * 1024 * 1024)\nprint('answer')\n"
        "sys.stderr.write('own error text')\nsys.exit(3)\n"
    )
    run = run_engine(
        [sys.executable, launcher, "engine"],
        timeout=60,
        memory_mb=None,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert run.returncode == 3
    assert run.stdout == "answer\n"
    assert run.stderr == "own error text"
    assert run.peak_mb is not None and 80 < run.peak_mb < 200
    assert len(ballast) > 0


def test_split_peak_leaves_other_stderr_alone():
    assert split_peak("no mark here") == ("no mark here", None)
    assert split_peak("text\narbiter-engine-peak-kb=2048\n") == ("text", 2.0)


def test_a_signal_kill_is_named_in_the_error():
    assert "killed by signal 9" in str(PairingEngineError("gacrux failed", returncode=-9))


def test_default_order_pairs_a_round(monkeypatch):
    monkeypatch.delenv("ARBITER_PAIRING_ENGINE", raising=False)
    pairing = pair_round(ROUND_ONE)
    assert pairing.engine == "gacrux"
    assert pairing.boards == (Board(1, 4), Board(5, 2), Board(3, 6))
