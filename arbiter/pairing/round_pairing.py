"""`pair_round`: request -> TRF -> engine subprocess -> answer -> validation -> `Pairing`.

Engines are tried in the configured order (`settings.engine_names`): when one fails (a
limit hit, a crash, an unreadable or invalid answer) the next one pairs. "No valid pairing"
is an answer, not a failure: it ends the search.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from tempfile import TemporaryDirectory

from arbiter.pairing import settings
from arbiter.pairing.engines import get_engine
from arbiter.pairing.engines.base import Engine
from arbiter.pairing.errors import (
    EngineAnswerInvalid,
    NoValidPairing,
    PairingEngineError,
    PairingEnginesFailed,
    PairingError,
    PairingMemoryLimit,
    PairingTooLarge,
)
from arbiter.pairing.history import PlayerFacts, all_facts
from arbiter.pairing.request import Pairing, PairingRequest, Timings
from arbiter.pairing.request_checks import check_request
from arbiter.pairing.subprocess_runner import EngineRun, run_engine
from arbiter.pairing.validation import find_violations
from arbiter.trf.i18n import gettext as _
from arbiter.trf.writer import write_trf

TEMP_PREFIX = "arbiter-pairing-"
# A failed run whose peak resident memory came this close to the address-space cap ran
# into it (the rest of the cap is the interpreter's mapped but unused space).
MEMORY_CAP_SHARE = 0.9
MEMORY_ERROR_TEXTS = ("MemoryError", "std::bad_alloc", "OutOfMemoryError")

logger = logging.getLogger(__name__)


def pair_round(
    request: PairingRequest, *, engine: str | None = None, timeout: float | None = None
) -> Pairing:
    """Pair `request.round` and return the validated pairing.

    `engine` is one engine name or several separated by commas, tried in that order
    (default: `ARBITER_PAIRING_ENGINE`, else gacrux then py4swiss). Each engine gets the
    whole time limit (`timeout`, default `ARBITER_PAIRING_TIMEOUT`) and memory cap.

    Raises `PairingRequestInvalid`, `NoValidPairing`, or the failure of the only engine
    tried (`PairingEngineError`: `PairingTimeout`, `PairingMemoryLimit`; or
    `EngineAnswerInvalid`); `PairingEnginesFailed` naming each failure when several engines
    were tried. No temporary file or engine process outlives the call.
    """
    check_request(request)
    names = settings.engine_names(engine)
    adapters = [get_engine(name) for name in names]  # an unknown name fails before any run
    players = len(request.players)
    limit = timeout if timeout is not None else settings.timeout_seconds(players)
    facts = all_facts(request)  # shared by the TRF, `adjust` and the validation
    if timeout is None:  # the caller chose no limit of its own: the machine's limits apply
        _refuse_oversized(adapters, players, limit)
    failures: list[tuple[str, PairingError]] = []
    for adapter in adapters:
        try:
            memory = settings.memory_mb(adapter.memory_needed_mb(players))
            return _pair_with(adapter, request, facts, limit, memory)
        except (PairingEngineError, EngineAnswerInvalid) as error:
            failures.append((adapter.name, error))
            if adapter is not adapters[-1]:
                logger.warning(
                    "round %s: %s failed, trying the next engine: %s",
                    request.round,
                    adapter.name,
                    error,
                )
    if len(failures) == 1:
        raise failures[0][1]
    raise PairingEnginesFailed(tuple(failures))


def _refuse_oversized(adapters: list[Engine], players: int, limit: float) -> None:
    """`PairingTooLarge` naming the limit when the round's time limit is over the most a
    round may get, or when every engine of the order is known to need more memory than this
    machine gives an engine; nothing is started then (9,999 players once kept six engines
    busy for hours)."""
    most = settings.max_seconds()
    if limit > most:
        raise PairingTooLarge(
            _(
                "%(players)s players need a time limit of %(limit)s s, over the most a round "
                "may get, %(most)s s (ARBITER_PAIRING_MAX_SECONDS); not started"
            )
            % {"players": f"{players:,}", "limit": f"{limit:,.0f}", "most": f"{most:,.0f}"}
        )
    machine = settings.machine_share_mb()
    over = [
        _("%(engine)s needs about %(need)s MB") % {"engine": adapter.name, "need": f"{need:,.0f}"}
        for adapter in adapters
        if (need := adapter.memory_needed_mb(players)) is not None and need > machine
    ]
    if over and len(over) == len(adapters):
        raise PairingTooLarge(
            _(
                "%(players)s players: %(engines)s, over %(machine)s MB, 60 %% of this "
                "machine's memory; not started"
            )
            % {"players": f"{players:,}", "engines": "; ".join(over), "machine": f"{machine:,.0f}"}
        )


def _pair_with(
    adapter: Engine,
    request: PairingRequest,
    facts: dict[int, PlayerFacts],
    limit: float,
    memory: int,
) -> Pairing:
    needed = adapter.memory_needed_mb(len(request.players))
    if needed is not None and needed > memory:
        raise PairingMemoryLimit(
            f"memory cap hit: {adapter.name} needs about {needed:,.0f} MB for "
            f"{len(request.players):,} players, over the cap of {memory:,} MB "
            "(ARBITER_PAIRING_MEMORY_MB); not started"
        )
    started = time.perf_counter()
    trf_text = write_trf(adapter.build_tournament(request, facts))
    trf_seconds = time.perf_counter() - started

    with TemporaryDirectory(prefix=TEMP_PREFIX) as workdir:
        input_path = Path(workdir) / "input.trf"
        output_path = Path(workdir) / "output.txt"
        input_path.write_text(trf_text, encoding="utf-8")
        argv = adapter.command(request, input_path, output_path, memory)
        run = run_engine(argv, timeout=limit, memory_mb=memory, cwd=Path(workdir))
        parse_started = time.perf_counter()
        try:
            boards, byes = adapter.read_answer(request, run, output_path)
        except (PairingEngineError, NoValidPairing) as error:
            if _ran_out_of_memory(run, memory):
                raise PairingMemoryLimit(
                    f"memory cap hit: {adapter.name} ran out of its {memory:,} MB "
                    f"(ARBITER_PAIRING_MEMORY_MB){_peak(run)}; it said: {error}",
                    returncode=run.returncode,
                    stderr_tail=run.stderr_tail,
                ) from error
            raise
        boards_t = adapter.adjust(request, boards, facts)
    parse_seconds = time.perf_counter() - parse_started

    validation_started = time.perf_counter()
    problems: list[str] = [*find_violations(request, boards_t, byes[0] if byes else None, facts)]
    if len(byes) > 1:
        problems.insert(0, f"more than one pairing bye: {byes}")
    if problems:
        raise EngineAnswerInvalid(adapter.name, tuple(problems))
    validation_seconds = time.perf_counter() - validation_started

    return Pairing(
        boards=boards_t,
        bye=byes[0] if byes else None,
        engine=adapter.name,
        trf=trf_text,
        timings=Timings(
            trf=trf_seconds, engine=run.seconds, parse=parse_seconds, validation=validation_seconds
        ),
    )


def _ran_out_of_memory(run: EngineRun, memory_mb: int) -> bool:
    output = run.stdout + run.stderr
    if any(text in output for text in MEMORY_ERROR_TEXTS):
        return True
    return run.peak_mb is not None and run.peak_mb >= MEMORY_CAP_SHARE * memory_mb


def _peak(run: EngineRun) -> str:
    return "" if run.peak_mb is None else f", peak {run.peak_mb:,.0f} MB"
