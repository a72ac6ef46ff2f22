"""gacrux's `fideteam` method as a subprocess: its command line and how its answer is read.

- The colour model and the scores go in `-m fideteam-<model>-<scores>`: gacrux's `-m` replaces
  the pairing system of record 192, and with no score token in it gacrux takes match points
  then game points (C.04.6 art. 1.2.2) whatever 192 says, so the scores are always named.
- The round goes as `-n` (gacrux infers it from the games otherwise), teams kept out of the
  round as `-u`, the initial colour both as 152 and `-t`.
- The answer is the bbpPairings format (`N`, then `white black` lines, `T 0` for the bye);
  "no valid pairing" is an empty answer or `### Error 504/505` (gacrux exits 0 either way).
"""

from __future__ import annotations

import sys
from pathlib import Path

from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.errors import PairingEngineError
from arbiter.pairing.launch import LAUNCHER
from arbiter.pairing.request import Board
from arbiter.pairing.subprocess_runner import EngineRun
from arbiter.trf.team_event import TeamEvent

ENGINE_NAME = "gacrux-fideteam"
SCORE_TOKENS = {
    ("mp", True): "mp+gp",
    ("gp", True): "gp+mp",
    ("mp", False): "mp",
    ("gp", False): "gp",
}


def method(event: TeamEvent) -> str:
    """gacrux's `-m` value, e.g. `fideteam-typea-mp+gp`."""
    scores = SCORE_TOKENS[(event.scores.primary, event.scores.secondary_used)]
    return f"fideteam-{event.colour_model}-{scores}"


def command(
    event: TeamEvent,
    round_number: int,
    kept_out: frozenset[int],
    input_path: Path,
    output_path: Path,
) -> list[str]:
    argv = [sys.executable, LAUNCHER, "gacrux.pairingchecker"]
    argv += ["-i", str(input_path), "-o", str(output_path), "-b", "utf-8", "-p", "-dT"]
    argv += ["-m", method(event), "-n", str(round_number)]
    argv += ["-t", "w" if event.initial_colour == "white" else "b"]
    if kept_out:
        argv += ["-u", *(str(tpn) for tpn in sorted(kept_out))]
    return argv


def read_answer(run: EngineRun, output_path: Path) -> tuple[list[Board], list[int]]:
    """Matches (as `Board(white TPN, black TPN)`) and byes; `NoValidPairing` or
    `PairingEngineError` like the individual gacrux adapter."""
    if run.returncode != 0:
        raise PairingEngineError(
            f"{ENGINE_NAME} failed", returncode=run.returncode, stderr_tail=run.stderr_tail
        )
    return ANSWERS.parse_output(run, output_path)


class _FideteamAnswers(GacruxEngine):
    name = ENGINE_NAME


ANSWERS = _FideteamAnswers()
