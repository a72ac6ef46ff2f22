"""Run an engine as a subprocess: its own process group, a time limit, a memory cap.

- `start_new_session=True` puts the engine and anything it spawns in a new process group,
  so a timeout kills all of it (`os.killpg`), not just the first process.
- The group is also killed after a normal exit, in case the engine left children behind.
- The memory cap is `RLIMIT_AS` set in the child before `exec`: an engine that runs away
  fails its own allocation instead of taking the server down.
- Engines die with the process that started them. On Linux the child asks for SIGKILL when
  its parent dies (`prctl(PR_SET_PDEATHSIG)` before `exec`), which covers a parent killed
  with SIGKILL; strictly the signal comes when the *thread* that started the engine ends, and
  the threads that run engines (a Celery worker's, the embedded runner's pool) live as long as
  their process. A parent that shuts down in order kills the groups of the engines it runs
  (`engines_kill_all`: at exit, and from `manage.py serve` and the Celery worker's shutdown).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from arbiter.pairing import warm_engine
from arbiter.pairing.errors import PairingEngineError, PairingTimeout
from arbiter.pairing.launch import LAUNCHER, PEAK_MARK
from arbiter.pairing.parent_death import PR_SET_PDEATHSIG, PRCTL

STDERR_TAIL_CHARS = 2000
DRAIN_SECONDS = 5.0  # reading what a killed engine left in its pipes


@dataclass(frozen=True, slots=True)
class EngineRun:
    """What the engine did: exit code, output streams, wall time in seconds, and the peak
    resident memory in MB when the engine ran under `launch.py` (None otherwise)."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float | None = None

    @property
    def stderr_tail(self) -> str:
        return tail(self.stderr)


def split_peak(stderr: str) -> tuple[str, float | None]:
    """The engine's own stderr and the peak memory (MB) the launcher appended to it."""
    head, found, rest = stderr.rpartition(PEAK_MARK)
    if not found:
        return stderr, None
    number, _, after = rest.partition("\n")
    try:
        return head.rstrip("\n") + after, int(number) / 1024
    except ValueError:
        return stderr, None


def tail(text: str, chars: int = STDERR_TAIL_CHARS) -> str:
    text = text.strip()
    return text if len(text) <= chars else "..." + text[-chars:]


def _child_setup(memory_mb: int | None) -> Callable[[], None]:
    limit = memory_mb * 1024 * 1024 if memory_mb else None
    parent = os.getpid()

    def setup() -> None:  # runs in the child between fork and exec: keep it tiny
        if PRCTL is not None:
            PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != parent:  # the parent died before the request: go now
                os._exit(1)
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return setup


_running: set[int] = set()  # process groups of the engines this process runs now
_running_lock = threading.Lock()


def engines_kill_all() -> int:
    """Kill the process group of every engine this process runs now, and its warm engine
    processes (a shutdown); how many engines ran."""
    with _running_lock:
        groups = list(_running)
    for pgid in groups:
        _kill_group(pgid)
    warm_engine.zygotes_stop()
    return len(groups)


atexit.register(engines_kill_all)


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # already gone
        os.killpg(pgid, signal.SIGKILL)


def run_engine(
    argv: Sequence[str],
    *,
    timeout: float,
    memory_mb: int | None,
    cwd: Path,
    env: dict[str, str] | None = None,
) -> EngineRun:
    """Run `argv` to completion; `PairingTimeout` after `timeout` seconds (group killed).
    Our Python engines (`launch.py` targets) run in a warm engine process's child when
    they can (`warm_engine`), any other program as a new process."""
    if env is None and list(argv[:2]) == [sys.executable, LAUNCHER] and warm_engine.warm_enabled():
        try:
            return _run_warm(list(argv[2:]), timeout=timeout, memory_mb=memory_mb, cwd=cwd)
        except warm_engine.WarmUnavailable:
            pass  # logged once by warm_engine; this run starts an interpreter of its own
    started = time.perf_counter()
    try:
        process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=_child_setup(memory_mb),  # prctl and setrlimit only: fork-safe
        )
    except OSError as exc:
        raise PairingEngineError(f"cannot start the engine {argv[0]!r}: {exc}") from exc
    with _running_lock:
        _running.add(process.pid)
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process.pid)
        try:
            _, stderr = process.communicate(timeout=DRAIN_SECONDS)
        except subprocess.TimeoutExpired:
            # A grandchild left the group (setsid) and holds our pipes: stop reading.
            for pipe in (process.stdout, process.stderr):
                if pipe is not None:
                    pipe.close()
            process.wait()
            stderr = b"(the engine's output could not be read after the kill)"
        raise PairingTimeout(
            f"time limit hit: the engine ran longer than {timeout:g} s and was killed",
            stderr_tail=tail(split_peak(stderr.decode("utf-8", "replace"))[0]),
        ) from None
    finally:
        _kill_group(process.pid)
        with _running_lock:
            _running.discard(process.pid)
        if process.poll() is None:  # only after an exception between Popen and communicate
            process.kill()
            process.wait()
    own_stderr, peak_mb = split_peak(stderr.decode("utf-8", "replace"))
    return EngineRun(
        returncode=process.returncode,
        stdout=stdout.decode("utf-8", "replace"),
        stderr=own_stderr,
        seconds=time.perf_counter() - started,
        peak_mb=peak_mb,
    )


def _run_warm(
    arguments: list[str], *, timeout: float, memory_mb: int | None, cwd: Path
) -> EngineRun:
    """`run_engine` in a child of the warm engine process for the target's module: the same
    group kill at the timeout and after the end, the same streams (files in `cwd`)."""
    started = time.perf_counter()
    zygote = warm_engine.zygote_get(arguments[0])
    run_id, run = zygote.submit(arguments, cwd=cwd, memory_mb=memory_mb)
    pid = run.pid
    assert pid is not None  # submit returns a started run
    with _running_lock:
        _running.add(pid)
    try:
        if not run.ended.wait(timeout):
            _kill_group(pid)
            run.ended.wait(DRAIN_SECONDS)
            stderr = warm_engine.read_file(cwd / warm_engine.STDERR_FILE)
            raise PairingTimeout(
                f"time limit hit: the engine ran longer than {timeout:g} s and was killed",
                stderr_tail=tail(split_peak(stderr.decode("utf-8", "replace"))[0]),
            )
    finally:
        _kill_group(pid)
        with _running_lock:
            _running.discard(pid)
        zygote.forget(run_id)
    stdout = warm_engine.read_file(cwd / warm_engine.STDOUT_FILE).decode("utf-8", "replace")
    stderr_text = warm_engine.read_file(cwd / warm_engine.STDERR_FILE).decode("utf-8", "replace")
    returncode = run.exit
    if returncode is None:  # the warm engine process ended under the run: so did the run
        returncode = -signal.SIGKILL
        stderr_text += "\n(the warm engine process ended during the run)"
    own_stderr, peak_mb = split_peak(stderr_text)
    if peak_mb is None and run.peak_kb:  # the run could not write its own figure
        peak_mb = run.peak_kb / 1024
    return EngineRun(
        returncode=returncode,
        stdout=stdout,
        stderr=own_stderr,
        seconds=time.perf_counter() - started,
        peak_mb=peak_mb,
    )
