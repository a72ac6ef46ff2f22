"""The warm engine process (`arbiter.pairing.zygote`, `warm_engine`): our Python engines run
in children forked from an interpreter that imported them once. Each run must keep what a new
interpreter gave: the same answers, the group killed at the timeout (children included), the
memory cap, exit codes, streams and the peak memory, and no process left behind; a zygote
that dies is replaced."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbiter.pairing import PairingTimeout, pair_round
from arbiter.pairing import warm_engine as warm
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.launch import LAUNCHER
from arbiter.pairing.subprocess_runner import run_engine
from tests.pairing.events import Event

from .fake_engines import processes_with
from .helpers import ROUND_ONE

# Stand-in engines, each a module the test's own zygote imports: the launcher's targets.
STAND_INS = """
import os, subprocess, sys, time

def hang():
    marker = sys.argv[1]
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker])
    # A grandchild that left the group: the kill cannot reach it, nothing may wait on it.
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker + "-escaped"],
                     start_new_session=True)
    time.sleep(600)

def greedy():
    try:
        block = bytearray(1024 ** 3)
    except MemoryError:
        sys.exit(42)
    sys.exit(0)

def talk():
    block = b"x" * (80 * 1024 * 1024)
    print("answer")
    sys.stderr.write("own error text")
    sys.exit(3)

def crash():
    raise RuntimeError("the engine fell over")
"""

# A bound, not a speed: the hang is 600 s, the timeout 1 s.
HANG_BOUND_SECONDS = 60


@pytest.fixture
def stand_in_zygote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[warm.Zygote]:
    """A zygote that preloads the stand-ins, as this process's zygote for their module."""
    (tmp_path / "stand_ins.py").write_text(STAND_INS)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    zygote = warm.Zygote(("stand_ins:hang",), env=env)
    monkeypatch.setitem(warm._zygotes, "stand_ins", zygote)
    yield zygote
    zygote.stop()


def _run(target: str, *args: str, cwd: Path, timeout: float = 60, memory_mb: int | None = None):
    return run_engine(
        [sys.executable, LAUNCHER, f"stand_ins:{target}", *args],
        timeout=timeout,
        memory_mb=memory_mb,
        cwd=cwd,
    )


