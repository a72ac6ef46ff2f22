"""FIDE's endorsement-sized check: our pairing path and tie-breaks against gacrux.

    .venv/bin/python scripts/differential.py --tournaments 5000 [--first 0] [--jobs 2]
    .venv/bin/python scripts/differential.py --team --tournaments 1000 [--warm-engine]

Seeded tournaments from gacrux's generator with our additions (tests/differential/oracle.py);
seed s runs under the 2026 tie-break rules when even, 2023 when odd. Prints the figures and
every unlisted difference; exits 1 when there is one (FIDE asks at most 10 in 5,000).
`--team`: team Swiss events (FIDE C.04.6, tests/differential/team_oracle.py) instead, paired
by gacrux's fideteam in-process and by our `pair_team_round`; no Django needed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.differential.oracle import TournamentReport
    from tests.differential.team_oracle import TeamReport

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")


def _setup(warm: bool = False, team: bool = False) -> None:
    if not team:
        import django

        django.setup()
    if warm:
        from tests.differential.warm_engine import use_warm_engine

        use_warm_engine()


def _one(seed: int) -> TournamentReport:
    from tests.differential.oracle import compare_tournament

    report, _ = compare_tournament(seed, "2023" if seed % 2 else "2026")
    return report


def _one_team(seed: int) -> TeamReport:
    from tests.differential.team_oracle import compare_team_tournament

    report, _ = compare_team_tournament(seed)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--warm-engine",
        action="store_true",
        help="fork gacrux from a warm interpreter instead of starting one per round "
        "(tests/differential/warm_engine.py)",
    )
    parser.add_argument(
        "--team", action="store_true", help="team Swiss events (C.04.6, gacrux fideteam)"
    )
    args = parser.parse_args(argv)
    if args.tournaments < 1 or args.jobs < 1:
        parser.error("--tournaments and --jobs must be at least 1")
    _setup(args.warm_engine, args.team)
    classify: Callable[[Any], Any]
    if args.team:  # no Django: the individual oracle's modules import the models
        from tests.differential.team_known import classify as team_classify

        classify = team_classify
    else:
        from tests.differential.known import classify as individual_classify

        classify = individual_classify
    one: Callable[[int], Any] = _one_team if args.team else _one

    started = time.perf_counter()
    seeds = range(args.first, args.first + args.tournaments)
    listed: Counter[str] = Counter()
    unlisted: Counter[str] = Counter()
    reports: list[Any] = []
    with multiprocessing.get_context("fork").Pool(
        args.jobs, initializer=_setup, initargs=(args.warm_engine, args.team)
    ) as pool:
        for report in pool.imap_unordered(one, seeds, chunksize=2):
            reports.append(report)
            for difference in report.differences:
                known = classify(difference)
                if known is None:
                    unlisted[difference.kind] += 1
                    print(f"UNLISTED {difference.kind}: {difference.detail}", flush=True)
                else:
                    listed[f"{difference.kind} ({known.name})"] += 1
            if len(reports) % 100 == 0:
                elapsed = time.perf_counter() - started
                print(f"... {len(reports)} tournaments, {elapsed:.0f} s", flush=True)
    print(f"tournaments: {len(reports)} (seeds {seeds.start}..{seeds.stop - 1})")
    print(f"rounds paired both ways: {sum(r.rounds for r in reports)}")
    if args.team:
        print(f"matches compared: {sum(r.matches for r in reports)}")
        print(f"tie-break values compared: {sum(r.tiebreak_values for r in reports)}")
    else:
        print(f"boards compared: {sum(r.boards for r in reports)}")
        print(f"tie-break values and ranks compared: {sum(r.tiebreak_values for r in reports)}")
    print(f"listed differences: {sum(listed.values())} {dict(listed)}")
    print(f"unlisted differences: {sum(unlisted.values())} {dict(unlisted)}")
    tournaments_with = sum(1 for r in reports if any(classify(d) is None for d in r.differences))
    print(f"tournaments with an unlisted difference: {tournaments_with}")
    engine = "gacrux forked warm" if args.warm_engine else "engine subprocesses"
    print(f"seconds: {time.perf_counter() - started:.1f} with {args.jobs} jobs ({engine})")
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
