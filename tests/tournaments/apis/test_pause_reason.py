"""Why a paused entry sits out (`pause_reason`) and when the event really started (`started_at`),
as the event page reads them (docs/swiss.md, "Check-in"; issue 39)."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _row(base: str, name: str) -> dict[str, Any]:
    rows = APIClient().get(f"{base}/standings/", {"username": name}).json()["results"]
    assert len(rows) == 1, rows
    return dict(rows[0])


def test_each_way_of_being_paused_is_named_and_a_rejoin_clears_it() -> None:
    team, leader, members = team_with_members(5)
    event = create_event(leader, team, num_rounds=3, checkin_minutes=30)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:  # round 1 in an hour: the window is not open, joining checks nobody in
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    assert arbiter.patch(f"{base}/", {"checkin_minutes": 90}, format="json").status_code == 200
    late, quitter, withdrawn, absent = members[4], members[1], members[2], members[3]
    for user in members[:4]:
        assert client_of(user).post(f"{base}/check-in/").status_code == 200
    assert _row(base, late.username)["pause_reason"] == ""  # active: no reason

    assert arbiter.post(f"{base}/start-next-round/").status_code == 201

    # Not checked in when round 1 was paired: paused for that reason, not "withdrawn".
    assert (_row(base, late.username)["status"], _row(base, late.username)["pause_reason"]) == (
        "paused",
        "no_check_in",
    )
    quit_answer = client_of(quitter).post(f"{base}/withdraw/")
    assert quit_answer.json()["pause_reason"] == "withdrew"
    by_leader = arbiter.post(f"{base}/players/{withdrawn.username}/withdraw/")
    assert by_leader.json()["pause_reason"] == "arbiter"
    assert _row(base, withdrawn.username)["pause_reason"] == "arbiter"

    # The arbiter records a no-show on the board of the one left playing.
    boards = APIClient().get(f"{base}/rounds/1/").json()["pairings"]
    board = next(b for b in boards if absent.username in (b["white"], b["black"]))
    side = "white" if board["white"] == absent.username else "black"
    forfeit = "-+" if side == "white" else "+-"  # a no-show loses by forfeit
    set_answer = arbiter.post(
        f"{base}/pairings/{board['id']}/result/",
        {"result": forfeit, "no_show": side},
        format="json",
    )
    assert set_answer.status_code == 200, set_answer.json()
    assert _row(base, absent.username)["pause_reason"] == "no_show"

    # Back in: the reason goes with the pause.
    rejoined = client_of(late).post(f"{base}/rejoin/")
    assert rejoined.status_code == 200, rejoined.json()
    assert (rejoined.json()["status"], rejoined.json()["pause_reason"]) == ("active", "")
    assert _row(base, late.username)["pause_reason"] == ""


def test_started_at_is_round_ones_start_not_the_listed_time() -> None:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=2)
    base = f"/api/tournaments/swiss/{event['id']}"
    assert event["started_at"] is None
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    # Started early, an hour before the listed start.
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201

    started = APIClient().get(f"{base}/rounds/1/").json()["started_at"]
    detail = APIClient().get(f"{base}/").json()
    assert detail["started_at"] == started
    assert detail["started_at"] < detail["start_time"]
    listed = APIClient().get("/api/tournaments/swiss/", {"team": team.slug}).json()["results"]
    assert [row["started_at"] for row in listed] == [started]