def _children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _gone(pids: set[int] | list[int], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = [p for p in pids if Path(f"/proc/{p}").exists() and not _zombie(p)]
        if not alive:
            return True
        time.sleep(0.1)
    return False


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def test_warm_and_cold_runs_give_the_same_pairings(monkeypatch: pytest.MonkeyPatch):
    """Every round of generated events, paired by gacrux and py4swiss warm and then cold:
    the same boards and bye; and the warm runs came from one zygote per engine."""
    requests = []
    for seed, (players, rounds) in enumerate([(9, 4), (14, 4)]):
        event = Event.create(players, rounds, seed)
        for _ in range(rounds):
            request = event.request()
            requests.append(request)
            event.play(request, pair_round(request, engine="gacrux"))
    warm.zygotes_stop()
    answers = {}
    for mode in ("1", "0"):
        monkeypatch.setenv("ARBITER_PAIRING_WARM", mode)
        answers[mode] = [
            (p.boards, p.bye)
            for request in requests
            for p in (pair_round(request, engine="gacrux"), pair_round(request, engine="py4swiss"))
        ]
    assert answers["1"] == answers["0"]
    assert set(warm._zygotes) == {"gacrux.pairingchecker", "py4swiss.main"}


def test_a_hang_is_killed_with_its_group_at_the_timeout(stand_in_zygote, tmp_path):
    marker = f"warm-hang-{os.getpid()}"
    started = time.monotonic()
    with pytest.raises(PairingTimeout, match="longer than 1 s"):
        _run("hang", marker, cwd=tmp_path, timeout=1)
    took = time.monotonic() - started
    assert 1 <= took < HANG_BOUND_SECONDS, took
    assert _gone([p for p in processes_with(marker) if p not in processes_with(f"{marker}-")])
    escaped = processes_with(f"{marker}-escaped")
    for pid in escaped:  # the one that left the group is the test's to end
        os.kill(pid, signal.SIGKILL)
    assert len(escaped) == 1
    assert _children_of(stand_in_zygote.process.pid) == set()  # the run was reaped


def test_exit_code_streams_and_peak_memory(stand_in_zygote, tmp_path):
    run = _run("talk", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (3, "answer\n", "own error text")
    # The peak is the run's own: the zygote's imports, then the 80 MB it made.
    assert run.peak_mb is not None and 80 < run.peak_mb < 200
    crashed = _run("crash", cwd=tmp_path)
    assert crashed.returncode == 1 and "RuntimeError: the engine fell over" in crashed.stderr


def test_the_memory_cap_makes_a_runaway_run_fail_its_allocation(stand_in_zygote, tmp_path):
    assert _run("greedy", cwd=tmp_path, memory_mb=300).returncode == 42
    assert _run("greedy", cwd=tmp_path).returncode == 0


def test_a_zygote_killed_mid_run_fails_the_run_and_the_next_run_gets_a_new_one(tmp_path):
    warm.zygotes_stop()
    first = pair_round(ROUND_ONE, engine="gacrux")
    zygote = warm._zygotes["gacrux.pairingchecker"]
    assert zygote.process is not None
    os.kill(zygote.process.pid, signal.SIGKILL)
    deadline = time.monotonic() + HANG_BOUND_SECONDS
    while zygote.alive and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not zygote.alive
    again = pair_round(ROUND_ONE, engine="gacrux")
    assert again.boards == first.boards
    assert warm._zygotes["gacrux.pairingchecker"] is not zygote


def test_a_run_under_a_dying_zygote_is_a_failed_run_not_a_hang(stand_in_zygote, tmp_path):
    marker = f"warm-orphan-{os.getpid()}"
    killer_at = time.monotonic() + 1.0

    def kill_soon() -> None:
        while time.monotonic() < killer_at:
            time.sleep(0.05)
        assert stand_in_zygote.process is not None
        os.kill(stand_in_zygote.process.pid, signal.SIGKILL)

    threading.Thread(target=kill_soon, daemon=True).start()
    started = time.monotonic()
    run = _run("hang", marker, cwd=tmp_path, timeout=HANG_BOUND_SECONDS)
    assert time.monotonic() - started < HANG_BOUND_SECONDS
    assert run.returncode == -signal.SIGKILL
    assert "warm engine process ended" in run.stderr
    for pid in processes_with(f"{marker}-escaped"):
        os.kill(pid, signal.SIGKILL)
    assert _gone([p for p in processes_with(marker) if p not in processes_with(f"{marker}-")])


def test_turned_off_every_run_is_a_new_interpreter(monkeypatch: pytest.MonkeyPatch):
    warm.zygotes_stop()
    monkeypatch.setenv("ARBITER_PAIRING_WARM", "0")
    assert pair_round(ROUND_ONE, engine="gacrux").engine == "gacrux"
    assert warm._zygotes == {}


def test_a_forked_child_starts_zygotes_of_its_own():
    pair_round(ROUND_ONE, engine="gacrux")
    assert warm._zygotes
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: what it inherited is not its own
        os.write(write, b"empty" if warm._zygotes == {} else b"inherited")
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    assert os.read(read, 100) == b"empty"


def test_stopping_ends_the_zygotes_and_their_runs():
    pair_round(ROUND_ONE, engine="gacrux")
    zygote = warm._zygotes["gacrux.pairingchecker"]
    assert zygote.process is not None
    assert warm.zygotes_stop() >= 1
    assert _gone({zygote.process.pid})


def test_the_engine_command_is_the_launcher_s():
    argv = GacruxEngine().command(ROUND_ONE, Path("in"), Path("out"), 100)
    assert argv[:3] == [sys.executable, LAUNCHER, "gacrux.pairingchecker"]
