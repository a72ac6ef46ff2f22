"""The owner's side of the warm engine process (`zygote.py`): one per process that pairs,
started on its first round, which runs our Python engines (`launch.py` targets) in children
forked from an interpreter that has imported them already. `run_engine` uses it for those
engines and keeps `subprocess.Popen` for any other (bbpPairings, JaVaFo, a test's stand-in).

A run keeps every guarantee of `run_engine`: its own process group (a timeout kills all of
it), the memory cap, the engine dying with the server (the zygote dies with the thread that
started it, which lives as long as this process, and its children with it), the peak memory.
Anything wrong with the zygote itself (it cannot start, it died) leaves the run to the cold
path or reports the run failed, so the next engine of the order pairs.

`ARBITER_PAIRING_WARM=0` turns it off (every run a new interpreter, as before)."""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from arbiter.pairing.parent_death import die_with_parent

ZYGOTE = str(Path(__file__).resolve().with_name("zygote.py"))
STDOUT_FILE = ".engine-stdout"  # a run's streams, in its working directory
STDERR_FILE = ".engine-stderr"
READY_SECONDS = 60.0  # the imports, on a loaded machine
FORK_SECONDS = 30.0  # the zygote answers a request with the child's pid

logger = logging.getLogger(__name__)


def warm_enabled() -> bool:
    return os.environ.get("ARBITER_PAIRING_WARM", "1").strip().lower() not in ("0", "false", "no")


class WarmUnavailable(Exception):
    """The zygote cannot take this run: run it the cold way."""


@dataclass
class _Run:
    pid: int | None = None
    exit: int | None = None
    peak_kb: int | None = None  # the child's, as the zygote reaped it
    started: threading.Event = field(default_factory=threading.Event)
    ended: threading.Event = field(default_factory=threading.Event)


class Zygote:
    """One warm engine process and the thread that started it and reads its answers."""

    def __init__(self, preload: tuple[str, ...], env: dict[str, str] | None = None):
        self._preload = preload
        self._env = env
        self._runs: dict[int, _Run] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._ready = threading.Event()
        self._failed: str | None = None
        self._stdin: IO[bytes] | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.alive = True
        # The zygote asks to die with the thread that starts it: a thread that lives as long
        # as the zygote does (it reads its answers), not whichever request came first.
        threading.Thread(target=self._serve, name="warm-engine", daemon=True).start()
        if not self._ready.wait(READY_SECONDS):
            self._failed = self._failed or "the warm engine did not start in time"
        if self._failed:
            self.stop()
            raise WarmUnavailable(self._failed)

    def _serve(self) -> None:
        try:
            self.process = subprocess.Popen(
                [sys.executable, ZYGOTE, *self._preload],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=self._env,
                start_new_session=True,
                preexec_fn=die_with_parent,  # prctl only: fork-safe
            )
        except OSError as error:
            self._failed = f"the warm engine cannot start: {error}"
            self._ready.set()
            return
        assert self.process.stdout is not None
        self._stdin = self.process.stdin
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                logger.warning("warm engine: unreadable answer %r", line[:200])
                continue
            if "ready" in message:
                self._ready.set()
                continue
            with self._lock:
                run = self._runs.get(message["id"])
            if run is None:
                continue
            if "pid" in message:
                run.pid = message["pid"]
                run.started.set()
            else:
                run.exit = message["exit"]
                run.peak_kb = message.get("peak_kb")
                run.ended.set()
        # The zygote ended (stopped, killed, crashed): so did its runs (PR_SET_PDEATHSIG).
        self.alive = False
        self._failed = self._failed or "the warm engine ended"
        self._ready.set()
        with self._lock:
            runs, self._runs = list(self._runs.values()), {}
        for run in runs:
            run.started.set()
            run.ended.set()
        self.process.wait()

    def submit(self, argv: list[str], *, cwd: Path, memory_mb: int | None) -> tuple[int, _Run]:
        """Start a run; its id and its state (`pid` once forked). `WarmUnavailable`: the
        zygote cannot take it (nothing was started)."""
        run_id, run = next(self._ids), _Run()
        request = {
            "id": run_id,
            "argv": argv,
            "cwd": str(cwd),
            "memory_mb": memory_mb,
            "stdout": str(cwd / STDOUT_FILE),
            "stderr": str(cwd / STDERR_FILE),
        }
        with self._lock:
            if not self.alive or self._stdin is None:
                raise WarmUnavailable(self._failed or "the warm engine is not running")
            self._runs[run_id] = run
            try:
                self._stdin.write((json.dumps(request) + "\n").encode())
                self._stdin.flush()
            except (OSError, ValueError) as error:
                self._runs.pop(run_id, None)
                raise WarmUnavailable(f"the warm engine cannot be reached: {error}") from None
        if not run.started.wait(FORK_SECONDS) or run.pid is None:
            self.forget(run_id)
            raise WarmUnavailable("the warm engine did not start the run")
        return run_id, run

    def forget(self, run_id: int) -> None:
        with self._lock:
            self._runs.pop(run_id, None)

    def stop(self) -> None:
        """End the zygote (its runs end with it)."""
        self.alive = False
        process = self.process
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            if process.stdin is not None:
                process.stdin.close()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


# One zygote per engine module (each child carries only its own engine's imports, so the
# memory cap weighs on a run what it weighed on a new interpreter).
_zygotes: dict[str, Zygote] = {}
_zygotes_lock = threading.Lock()
_broken: str | None = None  # why this process runs its engines cold (logged once)


def _forget_after_fork() -> None:
    """A forked child (a Celery pool process) starts zygotes of its own when it pairs."""
    global _zygotes, _zygotes_lock
    _zygotes, _zygotes_lock = {}, threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)


def zygote_get(target: str) -> Zygote:
    """This process's zygote for `target`'s module (`launch.py`'s target: `module` run as
    `__main__`, or `module:function`), started (or started again after it died) on demand;
    `WarmUnavailable` if it cannot start (then this process runs its engines cold)."""
    global _broken
    module = target.partition(":")[0]
    with _zygotes_lock:
        if _broken is not None:
            raise WarmUnavailable(_broken)
        zygote = _zygotes.get(module)
        if zygote is None or not zygote.alive:
            try:
                zygote = _zygotes[module] = Zygote((target,))
            except WarmUnavailable as error:
                _broken = str(error)
                logger.warning("Pairing engines run cold (a new interpreter each): %s", error)
                raise
        return zygote


def zygotes_stop() -> int:
    """End this process's zygotes (a shutdown); how many."""
    with _zygotes_lock:
        zygotes = list(_zygotes.values())
        _zygotes.clear()
    for zygote in zygotes:
        zygote.stop()
    return len(zygotes)


def read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""
