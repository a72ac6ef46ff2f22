"""Benchmark: pair round 5 of a 9-round Swiss at 50, 200, 1,000 and 4,000 players.

The four earlier rounds come from a deterministic simple legal pairing (score order, first
opponent not met, colours by colour difference) with seeded results: quick to build, not
Dutch. The engine's time (the whole subprocess) and our overhead (TRF building and writing,
reading the answer, adjusting colours, validation) are printed separately: our steps are
repeated 7 times on the engine's real answer, and the verdict uses the best run (on a
shared machine the others measure the neighbours' load); the median is printed too.

Targets: overhead <= 5 % of the engine's time, and <= 50 ms at 1,000 players.

By default the engines, time limit and memory cap are the configured ones
(ARBITER_PAIRING_ENGINE, else gacrux then py4swiss; ARBITER_PAIRING_TIMEOUT per engine;
ARBITER_PAIRING_MEMORY_MB), so a size the configuration cannot pair fails here with the
error that names the limit hit; the row says which engine paired.

    .venv/bin/python benchmarks/bench_pairing.py [--engine gacrux,py4swiss]
        [--sizes 50,200,1000,4000] [--cap-seconds S]
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
    PlayerEntry,
    RoundRecord,
    pair_round,
    settings,
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
        pairs: list[tuple[int, int]] = []
        while waiting:
            a = waiting.pop(0)
            met = {r.opponent for r in histories[a]}
            b = next(n for n in waiting if n not in met)
            waiting.remove(b)
            pairs.append((a, b))
        _repair_colour_clashes(histories, pairs)
        for a, b in pairs:
            (ca, la), (cb, _) = _balance(histories[a]), _balance(histories[b])
            need_a, need_b = _need(histories[a]), _need(histories[b])
            a_white = need_a == "w" or need_b == "b"
            if not need_a and not need_b:
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


def _balance(history: list[RoundRecord]) -> tuple[int, str]:
    colours = [r.colour for r in history if r.colour]
    return colours.count("w") - colours.count("b"), colours[-1] if colours else ""


def _need(history: list[RoundRecord]) -> str:
    """The colour the absolute rules force next ("" when free): difference ±2 or twice in a
    row."""
    colours = [r.colour for r in history if r.colour]
    difference = colours.count("w") - colours.count("b")
    if difference <= -2 or colours[-2:] == ["b", "b"]:
        return "w"
    if difference >= 2 or colours[-2:] == ["w", "w"]:
        return "b"
    return ""


def _clash(histories: list[list[RoundRecord]], a: int, b: int) -> bool:
    """Both must have the same colour, or they met already."""
    need = _need(histories[a])
    return (bool(need) and need == _need(histories[b])) or any(
        r.opponent == b for r in histories[a]
    )


def _repair_colour_clashes(
    histories: list[list[RoundRecord]], pairs: list[tuple[int, int]]
) -> None:
    """Swap partners between a pair whose players need the same colour and the nearest pair
    where the swap clashes nowhere: the history must stay within the absolute colour rules,
    or every engine's answer would be refused."""
    for i, (a, b) in enumerate(pairs):
        if not _clash(histories, a, b):
            continue
        for j in sorted(range(len(pairs)), key=lambda k: abs(k - i)):
            c, d = pairs[j]
            if j == i:
                continue
            if not _clash(histories, a, c) and not _clash(histories, b, d):
                pairs[i], pairs[j] = (a, c), (b, d)
                break
            if not _clash(histories, a, d) and not _clash(histories, b, c):
                pairs[i], pairs[j] = (a, d), (b, c)
                break


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
    parser.add_argument("--engine", default=None, help="one name or several, comma separated")
    parser.add_argument("--sizes", default="50,200,1000,4000")
    parser.add_argument("--cap-seconds", type=float, default=None, help="per engine")
    args = parser.parse_args()
    engines = settings.engine_names(args.engine)
    limit = "the configured limits" if args.cap_seconds is None else f"{args.cap_seconds:g} s"
    print(
        f"engines {','.join(engines)}; time limit per engine: {limit} (by default they follow "
        f"the field: docs/pairing.md); round {ROUND} of {TOTAL_ROUNDS}"
    )
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    header = ("players", 8), ("engine s", 9), ("overhead ms", 12), ("median ms", 10), ("share", 7)
    print(" ".join(f"{name:>{width}}" for name, width in header) + "  verdict")
    for size in (int(s) for s in args.sizes.split(",")):
        request = PairingRequest(
            players=simple_history(size, seed=size),
            round=ROUND,
            total_rounds=TOTAL_ROUNDS,
        )
        started = time.perf_counter()
        cap = args.cap_seconds if args.cap_seconds is not None else settings.timeout_seconds(size)
        memory = settings.memory_mb(get_engine(engines[0]).memory_needed_mb(size))
        print(f"{size:>8} players: time limit {cap:g} s, memory cap {memory:,} MB", flush=True)
        try:
            pairing = pair_round(request, engine=",".join(engines), timeout=cap)
        except PairingError as exc:
            first_line = str(exc).splitlines()[0]
            took = time.perf_counter() - started
            name = type(exc).__name__
            print(f"{size:>8} {'failed':>9}  after {took:.1f} s: {name}: {first_line}")
            continue
        answer = format_answer(pairing.boards, pairing.bye)
        overhead, median = own_steps_ms(request, pairing.engine, answer)
        share = overhead / 1000 / pairing.timings.engine
        ok = share <= OVERHEAD_SHARE and (size != 1000 or overhead <= OVERHEAD_MS_AT_1000)
        target = f"<= {OVERHEAD_SHARE:.0%}" + (
            f" and <= {OVERHEAD_MS_AT_1000:g} ms" if size == 1000 else ""
        )
        print(
            f"{size:>8} {pairing.timings.engine:>9.2f} {overhead:>12.1f} {median:>10.1f} "
            f"{share:>7.1%}  "
            f"{'PASS' if ok else 'FAIL'} ({target}); paired by {pairing.engine}, "
            f"{time.perf_counter() - started:.1f} s in all"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
