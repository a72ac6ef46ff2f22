"""Benchmark: pair round 5 of a 200-team, 6-board team Swiss (FIDE C.04.6) with
`pair_team_round`, and recompute the team standings.

The four earlier rounds come from a deterministic simple legal pairing (teams in score order,
each with the first team below it not met yet, White on board 1 alternating) with seeded
board results (the stronger board wins more often, a few forfeits): quick to build, not C.04.6.
Round 5 is paired RUNS times by our whole path (the TRF-2026 team records, gacrux fideteam as a
subprocess, reading and validating its answer); the median run is printed with the engine's
share (the subprocess, start to exit) and ours (everything else: building and writing the
TRF, the temporary directory, reading and validating the answer).

Then `arbiter.tiebreaks.team.team_standings` recomputes the standings of the same event
(RUNS times, the median), and the round's total (pairing + standings) is checked against
TARGET_SECONDS with the engine's share of it. The target is ours: a leader waits for the
pairing of a 200-team league round, and 5 s leaves room over the 2.2 s measured here.

    .venv/bin/python benchmarks/bench_team_swiss.py [--teams 200] [--boards 6] [--runs 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter.pairing.team import pair_team_round
from arbiter.tiebreaks.team import team_standings
from arbiter.trf.team_event import BoardGame, Match, Team, TeamEvent, TeamPlayer, board_colour

TOTAL_ROUNDS = 9
ROUND = 5
RESERVES = 1
TARGET_SECONDS = 5.0  # pairing + standings of the round


def build_event(teams: int, boards: int, seed: int = 5) -> TeamEvent:
    """`teams` squads of `boards` + 1 players and four rounds played (see the module text)."""
    rng = random.Random(seed)
    players: list[TeamPlayer] = []
    squads: list[Team] = []
    strength: dict[int, int] = {}
    number = 1
    for tpn in range(1, teams + 1):
        squad = []
        for board in range(boards + RESERVES):
            rating = 2600 - 3 * tpn - 15 * board
            players.append(TeamPlayer(number, f"Player {number:04d}", rating))
            strength[number] = rating
            squad.append(number)
            number += 1
        squads.append(Team(tpn, f"Team {tpn:03d}", tuple(squad)))
    matches: list[Match] = []
    points = dict.fromkeys(range(1, teams + 1), 0)
    met: set[frozenset[int]] = set()
    for rnd in range(1, ROUND):
        order = sorted(points, key=lambda t: (-points[t], t))
        bye = order.pop() if len(order) % 2 else None
        while order:
            white = order.pop(0)
            black = next((t for t in order if frozenset((white, t)) not in met), order[0])
            order.remove(black)
            met.add(frozenset((white, black)))
            if rnd % 2 == 0:
                white, black = black, white
            games = []
            score = 0.0
            for board in range(1, boards + 1):
                first = board_colour(board) == "w"
                home, away = (white, black) if first else (black, white)
                wp = squads[home - 1].players[board - 1]
                bp = squads[away - 1].players[board - 1]
                chance = 0.5 + (strength[wp] - strength[bp]) / 800
                draw = rng.random()
                result = "1-0" if draw < chance - 0.15 else "0-1" if draw > chance + 0.15 else "1/2"
                if rng.random() < 0.01:
                    result = "+-"
                games.append(BoardGame(board, wp, bp, result))
                sign = 1 if first else -1
                score += sign * {"1-0": 1, "0-1": -1, "+-": 1}.get(result, 0)
            matches.append(Match(rnd, white, black, tuple(games)))
            if score > 0:
                points[white] += 2
            elif score < 0:
                points[black] += 2
            else:
                points[white] += 1
                points[black] += 1
        if bye is not None:
            matches.append(Match(rnd, bye, None))
            points[bye] += 2
    return TeamEvent(
        name="Benchmark team Swiss",
        boards=boards,
        total_rounds=TOTAL_ROUNDS,
        teams=tuple(squads),
        players=tuple(players),
        matches=tuple(matches),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    event = build_event(args.teams, args.boards)
    print(
        f"{args.teams} teams x {args.boards} boards, round {ROUND} of {TOTAL_ROUNDS} "
        f"({len(event.matches)} matches before it), {args.runs} runs"
    )
    runs = []
    for _ in range(args.runs):
        started = time.perf_counter()
        pairing = pair_team_round(event, ROUND)
        total = time.perf_counter() - started
        runs.append((total, pairing.timings.engine, pairing))
    total, engine, pairing = sorted(runs, key=lambda run: run[0])[len(runs) // 2]
    ours = total - engine
    print(
        f"pairing (median): {total:.3f} s total; engine subprocess {engine:.3f} s "
        f"({engine / total:.1%}); ours {ours * 1000:.1f} ms ({ours / total:.1%}: TRF "
        f"{pairing.timings.trf * 1000:.1f} ms, parse {pairing.timings.parse * 1000:.1f} ms, "
        f"validation {pairing.timings.validation * 1000:.1f} ms)"
    )
    print(
        f"  all runs: {', '.join(f'{t:.3f}' for t, _, _ in runs)} s; "
        f"{len(pairing.matches)} matches, bye {pairing.bye}"
    )
    timings = []
    for _ in range(args.runs):
        started = time.perf_counter()
        team_standings(event)
        timings.append(time.perf_counter() - started)
    standings = statistics.median(timings)
    print(f"standings recompute (median): {standings * 1000:.1f} ms")
    both = total + standings
    verdict = "PASS" if both < TARGET_SECONDS else "FAIL"
    print(
        f"round total: {both:.3f} s (target < {TARGET_SECONDS:.0f} s) {verdict}; "
        f"engine share {engine / both:.1%}"
    )
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
