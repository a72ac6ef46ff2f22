"""gacrux forked from a warm interpreter instead of a fresh one (`--warm-engine`).

Our path starts each engine run as `python launch.py gacrux.pairingchecker ARGS`; about 0.4 s
of that is the interpreter importing gacrux and networkx. For the 5,000-tournament run the
oracle forks the same command from a process that has gacrux imported: the same argv, the
same files in the same working directory, the same answer read by the same adapter; only the
exec of a new interpreter is left out. Anything else still runs as a real subprocess.
"""

from __future__ import annotations

import os
import runpy
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

# What the command line imports (networkx above all), loaded once so that forks find it;
# not gacrux.pairingchecker itself, which runpy runs afresh as __main__ in each fork.
import gacrux.pairingdutch
import gacrux.trf2json  # noqa: F401

from arbiter.pairing import round_pairing
from arbiter.pairing.subprocess_runner import EngineRun, run_engine

_MODULE = "gacrux.pairingchecker"


def forked_run_engine(
    argv: Sequence[str], *, timeout: float, memory_mb: int, cwd: Path | None = None
) -> EngineRun:
    if len(argv) < 3 or not argv[1].endswith("launch.py") or argv[2] != _MODULE:
        return run_engine(argv, timeout=timeout, memory_mb=memory_mb, cwd=cwd)
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid = os.fork()
        if pid == 0:  # the child: run gacrux's command line and leave without cleanup
            code = 1
            try:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                if cwd is not None:
                    os.chdir(cwd)
                sys.argv = [_MODULE, *argv[3:]]
                runpy.run_module(_MODULE, run_name="__main__", alter_sys=True)
                code = 0
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        out.seek(0)
        err.seek(0)
        return EngineRun(
            returncode=os.waitstatus_to_exitcode(status),
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
            seconds=time.perf_counter() - started,
        )


def use_warm_engine(warm: bool = True) -> None:
    """Route `pair_round`'s gacrux runs in this process through `forked_run_engine` (or back
    to real subprocesses)."""
    round_pairing.run_engine = forked_run_engine if warm else run_engine
