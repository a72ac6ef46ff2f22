"""`pair_team_round`: TeamEvent -> TRF-2026 team file -> gacrux fideteam subprocess -> answer
-> validation -> `TeamPairing`. The temporary directory goes on every path (timeouts too)."""

from __future__ import annotations

import time
from pathlib import Path
from tempfile import TemporaryDirectory

from arbiter.pairing import round_pairing, settings
from arbiter.pairing.errors import (
    EngineAnswerInvalid,
    NoValidPairing,
    PairingEngineError,
    PairingMemoryLimit,
    PairingTooLarge,
)
from arbiter.pairing.request import Timings
from arbiter.pairing.team import engine
from arbiter.pairing.team.history import team_facts
from arbiter.pairing.team.types import TeamBoardPair, TeamPairing
from arbiter.pairing.team.validation import find_team_violations
from arbiter.trf.i18n import gettext as _
from arbiter.trf.team_event import TeamEvent
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf

TEMP_PREFIX = "arbiter-team-pairing-"


def pair_team_round(
    event: TeamEvent,
    round_number: int,
    *,
    absent: frozenset[int] = frozenset(),
    timeout: float | None = None,
) -> TeamPairing:
    """Pair `round_number` of `event` (the rounds before it finished) with gacrux's C.04.6
    engine. `absent`: teams not paired in this round (besides those with a `TeamBye` in it).

    Raises `PairingRequestInvalid` (the event cannot be paired as given), `NoValidPairing`
    (gacrux finds no legal pairing), `PairingEngineError` (`PairingTimeout`,
    `PairingMemoryLimit`: the time limit, default `ARBITER_PAIRING_TIMEOUT`, and memory cap of
    the individual path) or `EngineAnswerInvalid` (the answer breaks a rule)."""
    facts = team_facts(event, round_number, frozenset(absent))
    teams = len(event.teams)
    gacrux = engine.ANSWERS
    limit = timeout if timeout is not None else settings.timeout_seconds(teams)
    if timeout is None and limit > settings.max_seconds():
        raise PairingTooLarge(
            _("%(teams)s teams need a time limit of %(limit)s s; not started")
            % {"teams": f"{teams:,}", "limit": f"{limit:,.0f}"}
        )
    memory = settings.memory_mb(gacrux.memory_needed_mb(teams))

    started = time.perf_counter()
    trf_text = write_trf(
        team_event_to_trf(event, through_round=round_number - 1, engine_input=True)
    )
    trf_seconds = time.perf_counter() - started
    with TemporaryDirectory(prefix=TEMP_PREFIX) as workdir:
        input_path = Path(workdir) / "input.trf"
        output_path = Path(workdir) / "output.txt"
        input_path.write_text(trf_text, encoding="utf-8")
        argv = engine.command(event, round_number, facts.kept_out, input_path, output_path)
        # Looked up at call time: the differential oracle forks a warm gacrux through it.
        run = round_pairing.run_engine(argv, timeout=limit, memory_mb=memory, cwd=Path(workdir))
        parse_started = time.perf_counter()
        try:
            boards, byes = engine.read_answer(run, output_path)
        except (PairingEngineError, NoValidPairing) as error:
            if round_pairing._ran_out_of_memory(run, memory):
                raise PairingMemoryLimit(
                    f"memory cap hit: {engine.ENGINE_NAME} ran out of its {memory:,} MB "
                    f"(ARBITER_PAIRING_MEMORY_MB); it said: {error}",
                    returncode=run.returncode,
                    stderr_tail=run.stderr_tail,
                ) from error
            raise
    parse_seconds = time.perf_counter() - parse_started

    validation_started = time.perf_counter()
    matches = tuple(TeamBoardPair(board.white, board.black) for board in boards)
    bye = byes[0] if byes else None
    problems = find_team_violations(facts, matches, bye)
    if len(byes) > 1:
        problems.insert(0, f"more than one pairing-allocated bye: {byes}")
    if problems:
        raise EngineAnswerInvalid(engine.ENGINE_NAME, tuple(problems))
    validation_seconds = time.perf_counter() - validation_started
    return TeamPairing(
        matches=matches,
        bye=bye,
        engine=engine.ENGINE_NAME,
        trf=trf_text,
        timings=Timings(
            trf=trf_seconds,
            engine=run.seconds,
            parse=parse_seconds,
            validation=validation_seconds,
        ),
    )
