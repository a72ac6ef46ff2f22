"""py4swiss (PyPI, MIT, pinned 0.3.1): the 2017 Dutch rules.

Quirks handled here:
- no `python -m` entry point: our launcher calls its `main()` with our interpreter;
- the command line is `-t IN -p OUT` (not `--dutch`);
- "no valid pairing" is a traceback ending in `PairingError`, exit code 1, as is any other
  crash: the stderr text tells them apart;
- when neither player has played it colours by the raw pairing number, not the effective
  one of bbpPairings (see colours.py): those boards are re-coloured.
It reads XXP, XXA and the `0000 - Z` blocks of the protocol as they are.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from arbiter.pairing.colours import apply_initial_colour
from arbiter.pairing.engines.base import Engine
from arbiter.pairing.errors import NoValidPairing, PairingEngineError
from arbiter.pairing.history import PlayerFacts
from arbiter.pairing.launch import LAUNCHER
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.subprocess_runner import EngineRun
from arbiter.trf.i18n import gettext as _

PINNED_VERSION = "0.3.1"
NO_PAIRING_MARK = "PairingError"


class Py4swissEngine(Engine):
    name = "py4swiss"

    def command(
        self, request: PairingRequest, input_path: Path, output_path: Path, memory_mb: int
    ) -> list[str]:
        return [
            sys.executable,
            LAUNCHER,  # reports the peak memory (see launch.py)
            "py4swiss.main:main",
            "-t",
            str(input_path),
            "-p",
            str(output_path),
        ]

    def read_answer(
        self, request: PairingRequest, run: EngineRun, output_path: Path
    ) -> tuple[list[Board], list[int]]:
        if run.returncode != 0:
            if NO_PAIRING_MARK in run.stderr:
                raise NoValidPairing(
                    _("%(engine)s: no valid pairing exists for this round") % {"engine": self.name}
                )
            raise PairingEngineError(
                f"{self.name} failed", returncode=run.returncode, stderr_tail=run.stderr_tail
            )
        return self.parse_output(run, output_path)

    def adjust(
        self, request: PairingRequest, boards: Sequence[Board], facts: dict[int, PlayerFacts]
    ) -> tuple[Board, ...]:
        return apply_initial_colour(request, boards, facts)
