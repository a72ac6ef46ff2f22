"""Online games load benchmark on the production topology: uvicorn web processes, a Celery
worker and a Celery beat (the server's flag tick), Redis, PostgreSQL.

- 500 simultaneous games (1,000 WebSocket clients, one per player, authenticated by token)
  on `/ws/games/{id}/`; each side moves `--think` (2 s, +-25 %) after its turn begins, a legal move
  picked by python `chess`, sent with the ply it moves from; for 60 s;
- server move handling (the consumer, from the move frame to the commit and the broadcast,
  logged by `arbiter.games.timing`): target p95 <= 30 ms (issue 38's no-regression line; it
  was 50 ms before); client round trip p50 / p95;
- every move sent is in the database once: 0 lost, 0 duplicated. Some games have a second
  socket of the white player (a second tab) sending the same move at the same moment: one of
  the two must be refused;
- some games have a short clock, and in each one player stops moving at a random moment of
  the run (as a player who walks away): the server must end each game within 1 s of the
  clock's expiry, with no client action;
- every state a player's socket hears while the game runs shows what python `chess` makes of
  its FEN: the legal moves in SAN (the same moves in the same order), the SAN list one entry
  per ply, and the last entry the SAN of the last move in the previous position heard (the
  server keeps each game's position and SAN per process instead of replaying: docs/games.md).
Sizes can be lowered for a quick look: --games, --seconds, --flag-games, --dup-games.
Exit status 1 only on a correctness failure (lost or duplicated moves, a missing refusal, a
state that is not python `chess`'s). The servers, the clients and the verdict are
`games_load.py`'s (shared with `bench_team_online.py`); the fixture is this file's.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from games_load import Names, env_for_servers, play, restart_clocks  # noqa: E402

NAMES = Names(db="arbiter_bench_games", queue="bench-games", redis_db=4, log="/tmp/bench-games.log")
MAIN_CLOCK = (180, 2)  # blitz 3+2: never runs out at 2 s a move
MOVE_P95_MS = 30.0  # server move handling, p95 (issue 38: 500 games, move p95 <= 30 ms)


def build_fixture(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Online events whose round 1 is paired by the real services (one event per 100
    players): `args.games` games, `args.flag_games` of them on a short clock."""
    from django.core.management import call_command
    from django.utils import timezone

    from arbiter.games.models import Game as GameRow
    from arbiter.teams.models import Membership, Team
    from arbiter.tournaments.services.entries import tournament_join
    from arbiter.tournaments.services.lifecycle import tournament_create
    from arbiter.tournaments.services.pairing import round_start_now
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create

    call_command("migrate", verbosity=0)
    leader = User.objects.create_user("leader", password="x")
    team = Team.objects.create(name="Bench", slug="bench")
    Membership.objects.create(team=team, user=leader, role=Membership.Role.LEADER)
    users = User.objects.bulk_create(User(username=f"g{i:04d}") for i in range(2 * args.games))
    Membership.objects.bulk_create(
        Membership(team=team, user=u, role=Membership.Role.MEMBER) for u in users
    )
    tokens = {u.id: api_token_create(user=u, name="bench")[1] for u in users}
    # A flag game's clock: the increment pays for each move, so the clock runs out only
    # after a player stops moving (between 15% and 65% of the run), within the run.
    flag_clock = (max(5, int(args.seconds * 0.25)), 2)
    sizes = [(args.flag_games, flag_clock)] if args.flag_games else []
    rest = args.games - args.flag_games
    while rest > 0:
        sizes.append((min(rest, args.games_per_event), MAIN_CLOCK))
        rest -= args.games_per_event
    events, taken = [], 0
    for n, (games, (limit, increment)) in enumerate(sizes):
        event = tournament_create(
            team=team,
            user=leader,
            name=f"Bench {n + 1}",
            num_rounds=3,
            start_time=timezone.now() + timedelta(hours=1),
            clock_limit_seconds=limit,
            clock_increment_seconds=increment,
            round_interval_seconds=None,
        )
        for user in users[taken : taken + 2 * games]:
            tournament_join(tournament=event, user=user)
        taken += 2 * games
        round_start_now(tournament=event, user=leader)
        events.append(event)
    rows = GameRow.objects.filter(pairing__round__tournament__in=events).order_by("id")
    restart_clocks([g.id for g in rows], timezone.now() + timedelta(hours=1))  # held till the run
    specs = []
    for g in rows:
        assert g.white_id is not None and g.black_id is not None  # every seat has a user
        specs.append(
            {
                "id": g.id,
                "flag": g.initial_ms < MAIN_CLOCK[0] * 1000,
                "white_token": tokens[g.white_id],
                "black_token": tokens[g.black_id],
                "dup": False,
                "stop_after": None,
            }
        )
    for spec in [s for s in specs if not s["flag"]][: args.dup_games]:
        spec["dup"] = True
    rng = random.Random(16)
    for spec in specs:
        if spec["flag"]:
            spec["stop_after"] = rng.uniform(0.15, 0.65) * args.seconds
    print(
        f"fixture: {len(events)} online events, {len(specs)} games paired by round 1 "
        f"({args.flag_games} on a {flag_clock[0]}+{flag_clock[1]} clock, the rest "
        f"{MAIN_CLOCK[0]}+{MAIN_CLOCK[1]})"
    )
    return specs


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds before each move")
    parser.add_argument("--flag-games", type=int, default=50)
    parser.add_argument("--dup-games", type=int, default=20)
    parser.add_argument("--games-per-event", type=int, default=50)
    # The socket handler runs the database work in one thread per process: a few processes per
    # core keep the CPU busy while others wait for PostgreSQL.
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 2))
    parser.add_argument("--client-processes", type=int, default=2)
    args = parser.parse_args()

    # The live bench's process accounting (imported first: its import sets its own env).
    from bench_live import machine_speed

    env_for_servers(NAMES)
    print(f"machine speed: a fixed 5M-step Python loop took {machine_speed():.0f} ms")
    import django
    import redis
    from swiss_fixture import recreate_database

    recreate_database(NAMES.db)
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    django.setup()
    logging.getLogger("arbiter").setLevel(logging.WARNING)  # the fixture's joins, in silence
    specs = build_fixture(args)
    return play(args, specs, NAMES, move_p95_ms=MOVE_P95_MS)


if __name__ == "__main__":
    sys.exit(main())
