"""Redis stops during a running round and comes back (issue 13, defects 4 and 5), on the
production topology: results reported meanwhile are saved (2xx), health says 503 while Redis is
away and 200 after, the worker and beat outlive the outage, rounds go on and pushes resume;
no result lost, no round doubled.

Before arbiter.core.broker, the worker died as soon as Redis went away while it held a task
waiting for its ETA (here: another event's start, scheduled for later): "Unrecoverable error:
AttributeError: 'NoneType' object has no attribute 'hostname'", and no round was paired again.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from websockets.sync.client import ClientConnection

from arbiter.tournaments.models import SwissPairing, SwissRound, SwissTournament
from tests.ops.scenario import (
    Team,
    event_running,
    next_push,
    result_report,
    round_paired,
    team_ready,
    watch,
)
from tests.ops.topology import Topology, production_topology, wait_until
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_SECONDS = 8


def a_start_scheduled_for_later(topology: Topology, team: Team) -> None:
    """Another event whose start is set for later: the worker holds that ETA task unacked."""
    assert topology.worker is not None
    log = topology.worker.log_path
    received = log.read_text().count("tournaments.round_start_due")
    later = event_running(topology, team, rounds=1, interval=60, start_in=3600, join=False)
    at = (timezone.now() + timedelta(minutes=30)).isoformat()
    status, body = topology.call(
        "POST", f"{later.base}/schedule-next-round/", token=later.leader, body={"at": at}
    )
    assert status == 200, body
    wait_until(
        "the worker received the scheduled start",
        lambda: log.read_text().count("tournaments.round_start_due") > received,
        timeout=WAIT_SECONDS,
    )


def late_results_then(socket: ClientConnection, board: int) -> set[int]:
    """Waits for the `game_result` push of `board` (alone: nothing else was reported since)
    and returns the boards pushed before it. The tick's catch-up may push the results reported
    during the outage only now (Redis restarted empty, so what was pushed is unknown): late,
    never lost."""
    before: set[int] = set()
    while True:
        ids = [r["id"] for r in next_push(socket, "game_result")["results"]]
        if board in ids:
            assert ids == [board]
            return before
        before.update(ids)


def test_a_redis_outage_during_a_round_loses_nothing_and_the_event_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ExitStack() as stack:
        topology = stack.enter_context(production_topology(tmp_path, monkeypatch))
        assert topology.worker is not None and topology.beat is not None
        team = team_ready(6)
        event = event_running(topology, team, rounds=3, interval=2)
        first = round_paired(topology, event, 1, timeout=60)
        assert len(first) == 3
        a_start_scheduled_for_later(topology, team)
        before = stack.enter_context(watch(topology, event))
        assert result_report(topology, event, first[0]) == 200
        heard = next_push(before, "game_result")
        assert [r["id"] for r in heard["results"]] == [first[0]]

        topology.redis.stop()
        # Results keep coming while Redis is away: each is saved and answered 2xx, though
        # its push and the next round's task cannot be sent.
        assert [result_report(topology, event, board) for board in first[1:]] == [200, 200]
        assert SwissPairing.objects.filter(id__in=first, result="1-0").count() == 3
        down = topology.wait_health(503, timeout=30)
        assert down["task_broker"]["ok"] is False
        time.sleep(OUTAGE_SECONDS)
        assert topology.worker.alive(), topology.worker.log_tail()
        assert topology.beat.alive(), topology.beat.log_tail()
        assert not SwissRound.objects.filter(tournament_id=event.id, number=2).exists()

        topology.redis.start()  # the same port, empty, as after a restart without persistence
        up = topology.wait_health(200, timeout=120)  # the worker reconnects within 30 s
        assert up["worker"]["ok"] and up["beat"]["ok"]
        second = round_paired(topology, event, 2, timeout=60)  # by the tick: nothing was lost
        after = stack.enter_context(watch(topology, event))
        assert result_report(topology, event, second[0]) == 200
        assert late_results_then(after, second[0]) <= set(first[1:])
        for board in second[1:]:
            assert result_report(topology, event, board) == 200
        third = next_push(after, "round_start", round=3)
        assert len(third["pairings"]) == 3
        for board in round_paired(topology, event, 3, timeout=30):
            assert result_report(topology, event, board) == 200
        next_push(after, "tournament_end", timeout=60)
        # The socket opened before the outage hears the pushes again too.
        assert next_push(before, "round_start", round=3)["pairings"] == third["pairings"]
        assert topology.worker.alive() and topology.beat.alive()

    rounds = SwissRound.objects.filter(tournament_id=event.id).order_by("number")
    assert list(rounds.values_list("number", flat=True)) == [1, 2, 3]  # none doubled
    boards = SwissPairing.objects.filter(round__tournament_id=event.id)
    assert boards.count() == 9 and not boards.filter(result="").exists()  # none lost
    tournament = SwissTournament.objects.get(id=event.id)
    assert tournament.status == "finished" and tournament.current_round == 3
