"""Online team Swiss load benchmark (issue 43): one round of a team event played online, on the
production topology of `bench_games.py` (uvicorn web processes, a Celery worker and beat,
Redis, PostgreSQL; the run itself is `games_load.play`, shared with it).

- The fixture, through the services on a database of its own: a team Swiss event with
  `mode: online` on a 3+2 clock, 200 teams x 4 boards, each squad 4 accounts that accepted
  the host's invitation (the first one the captain); round 1 paired by the engine, each
  captain submits the line-up, the arbiter closes the line-ups: 100 matches, 400 games
  (`services.online.board_games_create`). The round's clocks are held until every client
  is connected, as in `bench_games.py`.
- 800 WebSocket clients (one per player, by API token) on `/ws/games/{id}/`; each side moves
  `--think` (2 s, +-25 %) after its turn begins, a random legal move from python `chess`, with
  the ply it moves from; for 60 s.
- Targets: server move handling (frame in -> commit + broadcast, the `arbiter.games.timing`
  log lines) p95 <= 50 ms; every move sent in the database once (0 lost, 0 duplicated); the
  states heard match python `chess`. CPU per process group and per move, as bench_games.

Smaller: --teams, --seconds. Exit status 1 only on a correctness failure.

    .venv/bin/python benchmarks/bench_team_online.py [--teams 200] [--seconds 60]
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from games_load import Names, env_for_servers, play, restart_clocks  # noqa: E402

NAMES = Names(
    db="arbiter_bench_team_online",
    queue="bench-team-online",
    redis_db=8,
    log="/tmp/bench-team-online.log",
)
BOARDS = 4
CLOCK = (3, 2)  # minutes + seconds: blitz 3+2, as bench_games; never runs out at 2 s a move
MOVE_P95_MS = 50.0  # issue 43: 100 online team matches x 4 boards, move p95 <= 50 ms


def build_fixture(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The online team event of the module text, round 1's games created by closing the
    line-ups; a spec per game for the clients."""
    from django.core.management import call_command
    from django.utils import timezone

    from arbiter.games.models import Game as GameRow
    from arbiter.teams.models import Membership, Team
    from arbiter.teamswiss.models import TeamSwissEvent
    from arbiter.teamswiss.services.events import event_create
    from arbiter.teamswiss.services.invitations import squad_invitation_accept
    from arbiter.teamswiss.services.lineups import lineup_submit, lineups_close
    from arbiter.teamswiss.services.pairing import round_pair_next
    from arbiter.teamswiss.services.teams import SquadEntry, team_register
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create

    began = time.perf_counter()
    call_command("migrate", verbosity=0)
    leader = User.objects.create_user("leader", password="x")
    host = Team.objects.create(name="Bench", slug="bench")
    Membership.objects.create(team=host, user=leader, role=Membership.Role.LEADER)
    users = User.objects.bulk_create(User(username=f"p{i:04d}") for i in range(args.teams * BOARDS))
    tokens = {u.id: api_token_create(user=u, name="bench")[1] for u in users}
    event = event_create(
        host=host,
        user=leader,
        name="Bench online league",
        boards=BOARDS,
        num_rounds=5,
        mode=TeamSwissEvent.Mode.ONLINE,
        clock_minutes=CLOCK[0],
        clock_increment=CLOCK[1],
    )
    teams = []
    for t in range(args.teams):
        squad = users[t * BOARDS : (t + 1) * BOARDS]
        team = team_register(
            event=event,
            user=leader,
            name=f"Club {t + 1:03d}",
            captain=squad[0],
            squad=[SquadEntry(user=u) for u in squad],
        )
        for line in team.players.order_by("order"):  # each player agrees (squads by consent)
            assert line.invited is not None
            squad_invitation_accept(event=event, user=line.invited, player_id=line.id)
        teams.append(team)
    registered = time.perf_counter()
    rnd = round_pair_next(event=event, user=leader)
    paired = time.perf_counter()
    for team in teams:
        assert team.captain is not None
        # Four players for four boards: the line-up is the squad in its order.
        lineup: list[int | None] = list(team.players.order_by("order").values_list("id", flat=True))
        lineup_submit(team=team, number=rnd.number, user=team.captain, players=lineup)
    submitted = time.perf_counter()
    lineups_close(event=event, number=rnd.number, user=leader)
    closed = time.perf_counter()

    rows = GameRow.objects.filter(team_board__match__round=rnd).order_by("id")
    expected = args.teams // 2 * BOARDS
    if rows.count() != expected:
        raise RuntimeError(f"closing the line-ups made {rows.count()} games, not {expected}")
    restart_clocks([g.id for g in rows], timezone.now() + timedelta(hours=1))  # held till the run
    specs = []
    for g in rows:
        assert g.white_id is not None and g.black_id is not None  # every board has its players
        specs.append(
            {
                "id": g.id,
                "flag": False,
                "white_token": tokens[g.white_id],
                "black_token": tokens[g.black_id],
                "dup": False,
                "stop_after": None,
            }
        )
    print(
        f"fixture: an online team Swiss, {args.teams} teams x {BOARDS} boards, round 1 "
        f"{rnd.matches.count()} matches, {len(specs)} games on {CLOCK[0]}+{CLOCK[1]}; built in "
        f"{closed - began:.0f} s (accounts, tokens, teams and consents "
        f"{registered - began:.0f} s, pairing {paired - registered:.1f} s, line-ups "
        f"{submitted - paired:.1f} s, closing them into games {closed - submitted:.1f} s)"
    )
    return specs


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds before each move")
    # One web process per core: a game's moves are socket frames whose database work runs on
    # each process's thread pool, so a second process per core only adds a channel-layer
    # delivery per move and more processes fighting for the cores. Measured on 2 cores
    # (docs/team-swiss.md, 2026-12-07): 4 processes p95 128 and 182 ms, 2 processes 55 and
    # 61 ms, at 4.7-4.8 against 4.3 ms of web CPU a move.
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
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
    logging.getLogger("arbiter").setLevel(logging.WARNING)  # the fixture's services, in silence
    specs = build_fixture(args)
    return play(args, specs, NAMES, move_p95_ms=MOVE_P95_MS)


if __name__ == "__main__":
    sys.exit(main())
