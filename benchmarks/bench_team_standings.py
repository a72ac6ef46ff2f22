"""Team standings benchmark: a 200-team, 6-board event after 5 rounds.

Run: .venv/bin/python benchmarks/bench_team_standings.py
Prints the median seconds of 5 runs of `team_standings` (what the event recomputes after
every board result) with the order MP, BH/C1, BH, EMGSB, BH:GP, SB, DE, EDE, and with every
value code of the differential test then TBR, BBE, EDEBT, and of `board_scores`, next to the
target with PASS/FAIL, and gacrux's seconds on the same event's TRF (parse + the first
order's tie-breaks, in-process) for scale. Always exits 0.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter.tiebreaks.team import board_scores, team_standings
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.team_differential import gacrux_team_run
from tests.tiebreaks.team_generator import generate_team_event
from tests.tiebreaks.test_team_gacrux_differential import VALUE_CODES

ORDER = ("BH/C1", "BH", "EMGSB", "BH:GP", "SB", "DE", "EDE")
TARGET_SECONDS = 0.5


def timed(function: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> int:
    event = generate_team_event(2026, teams=200, boards=6, rounds=5)
    event = replace(event, tiebreaks=ORDER)
    games = sum(len(match.games) for match in event.matches)
    standings = timed(lambda: team_standings(event), 5)
    every = replace(event, tiebreaks=(*VALUE_CODES, "TBR", "BBE", "EDEBT"))
    every_code = timed(lambda: team_standings(every), 5)
    boards = timed(lambda: board_scores(event), 5)
    text = write_trf(team_event_to_trf(event))
    theirs = timed(lambda: gacrux_team_run(text, ["MP", *ORDER], 5), 1)
    verdict = "PASS" if standings <= TARGET_SECONDS else "FAIL"
    print(f"event: 200 teams x 6 boards, 5 rounds, {len(event.matches)} matches, {games} boards")
    print(f"team_standings ({', '.join(('MP', *ORDER))}): {standings:.3f} s")
    print(
        f"team_standings with all {len(every.tiebreaks)} codes of the differential test: "
        f"{every_code:.3f} s"
    )
    print(f"board_scores: {boards:.3f} s")
    print(f"gacrux (parse + the same tie-breaks): {theirs:.3f} s")
    print(f"target team_standings <= {TARGET_SECONDS} s: {standings:.3f} s {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
