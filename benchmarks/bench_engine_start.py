"""Benchmark: what a round costs before the engine pairs, warm engine process against a new
interpreter (docs/pairing.md, "The warm engine process").

A 20-player round 5 of 9 (a club's round: the pairing itself takes milliseconds) is paired
`--runs` times by gacrux through `pair_round`, first cold (`ARBITER_PAIRING_WARM=0`: Python
started and gacrux with networkx imported each run), then warm (children of one zygote). For
each: the median and p95 wall time of a round, and the CPU time its engine processes used per
round (this process's children: the launcher's, or the zygote's children, which it reaps).

Targets: a warm round's median wall time <= 25 % of a cold one's, and its engine CPU
<= 25 % of a cold one's; both answers equal, round after round.

    .venv/bin/python benchmarks/bench_engine_start.py [--runs 40]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_pairing import ROUND, simple_history
from bench_pairing import TOTAL_ROUNDS as TOTAL

from arbiter.pairing import PairingRequest, pair_round
from arbiter.pairing import warm_engine as warm

PLAYERS = 20
SHARE = 0.25


def request() -> PairingRequest:
    """Round 5 of 9 after four simply paired rounds (bench_pairing's history)."""
    return PairingRequest(players=simple_history(PLAYERS, 1), round=ROUND, total_rounds=TOTAL)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(mode: str, runs: int, rq: PairingRequest) -> tuple[list[float], float, list]:
    os.environ["ARBITER_PAIRING_WARM"] = mode
    warm.zygotes_stop()
    answers, times = [], []
    cpu_before = children_cpu()
    for _ in range(runs):
        started = time.perf_counter()
        pairing = pair_round(rq, engine="gacrux")
        times.append(time.perf_counter() - started)
        answers.append((pairing.boards, pairing.bye))
    zygotes = list(warm._zygotes.values())
    warm.zygotes_stop()
    for zygote in zygotes:  # its children's CPU is ours once the zygote itself is reaped
        if zygote.process is not None:
            zygote.process.wait()
    return times, (children_cpu() - cpu_before) / runs, answers


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    rq = request()
    cold, cold_cpu, cold_answers = measure("0", args.runs, rq)
    warm_times, warm_cpu, warm_answers = measure("1", args.runs, rq)
    print(f"{PLAYERS}-player round {rq.round}, {args.runs} runs each (gacrux)")
    print("mode  median ms  p95 ms  engine CPU ms/round")
    for name, times, cpu in (("cold", cold, cold_cpu), ("warm", warm_times, warm_cpu)):
        print(
            f"{name}  {statistics.median(times) * 1000:9.1f}  {p95(times) * 1000:6.1f}"
            f"  {cpu * 1000:19.1f}"
        )
    wall_share = statistics.median(warm_times) / statistics.median(cold)
    cpu_share = warm_cpu / cold_cpu if cold_cpu else 1.0
    same = warm_answers == cold_answers
    ok = wall_share <= SHARE and cpu_share <= SHARE and same
    print(
        f"warm/cold: wall {wall_share:.0%}, engine CPU {cpu_share:.0%} (targets <= {SHARE:.0%});"
        f" answers {'equal' if same else 'DIFFER'}: {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
