"""Parallel writes on PostgreSQL: row locks and constraints, not luck, keep the data right."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, transaction

from arbiter.tournaments.models import (
    ResultSubmission,
    SwissPairing,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
)
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.services.locking import tournament_results_turn_try
from arbiter.tournaments.services.results.group_commit import waiting_results_apply
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db(transaction=True)


def in_parallel(calls: list[Callable[[], Any]]) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            barrier.wait()
            results[i] = calls[i]()
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def started_event(players: int) -> tuple[str, Any, dict[str, Any], list[Any]]:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    first = client_of(leader).post(f"{base}/start-next-round/")
    assert first.status_code == 201
    return base, leader, first.json(), members


def test_twenty_parallel_result_reports():
    base, _, round_data, members = started_event(40)
    by_name = {u.username: u for u in members}
    boards = round_data["pairings"]
    assert len(boards) == 20

    def report(board: dict[str, Any]) -> Callable[[], int]:
        white = by_name[board["white"]]
        url = f"{base}/pairings/{board['id']}/result/"
        return lambda: client_of(white).post(url, {"result": "1-0"}, format="json").status_code

    started_at = SwissTournament.objects.get().standings_version
    codes = in_parallel([report(b) for b in boards])
    assert codes == [200] * 20
    assert SwissPairing.objects.filter(result="1-0").count() == 20
    assert SwissRound.objects.get().status == "complete"
    event = SwissTournament.objects.get()
    points = sum(p.points for p in event.participants.all())
    assert points == Decimal(20)
    # Group commit: reports that queued behind the event lock share one recomputation, so
    # there are at most as many as results (here they arrive together: fewer).
    assert 1 <= event.standings_version - started_at <= 20
    assert not ResultSubmission.objects.exists()  # each request removed its submission
    state = event_state(tournament=event)
    fresh = {int(s.player_id): s for s in standings_afresh(state)}
    for p in state.participants.values():
        assert (p.points, p.rank) == (fresh[p.id].points, fresh[p.id].rank)


def test_conflicting_reports_on_one_board_leave_one_consistent_result():
    base, _, round_data, members = started_event(4)
    board = round_data["pairings"][0]
    by_name = {u.username: u for u in members}
    url = f"{base}/pairings/{board['id']}/result/"
    white, black = by_name[board["white"]], by_name[board["black"]]
    calls = [
        (lambda u=u, r=r: client_of(u).post(url, {"result": r}, format="json").status_code)
        for u, r in [(white, "1-0"), (black, "0-1"), (white, "1-0"), (black, "0-1")] * 5
    ]
    codes = in_parallel(calls)
    assert set(codes) <= {200, 400}
    pairing = SwissPairing.objects.get(id=board["id"])
    # Either one side's report stands, or the two disagreed and the board awaits the arbiter.
    assert (pairing.result in ("1-0", "0-1") and not pairing.disputed) or (
        pairing.result == "" and pairing.disputed
    )


def test_five_parallel_round_starts_create_one_round():
    base, leader, round_data, members = started_event(10)
    by_name = {u.username: u for u in members}
    for board in round_data["pairings"]:
        white = by_name[board["white"]]
        url = f"{base}/pairings/{board['id']}/result/"
        assert client_of(white).post(url, {"result": "1/2-1/2"}, format="json").status_code == 200

    codes = in_parallel(
        [lambda: client_of(leader).post(f"{base}/start-next-round/").status_code] * 5
    )
    # The others are refused: 409 while the winner's engine runs (one pairing run per event),
    # 400 once its round is written (the round is already paired).
    assert sorted(codes)[0] == 201 and all(code in (400, 409) for code in sorted(codes)[1:])
    assert SwissRound.objects.filter(number=2).count() == 1
    entries = SwissRoundEntry.objects.filter(round__number=2)
    assert entries.count() == 10
    assert entries.values("participant").distinct().count() == 10


def test_a_failed_engine_call_leaves_the_round_unpaired_and_retriable(monkeypatch):
    base, leader, round_data, members = started_event(6)
    by_name = {u.username: u for u in members}
    for board in round_data["pairings"]:
        url = f"{base}/pairings/{board['id']}/result/"
        client_of(by_name[board["white"]]).post(url, {"result": "0-1"}, format="json")

    monkeypatch.setenv("ARBITER_PAIRING_TIMEOUT", "0.001")
    failed = client_of(leader).post(f"{base}/start-next-round/")
    assert failed.status_code == 503
    assert "pairing engine" in failed.json()["message"]
    assert not SwissRound.objects.filter(number=2).exists()
    assert SwissTournament.objects.get().current_round == 1

    monkeypatch.delenv("ARBITER_PAIRING_TIMEOUT")
    retried = client_of(leader).post(f"{base}/start-next-round/")
    assert retried.status_code == 201
    assert retried.json()["number"] == 2


def test_requests_behind_a_results_holder_wait_together_and_its_commit_decides_them():
    """While one request holds the event's results turn, the others wait for its commit side
    by side (share locks), not one after another in the lock's queue; the holder decides every
    submission it finds, refusals included, and each request answers its own outcome."""
    base, _, round_data, members = started_event(12)
    by_name = {u.username: u for u in members}
    boards = round_data["pairings"]
    event = SwissTournament.objects.get()
    version = event.standings_version
    holding, release = threading.Event(), threading.Event()

    def holder() -> None:
        try:
            with transaction.atomic():
                locked = tournament_results_turn_try(tournament_id=event.id)
                assert locked is not None
                holding.set()
                release.wait(timeout=60)
                waiting_results_apply(locked)
        finally:
            connection.close()

    def report(board: dict[str, Any], username: str) -> Callable[[], int]:
        url = f"{base}/pairings/{board['id']}/result/"
        user = by_name[username]
        return lambda: client_of(user).post(url, {"result": "1-0"}, format="json").status_code

    calls = [report(b, b["white"]) for b in boards[:5]]
    calls.append(report(boards[5], boards[0]["black"]))  # not a player of that board
    codes: list[Any] = []
    holding_thread = threading.Thread(target=holder)
    holding_thread.start()
    assert holding.wait(timeout=30)
    requests = threading.Thread(target=lambda: codes.extend(in_parallel(calls)))
    requests.start()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and _waiting_for_share_locks() < len(calls):
            time.sleep(0.05)
        waiting = _waiting_for_share_locks()
    finally:  # the threads end before the test's database is emptied, whatever was asserted
        release.set()
        holding_thread.join(timeout=60)
        requests.join(timeout=60)
    assert waiting == len(calls)  # all of them, at the same time

    assert codes == [200] * 5 + [403]
    event.refresh_from_db()
    assert event.standings_version == version + 1  # the holder's one recomputation
    assert SwissPairing.objects.filter(result="1-0").count() == 5
    assert not ResultSubmission.objects.exists()


def _waiting_for_share_locks() -> int:
    """Waiters on this test's database only: the other test workers share the server."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database() AND query LIKE %s",
            ["%FOR SHARE%"],
        )
        (count,) = cursor.fetchone()
    return int(count)
