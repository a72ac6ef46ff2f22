"""Team pairing runs outside every transaction, under the event's pairing lease: while the
real engine (gacrux fideteam, held at a gate) pairs a round, the event's row is not locked and
its writes are answered; a write that changed the engine's input makes the answer stale and
the round is paired again; a second pairing request is refused at once (409), never a second
round."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from arbiter.common.pairing_lease import BUSY
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch, TeamSwissRound
from tests.teamswiss.engine_gate import EngineGate
from tests.teamswiss.helpers import event_with_teams
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20  # seconds a request may take on a loaded machine before we call it blocked


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EngineGate]:
    held = EngineGate(tmp_path / "gate")
    for name, value in held.environment().items():
        monkeypatch.setenv(name, value)
    try:
        yield held
    finally:
        held.open()  # never leave an engine waiting


def in_thread(call: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    answer: dict[str, Any] = {}

    def run() -> None:
        try:
            answer["response"] = call()
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, answer


def answered(thread: threading.Thread, answer: dict[str, Any], what: str) -> Any:
    thread.join(timeout=WAIT)
    assert not thread.is_alive(), f"{what} still waits while the engine runs"
    return answer["response"]


def test_the_event_row_is_not_locked_while_the_engine_pairs(gate: EngineGate) -> None:
    built = event_with_teams(teams=4)
    base = f"/api/team-swiss/{built.event.id}"
    start, started = in_thread(lambda: client_of(built.leader).post(f"{base}/start-next-round/"))
    gate.wait_for_runs(1)  # the engine is running, held at the gate

    with transaction.atomic():  # nobody holds the event's row: NOWAIT takes it at once
        try:
            TeamSwissEvent.objects.select_for_update(nowait=True).get(id=built.event.id)
        except DatabaseError as exc:
            pytest.fail(f"the event's row is locked while the engine runs: {exc}")
    edit, edited = in_thread(
        lambda: client_of(built.leader).patch(
            f"{base}/", {"description": "Round 1 at seven."}, format="json"
        )
    )
    response = answered(edit, edited, "an edit of the event")
    assert response.status_code == 200, response.json()

    gate.open()
    response = answered(start, started, "the pairing")
    assert response.status_code == 201, response.json()
    assert response.json()["number"] == 1
    # The description is no input of the engine's: its answer stood, one run only.
    assert len(gate.runs()) == 1
    assert TeamSwissMatch.objects.filter(round__event=built.event).count() == 2


def test_a_change_of_the_input_while_the_engine_pairs_makes_it_pair_again(
    gate: EngineGate,
) -> None:
    built = event_with_teams(teams=4)
    base = f"/api/team-swiss/{built.event.id}"
    start, started = in_thread(lambda: client_of(built.leader).post(f"{base}/start-next-round/"))
    gate.wait_for_runs(1)

    withdrawn = built.teams[3]
    leave, left = in_thread(
        lambda: client_of(built.leader).post(f"{base}/teams/{withdrawn.tpn}/withdraw/")
    )
    response = answered(leave, left, "a withdrawal")
    assert response.status_code == 200, response.json()

    gate.open()
    response = answered(start, started, "the pairing")
    assert response.status_code == 201, response.json()
    # The first answer paired the withdrawn team: discarded, the engine asked again.
    assert len(gate.runs()) == 2
    matches = TeamSwissMatch.objects.filter(round__event=built.event)
    assert matches.count() == 2  # one match and the bye of the three teams left
    paired = {m.white_id for m in matches} | {m.black_id for m in matches if m.black_id}
    assert withdrawn.id not in paired and len(paired) == 3


def test_a_second_pairing_request_while_the_engine_runs_is_refused_busy(
    gate: EngineGate,
) -> None:
    built = event_with_teams(teams=4)
    base = f"/api/team-swiss/{built.event.id}"
    start, started = in_thread(lambda: client_of(built.leader).post(f"{base}/start-next-round/"))
    gate.wait_for_runs(1)

    again, second = in_thread(lambda: client_of(built.leader).post(f"{base}/start-next-round/"))
    response = answered(again, second, "the second pairing request")
    assert response.status_code == 409, response.json()
    assert response.json()["message"] == BUSY

    gate.open()
    response = answered(start, started, "the pairing")
    assert response.status_code == 201, response.json()
    assert len(gate.runs()) == 1
    assert list(TeamSwissRound.objects.filter(event=built.event).values_list("number")) == [(1,)]
    event = TeamSwissEvent.objects.get(id=built.event.id)
    assert (event.pairing_holder, event.pairing_until) == ("", None)  # released
