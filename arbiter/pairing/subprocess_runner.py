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
import ctypes
import ctypes.util
import os
import resource
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from arbiter.pairing.errors import PairingEngineError, PairingTimeout
from arbiter.pairing.launch import PEAK_MARK

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


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _libc_prctl() -> Callable[..., int] | None:
    """libc's `prctl`, loaded once in the parent (never between fork and exec)."""
    name = ctypes.util.find_library("c")
    if not name or not hasattr(os, "getppid"):
        return None
    try:
        prctl: Callable[..., int] = ctypes.CDLL(name, use_errno=True).prctl
        return prctl
    except (OSError, AttributeError):  # not Linux
        return None


_PRCTL = _libc_prctl()


def _child_setup(memory_mb: int | None) -> Callable[[], None]:
    limit = memory_mb * 1024 * 1024 if memory_mb else None
    parent = os.getpid()

    def setup() -> None:  # runs in the child between fork and exec: keep it tiny
        if _PRCTL is not None:
            _PRCTL(PR_SET_PDEATHSIG, signal.SIGKILL)
            if os.getppid() != parent:  # the parent died before the request: go now
                os._exit(1)
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return setup


_running: set[int] = set()  # process groups of the engines this process runs now
_running_lock = threading.Lock()


def engines_kill_all() -> int:
    """Kill the process group of every engine this process runs now (a shutdown); how many."""
    with _running_lock:
        groups = list(_running)
    for pgid in groups:
        _kill_group(pgid)
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
    """Run `argv` to completion; `PairingTimeout` after `timeout` seconds (group killed)."""
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
