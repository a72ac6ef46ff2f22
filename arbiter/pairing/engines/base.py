"""What every engine adapter provides, with the bbpPairings protocol as the default.

An adapter decides how the request becomes the engine's input (TRF options), the command
line, how the exit code and output map to a pairing or an error, and how to straighten the
engine's known deviations (`adjust`). Callers never see a quirk.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from arbiter.pairing.errors import NoValidPairing, PairingEngineError
from arbiter.pairing.history import PlayerFacts
from arbiter.pairing.output import UnreadableAnswer, parse_answer
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.subprocess_runner import EngineRun
from arbiter.pairing.trf_request import build_tournament
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import Tournament

NO_VALID_PAIRING_TEXT = "no valid pairing exists"


class Engine:
    """An engine speaking the bbpPairings command-line protocol (override what differs)."""

    name: ClassVar[str] = "engine"

    def build_tournament(
        self, request: PairingRequest, facts: dict[int, PlayerFacts] | None = None
    ) -> Tournament:
        return build_tournament(request, facts=facts)

    def command(
        self, request: PairingRequest, input_path: Path, output_path: Path, memory_mb: int
    ) -> list[str]:
        raise NotImplementedError

    def memory_needed_mb(self, players: int) -> float | None:
        """The memory a round of `players` is known to need, when it is known: an engine
        that needs more than the cap is not started (the next one pairs at once)."""
        return None

    def read_answer(
        self, request: PairingRequest, run: EngineRun, output_path: Path
    ) -> tuple[list[Board], list[int]]:
        """Boards and byes from a finished run, or the matching error."""
        if run.returncode == 1 or self.says_no_valid_pairing(run):
            raise NoValidPairing(
                _("%(engine)s: no valid pairing exists for this round") % {"engine": self.name}
            )
        if run.returncode != 0:
            raise PairingEngineError(
                f"{self.name} failed", returncode=run.returncode, stderr_tail=run.stderr_tail
            )
        return self.parse_output(run, output_path)

    def says_no_valid_pairing(self, run: EngineRun) -> bool:
        return NO_VALID_PAIRING_TEXT in (run.stdout + run.stderr).lower()

    def parse_output(self, run: EngineRun, output_path: Path) -> tuple[list[Board], list[int]]:
        try:
            text = output_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            raise PairingEngineError(
                f"{self.name} wrote no output file", stderr_tail=run.stderr_tail
            ) from None
        try:
            boards, byes = parse_answer(text)
        except UnreadableAnswer as exc:
            raise PairingEngineError(
                f"{self.name} answered something unreadable: {exc}", stderr_tail=run.stderr_tail
            ) from None
        if not boards and not byes:
            # An empty pairing for a field of two or more is the engine's "none exists".
            raise NoValidPairing(
                _("%(engine)s: no valid pairing exists for this round") % {"engine": self.name}
            )
        return boards, byes

    def adjust(
        self, request: PairingRequest, boards: Sequence[Board], facts: dict[int, PlayerFacts]
    ) -> tuple[Board, ...]:
        """The engine's answer as it is: its own colours stand. An adapter overrides this only
        for a quirk of its engine that a test proves by running it (see colours.py)."""
        return tuple(boards)
