"""Swiss core benchmark: a 1,000-player event at round 6, on PostgreSQL.

- recording one result through the API, standings recomputation included (median ms);
- the standings endpoint's first page (p95 ms).
Targets: ≤ 300 ms and ≤ 50 ms. Uses its own database (arbiter_bench), rebuilt each run.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter_bench")
os.environ["ARBITER_TEST_DATABASE_NAME"] = "arbiter_bench"

import django  # noqa: E402

PLAYERS, ROUNDS_DONE, TOTAL_ROUNDS = 1000, 5, 9


def recreate_database() -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS arbiter_bench WITH (FORCE)")
        conn.execute("CREATE DATABASE arbiter_bench")


def build_event() -> tuple[Any, Any]:
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from arbiter.games.services import time_control_get_or_create
    from arbiter.teams.models import Membership, Team
    from arbiter.tournaments.models import (
        EntryKind,
        RoundStatus,
        SwissPairing,
        SwissParticipant,
        SwissRound,
        SwissRoundEntry,
        SwissTournament,
        TournamentStatus,
    )
    from arbiter.tournaments.services.standings import standings_store
    from arbiter.users.models import User

    call_command("migrate", verbosity=0)
    rng = random.Random(6)
    leader = User.objects.create_user("leader", password="x")
    team = Team.objects.create(name="Bench", slug="bench")
    Membership.objects.create(team=team, user=leader, role=Membership.Role.LEADER)
    users = User.objects.bulk_create(User(username=f"p{i:04d}") for i in range(PLAYERS))
    event = SwissTournament.objects.create(
        team=team,
        created_by=leader,
        name="Bench",
        num_rounds=TOTAL_ROUNDS,
        time_control=time_control_get_or_create(limit_seconds=180, increment_seconds=2),
        start_time=timezone.now() - timedelta(hours=3),
        status=TournamentStatus.RUNNING,
        current_round=ROUNDS_DONE + 1,
        tiebreak_order=["BH/C1", "BH", "SB", "PS", "DE"],
    )
    people = SwissParticipant.objects.bulk_create(
        SwissParticipant(
            tournament=event, user=u, rating=rng.randrange(1000, 2600), pairing_number=i + 1
        )
        for i, u in enumerate(users)
    )
    met: set[frozenset[int]] = set()
    for number in range(1, ROUNDS_DONE + 2):
        rnd = SwissRound.objects.create(
            tournament=event,
            number=number,
            status=RoundStatus.COMPLETE if number <= ROUNDS_DONE else RoundStatus.PLAYING,
        )
        order = people[:]
        rng.shuffle(order)
        boards: list[Any] = []
        entries: list[Any] = []
        while len(order) >= 2:
            a = order.pop()
            b = next(p for p in reversed(order) if frozenset((a.id, p.id)) not in met)
            order.remove(b)
            met.add(frozenset((a.id, b.id)))
            result = rng.choice(["1-0", "0-1", "1/2-1/2"]) if number <= ROUNDS_DONE else ""
            boards.append(
                SwissPairing(round=rnd, board=len(boards) + 1, white=a, black=b, result=result)
            )
        boards = SwissPairing.objects.bulk_create(boards)
        for board in boards:
            entries += [
                SwissRoundEntry(
                    round=rnd, participant=board.white, kind=EntryKind.GAME, pairing=board
                ),
                SwissRoundEntry(
                    round=rnd, participant=board.black, kind=EntryKind.GAME, pairing=board
                ),
            ]
        SwissRoundEntry.objects.bulk_create(entries)
    standings_store(tournament=event)
    return event, leader


def main() -> int:
    recreate_database()
    django.setup()
    from rest_framework.test import APIClient

    from arbiter.tournaments.models import SwissPairing

    started = time.perf_counter()
    event, leader = build_event()
    print(
        f"setup: {PLAYERS} players, round {ROUNDS_DONE + 1} of {TOTAL_ROUNDS} "
        f"({time.perf_counter() - started:.1f} s)"
    )
    client = APIClient()
    client.force_authenticate(leader)
    boards = list(SwissPairing.objects.filter(round__number=ROUNDS_DONE + 1).order_by("board")[:40])

    record = []
    for i, board in enumerate(boards):
        url = f"/api/tournaments/swiss/{event.id}/pairings/{board.id}/result/"
        t0 = time.perf_counter()
        response = client.post(url, {"result": "1-0" if i % 2 else "0-1"}, format="json")
        record.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200, response.content
    page = []
    for _ in range(200):
        t0 = time.perf_counter()
        response = client.get(f"/api/tournaments/swiss/{event.id}/standings/")
        page.append((time.perf_counter() - t0) * 1000)
        assert response.status_code == 200 and len(response.json()["results"]) == 50
    median = statistics.median(record)
    p95 = statistics.quantiles(page, n=20)[18]
    print(
        f"record one result + standings: median {median:.0f} ms (target <= 300 ms) "
        f"{'PASS' if median <= 300 else 'FAIL'}"
    )
    verdict = "PASS" if p95 <= 50 else "FAIL"
    print(f"standings first page: p95 {p95:.1f} ms (target <= 50 ms) {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
