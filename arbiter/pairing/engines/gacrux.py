"""gacrux (PyPI, MIT, pinned 1.11.65): the default engine, 2025 Dutch rules.

Quirks handled here:
- it ignores XXC: the initial colour goes on the command line (`-t w|b`);
- players kept out of the round are passed with `-u`, not as `0000 - Z` blocks: a round
  column holding only such blocks makes gacrux take its initial colour from them (the
  first "game" it sees is a bye) and ignore `-t`, which flips the round-1 colours;
- it does not read XXP; it does read the 2025 record 260 (prohibited pairings), which only
  removes the pair from the possible pairs - exactly "already played, for the no-rematch
  rule only": colours, floats and scores are computed from the games, never from 260;
- it parses XXA but never applies it (1.11.65 stores XXA values under keys its scoring does
  not read), so the virtual points go as 2025 250 records, which it applies;
- it always exits 0: "no valid pairing" is an empty pairing (`0`), and its own failures
  are an output file starting `### Error NNN` followed by the message (504/505: the round
  cannot be paired);
- when neither player has played yet it numbers and colours differently from bbpPairings
  (see colours.py), so those boards are re-coloured the bbpPairings way.
"""

from __future__ import annotations

import sys
from pathlib import Path

from arbiter.pairing.engines.base import Engine
from arbiter.pairing.errors import NoValidPairing, PairingEngineError
from arbiter.pairing.history import PlayerFacts
from arbiter.pairing.launch import LAUNCHER
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.subprocess_runner import EngineRun
from arbiter.pairing.trf_request import build_tournament
from arbiter.trf.model import Tournament

PINNED_VERSION = "1.11.65"
ERROR_MARK = "### Error "
NO_PAIRING_CODES = frozenset({"504", "505"})
# Peak resident memory of a round, measured (docs/pairing.md): about 50 MB plus one edge
# object per pair of players, 48 + 0.000313 * n^2 MB (361 MB at 1,000, 1.3 GB at 2,000).
MEMORY_BASE_MB = 48.0
MEMORY_PER_PAIR_MB = 0.000313


class GacruxEngine(Engine):
    name = "gacrux"

    def build_tournament(
        self, request: PairingRequest, facts: dict[int, PlayerFacts] | None = None
    ) -> Tournament:
        return build_tournament(
            request,
            mark_unpaired=False,
            forbidden_as_260=True,
            acceleration_as_250=True,
            facts=facts,
        )

    def command(
        self, request: PairingRequest, input_path: Path, output_path: Path, memory_mb: int
    ) -> list[str]:
        # Through our launcher, which reports the peak memory: gacrux itself swallows a
        # MemoryError and answers nothing.
        argv = [sys.executable, LAUNCHER, "gacrux.pairingchecker"]
        # The request is written in UTF-8; gacrux otherwise reads it as Latin-1, and a name
        # outside ASCII shifts its fixed columns.
        argv += ["-i", str(input_path), "-o", str(output_path), "-b", "utf-8", "-p", "-dT"]
        argv += ["-t", "w" if request.initial_colour == "white" else "b"]
        # gacrux infers the round from the games it reads: after a round of forfeits and byes
        # only it pairs that round again (players left out). The round is given explicitly.
        argv += ["-n", str(request.round)]
        if request.unpaired:
            argv += ["-u", *(str(n) for n in sorted(request.unpaired))]
        return argv

    def memory_needed_mb(self, players: int) -> float | None:
        return MEMORY_BASE_MB + MEMORY_PER_PAIR_MB * players * players

    def read_answer(
        self, request: PairingRequest, run: EngineRun, output_path: Path
    ) -> tuple[list[Board], list[int]]:
        if run.returncode != 0:  # gacrux reports by its output; an exit code is a crash
            raise PairingEngineError(
                f"{self.name} failed", returncode=run.returncode, stderr_tail=run.stderr_tail
            )
        return self.parse_output(run, output_path)

    def parse_output(self, run: EngineRun, output_path: Path) -> tuple[list[Board], list[int]]:
        try:
            head = output_path.read_text(encoding="utf-8", errors="replace")[:2000]
        except OSError:
            head = ""
        if not head.strip() and run.stdout.lstrip().startswith(ERROR_MARK):
            # A failure after reading the file (510 "Program error": any exception, a
            # MemoryError included) is printed on stdout and leaves the output file empty.
            head = run.stdout.lstrip()[:2000]
        if head.startswith(ERROR_MARK):
            code_text, _, message = head[len(ERROR_MARK) :].partition("\n")
            message = " ".join(message.split())
            if code_text.strip() in NO_PAIRING_CODES:
                raise NoValidPairing(f"{self.name}: {message}")
            raise PairingEngineError(
                f"{self.name} error {code_text.strip()}: {message}", stderr_tail=run.stderr_tail
            )
        return super().parse_output(run, output_path)
