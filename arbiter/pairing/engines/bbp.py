"""bbpPairings (C++, FIDE-endorsed): the reference of the protocol; no quirks to hide.

Not in any package registry: the operator provides the binary, at `ARBITER_BBPPAIRINGS`
or as `bbpPairings` on the PATH. Exit codes: 0 ok, 1 no valid pairing, 2 unexpected error,
3 invalid request, 4 size limit, 5 file access; all but 0 and 1 are engine errors to us
(an invalid request would be our TRF's fault, not the caller's).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from arbiter.pairing.engines.base import Engine
from arbiter.pairing.errors import PairingEngineError
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.subprocess_runner import EngineRun


def bbp_executable() -> str:
    configured = os.environ.get("ARBITER_BBPPAIRINGS", "").strip()
    found = configured or shutil.which("bbpPairings") or shutil.which("bbpPairings.exe")
    if not found:
        raise PairingEngineError(
            "bbpPairings not found: set ARBITER_BBPPAIRINGS or put bbpPairings on the PATH"
        )
    return found


# bbpPairings's documented exit codes beyond 0 (ok) and 1 (no valid pairing).
EXIT_MEANINGS = {
    2: "unexpected error",
    3: "invalid request",
    4: "size limit hit",
    5: "file access error",
}


class BbpPairingsEngine(Engine):
    name = "bbpPairings"

    def read_answer(
        self, request: PairingRequest, run: EngineRun, output_path: Path
    ) -> tuple[list[Board], list[int]]:
        meaning = EXIT_MEANINGS.get(run.returncode)
        if meaning is not None:
            raise PairingEngineError(
                f"{self.name} failed: {meaning}",
                returncode=run.returncode,
                stderr_tail=run.stderr_tail,
            )
        return super().read_answer(request, run, output_path)

    def command(
        self, request: PairingRequest, input_path: Path, output_path: Path, memory_mb: int
    ) -> list[str]:
        return [bbp_executable(), "--dutch", str(input_path), "-p", str(output_path)]
