"""A gate in front of the real team engine (gacrux fideteam), for tests that act while it runs.

The engine is a Python subprocess (`launch.py gacrux.pairingchecker ... -m fideteam-...`).
A `sitecustomize` module on the `PYTHONPATH` the engine inherits copies the engine's input
into the gate's directory and holds the engine until the test opens the gate: the test then
knows the engine is running, does what it wants meanwhile, and lets the real engine answer.
No timing is involved, and every other Python process (the server, `manage.py shell`) passes
the hook untouched.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.worker import wait_for

HOOK = """
import os, shutil, sys, time

_gate = os.environ.get("ARBITER_TEST_TEAM_ENGINE_GATE")
if _gate and "gacrux.pairingchecker" in sys.argv and any(
    a.startswith("fideteam") for a in sys.argv
):
    shutil.copy(sys.argv[sys.argv.index("-i") + 1], os.path.join(_gate, f"{time.time_ns()}.trf"))
    _deadline = time.monotonic() + 300  # a test that never opens the gate
    while not os.path.exists(os.path.join(_gate, "open")) and time.monotonic() < _deadline:
        time.sleep(0.02)
"""


class EngineGate:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.hook = directory / "hook"
        self.runs_dir = directory / "runs"

    def environment(self) -> dict[str, str]:
        """What a process needs in its environment for its team engines to wait at the gate."""
        self.hook.mkdir(parents=True, exist_ok=True)
        self.runs_dir.mkdir(parents=True, exist_ok=True)
        (self.hook / "sitecustomize.py").write_text(HOOK)
        path = os.environ.get("PYTHONPATH", "")
        return {
            "PYTHONPATH": f"{self.hook}{os.pathsep}{path}" if path else str(self.hook),
            "ARBITER_TEST_TEAM_ENGINE_GATE": str(self.runs_dir),
            # The hook runs when an interpreter starts: a new one for each engine run, not a
            # child of the warm engine process (docs/pairing.md), which started long before.
            "ARBITER_PAIRING_WARM": "0",
        }

    def runs(self) -> list[str]:
        """The inputs of the engine runs so far, oldest first."""
        return [p.read_text() for p in sorted(self.runs_dir.glob("*.trf"))]

    def wait_for_runs(self, count: int, timeout: float = 120) -> None:
        wait_for(lambda: len(self.runs()) >= count, timeout=timeout)

    def open(self) -> None:
        (self.runs_dir / "open").touch()
