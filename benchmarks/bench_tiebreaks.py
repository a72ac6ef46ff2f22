"""Tie-break benchmark: full standings with PTS, BH/C1, BH, SB, PS, ARO, DE, TPR.

Run: .venv/bin/python benchmarks/bench_tiebreaks.py
Prints our seconds for 1,000 players x 11 rounds and 4,000 x 15 (median of 5 runs of
`rank()` on the in-memory model, the path used after every result, and once more including
reading the TRF file), gacrux's seconds on the same 1,000-player TRF (parse + tie-breaks,
in-process) and the ratio, each next to its target with PASS/FAIL. Always exits 0.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter.tiebreaks import rank
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.trf.reader import read_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.generator import generate
from tests.tiebreaks.oracle import gacrux_run

ORDER = ["PTS", "BH/C1", "BH", "SB", "PS", "ARO", "DE", "TPR"]
TARGET_SECONDS = 0.5
TARGET_RATIO = 10.0


def timed(function: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    results: dict[int, tuple[float, float]] = {}
    texts: dict[int, str] = {}
    for players, rounds in ((1000, 11), (4000, 15)):
        event = generate(2026, "2026", players=players, rounds=rounds)
        text = write_trf(event.tournament)
        texts[players] = text

        def from_model(e: Any = event) -> None:
            rank(e.rounds, e.players, ORDER)

        model = timed(from_model, 5)

        def from_file(t: str = text) -> None:
            game_rounds, game_players = to_tiebreak_model(read_trf(t))
            rank(game_rounds, game_players, ORDER)

        results[players] = (model, timed(from_file, 3))
        print(
            f"ours {players} players x {rounds} rounds: rank() {model:.3f} s, "
            f"with TRF reading {results[players][1]:.3f} s"
        )
    ours, ours_with_file = results[1000]
    theirs = timed(lambda: gacrux_run(texts[1000], ORDER), 1)
    print(f"gacrux 1000 players x 11 rounds (parse + tie-breaks): {theirs:.3f} s")
    print(
        f"target 1000 x 11 rank() <= {TARGET_SECONDS} s: {ours:.3f} s "
        f"{verdict(ours <= TARGET_SECONDS)}"
    )
    print(
        f"target ratio gacrux / ours >= {TARGET_RATIO:.0f}x: {theirs / ours:.1f}x "
        f"{verdict(theirs / ours >= TARGET_RATIO)} "
        f"(including our TRF reading: {theirs / ours_with_file:.1f}x "
        f"{verdict(theirs / ours_with_file >= TARGET_RATIO)})"
    )
    print(f"4000 x 15 rank(): {results[4000][0]:.3f} s (reported, no target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
