"""The checker over N generated events (issue 18's acceptance: 100 untouched files, 0
discrepancies; each altered file found). Each event is paired round by round by our engine
(tests/pairing/events.py), written as TRF-2026 and checked through the file.

    .venv/bin/python benchmarks/bench_checker.py [--events 100] [--first-seed 1]

Prints the count of clean files, of altered files found, and the time per file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter.checker import check_tournament
from arbiter.trf import read_trf, write_trf
from tests.checker.generated import generated_event
from tests.checker.test_checker import ALTERATIONS


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    clean = found = altered = 0
    missed: list[str] = []
    started = time.perf_counter()
    check_seconds = 0.0
    for seed in range(args.first_seed, args.first_seed + args.events):
        t = read_trf(write_trf(generated_event(seed)))
        tick = time.perf_counter()
        report = check_tournament(t)
        check_seconds += time.perf_counter() - tick
        if report.clean:
            clean += 1
        else:
            missed.append(f"seed {seed} untouched: {report.text()}")
        kind = list(ALTERATIONS)[seed % len(ALTERATIONS)]
        alter, rules = ALTERATIONS[kind]
        try:
            changed = alter(t, 3)
        except StopIteration:  # no pairing-allocated bye in round 3 to move
            continue
        altered += 1
        if {d.rule for d in check_tournament(changed).discrepancies} & rules:
            found += 1
        else:
            missed.append(f"seed {seed} {kind}: not found")
    total = time.perf_counter() - started
    print(f"untouched files clean: {clean}/{args.events}")
    print(f"altered files found:   {found}/{altered}")
    print(f"check time per file:   {check_seconds / args.events:.2f} s (total run {total:.0f} s)")
    print("\n".join(missed))
    return 0 if clean == args.events and found == altered else 1


if __name__ == "__main__":
    raise SystemExit(main())
