"""Benchmark: pair round 5 of a 9-round Swiss at 50, 200, 1,000 and 4,000 players.

The four earlier rounds come from a deterministic simple legal pairing (score order, first
opponent not met, colours by colour difference) with seeded results: quick to build, not
Dutch. The engine's time (the whole subprocess) and our overhead (TRF building and writing,
reading the answer, adjusting colours, validation) are printed separately: our steps are
repeated 7 times on the engine's real answer, and the verdict uses the best run (on a
shared machine the others measure the neighbours' load); the median is printed too.

Targets: overhead <= 5 % of the engine's time, and <= 50 ms at 1,000 players.

    .venv/bin/python benchmarks/bench_pairing.py [--engine gacrux] [--sizes 50,200,1000,4000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter.pairing import (
    PairingError,
    PairingRequest,
    PairingTimeout,
    PlayerEntry,
    RoundRecord,
    pair_round,
)
from arbiter.pairing.engines import get_engine
from arbiter.pairing.history import all_facts
from arbiter.pairing.output import format_answer, parse_answer
from arbiter.pairing.validation import find_violations
from arbiter.trf.writer import write_trf

TOTAL_ROUNDS = 9
ROUND = 5
OVERHEAD_SHARE = 0.05
OVERHEAD_MS_AT_1000 = 50.0
REPEATS = 7


def simple_history(size: int, seed: int) -> tuple[PlayerEntry, ...]:
    """Four rounds paired by score order with no rematch; colours by colour difference."""
    rng = random.Random(seed)
    histories: list[list[RoundRecord]] = [[] for _ in range(size + 1)]
    points = [0.0] * (size + 1)
    for _ in range(ROUND - 1):
        order = sorted(range(1, size + 1), key=lambda n: (-points[n], n))
        waiting = order
        if len(waiting) % 2:
            bye = next(n for n in reversed(waiting) if all(r.result != "U" for r in histories[n]))
            waiting = [n for n in waiting if n != bye]
            histories[bye].append(RoundRecord(None, None, "U"))
            points[bye] += 1
        while waiting:
            a = waiting.pop(0)
            met = {r.opponent for r in histories[a]}
            b = next(n for n in waiting if n not in met)
            waiting.remove(b)

            def balance(n: int) -> tuple[int, str]:
                colours = [r.colour for r in histories[n] if r.colour]
                last = colours[-1] if colours else ""
                return colours.count("w") - colours.count("b"), last

            (ca, la), (cb, _) = balance(a), balance(b)
            a_white = ca < cb or (ca == cb and la != "w")
            white, black = (a, b) if a_white else (b, a)
            roll = rng.random()
            result = "1" if roll < 0.4 else "=" if roll < 0.6 else "0"
            other = {"1": "0", "=": "=", "0": "1"}[result]
            histories[white].append(RoundRecord(black, "w", result))
            histories[black].append(RoundRecord(white, "b", other))
            points[white] += {"1": 1, "=": 0.5, "0": 0}[result]
            points[black] += {"1": 0, "=": 0.5, "0": 1}[result]
    return tuple(
        PlayerEntry(n, f"Player {n}", 2800 - n // 2, tuple(histories[n]))
        for n in range(1, size + 1)
    )


def own_steps_ms(request: PairingRequest, engine: str, answer: str) -> tuple[float, float]:
    """Best and median wall time of our own steps (the engine excluded), in milliseconds."""
    adapter = get_engine(engine)
    samples = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        facts = all_facts(request)
        write_trf(adapter.build_tournament(request, facts))
        boards, byes = parse_answer(answer)
        adjusted = adapter.adjust(request, boards, facts)
        find_violations(request, adjusted, byes[0] if byes else None, facts)
        samples.append((time.perf_counter() - started) * 1000)
    return min(samples), statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="gacrux")
    parser.add_argument("--sizes", default="50,200,1000,4000")
    parser.add_argument("--cap-seconds", type=float, default=600.0)
    args = parser.parse_args()
    print(f"engine {args.engine}; round {ROUND} of {TOTAL_ROUNDS}")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    header = ("players", 8), ("engine s", 9), ("overhead ms", 12), ("median ms", 10), ("share", 7)
    print(" ".join(f"{name:>{width}}" for name, width in header) + "  verdict")
    for size in (int(s) for s in args.sizes.split(",")):
        request = PairingRequest(
            players=simple_history(size, seed=size),
            round=ROUND,
            total_rounds=TOTAL_ROUNDS,
        )
        try:
            pairing = pair_round(request, engine=args.engine, timeout=args.cap_seconds)
        except PairingTimeout:
            print(f"{size:>8} {'capped':>9}  the engine did not finish in {args.cap_seconds:g} s")
            continue
        except PairingError as exc:
            first_line = str(exc).splitlines()[0]
            print(f"{size:>8} {'failed':>9}  {type(exc).__name__}: {first_line}")
            continue
        answer = format_answer(pairing.boards, pairing.bye)
        overhead, median = own_steps_ms(request, args.engine, answer)
        share = overhead / 1000 / pairing.timings.engine
        ok = share <= OVERHEAD_SHARE and (size != 1000 or overhead <= OVERHEAD_MS_AT_1000)
        target = f"<= {OVERHEAD_SHARE:.0%}" + (
            f" and <= {OVERHEAD_MS_AT_1000:g} ms" if size == 1000 else ""
        )
        print(
            f"{size:>8} {pairing.timings.engine:>9.2f} {overhead:>12.1f} {median:>10.1f} "
            f"{share:>7.1%}  "
            f"{'PASS' if ok else 'FAIL'} ({target})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
