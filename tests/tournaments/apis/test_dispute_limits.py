"""Disputes (issue 13, defect 2): a player may contradict only the opponent's report on a board
of the round being played; an arbiter's result and a completed round are beyond a player's
reach, so nothing a player does can leave the next round unpairable."""

from typing import Any

import pytest

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _event_with_round(count: int = 4) -> tuple[str, Any, dict[str, Any], dict[str, Any]]:
    team, leader, members = team_with_members(count, ratings=[2000 - 50 * i for i in range(count)])
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    return base, arbiter, started.json(), {u.username: u for u in members}


def _url(base: str, board: dict[str, Any]) -> str:
    return f"{base}/pairings/{board['id']}/result/"


def test_a_completed_round_cannot_be_disputed_and_the_next_round_pairs():
    base, arbiter, rnd, by_name = _event_with_round()
    for board in rnd["pairings"]:
        white = client_of(by_name[board["white"]])
        assert white.post(_url(base, board), {"result": "1-0"}, format="json").status_code == 200
    assert arbiter.get(f"{base}/rounds/1/").json()["status"] == "complete"

    board = rnd["pairings"][0]
    late = client_of(by_name[board["black"]]).post(
        _url(base, board), {"result": "0-1"}, format="json"
    )
    assert late.status_code == 400, late.json()
    assert "complete" in late.json()["message"]
    stored = arbiter.get(f"{base}/rounds/1/").json()["pairings"][0]
    assert stored["result"] == "1-0" and stored["disputed"] is False

    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()


def test_an_arbiters_result_cannot_be_disputed_by_a_player():
    base, arbiter, rnd, by_name = _event_with_round()
    board = rnd["pairings"][0]
    assert arbiter.post(_url(base, board), {"result": "1-0"}, format="json").status_code == 200

    contested = client_of(by_name[board["black"]]).post(
        _url(base, board), {"result": "0-1"}, format="json"
    )
    assert contested.status_code == 400, contested.json()
    assert "arbiter" in contested.json()["message"]
    stored = arbiter.get(f"{base}/rounds/1/").json()["pairings"][0]
    assert stored["result"] == "1-0" and stored["disputed"] is False


def test_a_forfeit_set_by_the_arbiter_cannot_be_disputed():
    base, arbiter, rnd, by_name = _event_with_round()
    board = rnd["pairings"][0]
    assert arbiter.post(_url(base, board), {"result": "+-"}, format="json").status_code == 200
    contested = client_of(by_name[board["black"]]).post(
        _url(base, board), {"result": "0-1"}, format="json"
    )
    assert contested.status_code == 400, contested.json()
    assert arbiter.get(f"{base}/rounds/1/").json()["pairings"][0]["result"] == "+-"


def test_the_opponents_report_in_the_current_round_can_still_be_disputed():
    base, arbiter, rnd, by_name = _event_with_round()
    board = rnd["pairings"][0]
    white, black = client_of(by_name[board["white"]]), client_of(by_name[board["black"]])
    assert white.post(_url(base, board), {"result": "1-0"}, format="json").status_code == 200
    contested = black.post(_url(base, board), {"result": "0-1"}, format="json")
    assert contested.status_code == 200 and contested.json()["disputed"] is True
    settled = arbiter.post(_url(base, board), {"result": "1/2-1/2"}, format="json")
    assert settled.status_code == 200 and settled.json()["disputed"] is False
