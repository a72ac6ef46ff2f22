"""Swiss core benchmark: a 1,000-player event at round 6, on PostgreSQL.

- recording one result through the API, standings recomputation included (median ms);
- the standings endpoint's first page (p95 ms).
Targets: ≤ 300 ms and ≤ 50 ms. Uses its own database (arbiter_bench), rebuilt each run.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter_bench")
os.environ["ARBITER_TEST_DATABASE_NAME"] = "arbiter_bench"

import django  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402

PLAYERS, ROUNDS_DONE, TOTAL_ROUNDS = 1000, 5, 9


def main() -> int:
    recreate_database("arbiter_bench")
    django.setup()
    from rest_framework.test import APIClient

    from arbiter.tournaments.models import SwissPairing

    started = time.perf_counter()
    event, leader = build_event(players=PLAYERS, rounds_done=ROUNDS_DONE, total_rounds=TOTAL_ROUNDS)
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
