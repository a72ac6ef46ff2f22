"""`pair_round`: request -> TRF -> engine subprocess -> answer -> validation -> `Pairing`."""

from __future__ import annotations

import time
from pathlib import Path
from tempfile import TemporaryDirectory

from arbiter.pairing import settings
from arbiter.pairing.engines import get_engine
from arbiter.pairing.errors import EngineAnswerInvalid
from arbiter.pairing.history import all_facts
from arbiter.pairing.request import Pairing, PairingRequest, Timings
from arbiter.pairing.request_checks import check_request
from arbiter.pairing.subprocess_runner import run_engine
from arbiter.pairing.validation import find_violations
from arbiter.trf.writer import write_trf

TEMP_PREFIX = "arbiter-pairing-"


def pair_round(
    request: PairingRequest, *, engine: str | None = None, timeout: float | None = None
) -> Pairing:
    """Pair `request.round` with the configured engine and return the validated pairing.

    Raises `PairingRequestInvalid`, `NoValidPairing`, `PairingEngineError` (`PairingTimeout`)
    or `EngineAnswerInvalid`; no temporary file or engine process outlives the call.
    """
    check_request(request)
    adapter = get_engine(engine or settings.engine_name())
    limit = timeout if timeout is not None else settings.timeout_seconds()
    memory = settings.memory_mb()

    started = time.perf_counter()
    facts = all_facts(request)  # shared by the TRF, `adjust` and the validation
    trf_text = write_trf(adapter.build_tournament(request, facts))
    trf_seconds = time.perf_counter() - started

    with TemporaryDirectory(prefix=TEMP_PREFIX) as workdir:
        input_path = Path(workdir) / "input.trf"
        output_path = Path(workdir) / "output.txt"
        input_path.write_text(trf_text, encoding="utf-8")
        argv = adapter.command(request, input_path, output_path, memory)
        run = run_engine(argv, timeout=limit, memory_mb=memory, cwd=Path(workdir))
        parse_started = time.perf_counter()
        boards, byes = adapter.read_answer(request, run, output_path)
        boards_t = adapter.adjust(request, boards, facts)
    parse_seconds = time.perf_counter() - parse_started

    validation_started = time.perf_counter()
    problems = find_violations(request, boards_t, byes[0] if byes else None, facts)
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
