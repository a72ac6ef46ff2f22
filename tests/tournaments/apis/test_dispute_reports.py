"""Each player's own report is kept on the board (issue 15): a disputed board, whose result is
cleared, still shows the arbiter what both players claimed, in the round detail and in the
result's answer alike."""

from typing import Any

import pytest

from arbiter.tournaments.models import SwissPairing, SwissTournament
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _round_one() -> tuple[str, Any, dict[str, Any], dict[str, Any]]:
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    started = client_of(leader).post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    board = started.json()["pairings"][0]
    return base, client_of(leader), board, {u.username: u for u in members}


def _board(base: str, arbiter: Any, board_id: int) -> dict[str, Any]:
    boards = arbiter.get(f"{base}/rounds/1/").json()["pairings"]
    return next(b for b in boards if b["id"] == board_id)


def test_a_dispute_keeps_both_reports_until_and_after_the_arbiter_decides():
    base, arbiter, board, by_name = _round_one()
    url = f"{base}/pairings/{board['id']}/result/"
    assert board["white_report"] == "" and board["black_report"] == ""

    first = client_of(by_name[board["white"]]).post(url, {"result": "1-0"}, format="json")
    assert first.status_code == 200, first.json()
    assert (first.json()["white_report"], first.json()["black_report"]) == ("1-0", "")

    contested = client_of(by_name[board["black"]]).post(url, {"result": "0-1"}, format="json")
    assert contested.status_code == 200, contested.json()
    answer = contested.json()
    assert (answer["result"], answer["disputed"]) == ("", True)
    assert (answer["white_report"], answer["black_report"]) == ("1-0", "0-1")
    shown = _board(base, arbiter, board["id"])
    assert (shown["disputed"], shown["white_report"], shown["black_report"]) == (True, "1-0", "0-1")

    decided = arbiter.post(url, {"result": "1/2-1/2"}, format="json")
    assert decided.status_code == 200, decided.json()
    # The decision is the result; what each player said stays on record.
    assert (decided.json()["result"], decided.json()["disputed"]) == ("1/2-1/2", False)
    assert (decided.json()["white_report"], decided.json()["black_report"]) == ("1-0", "0-1")


def test_a_confirming_report_is_recorded_without_recomputing_the_standings():
    base, _, board, by_name = _round_one()
    url = f"{base}/pairings/{board['id']}/result/"
    black = client_of(by_name[board["black"]])
    assert black.post(url, {"result": "1/2-1/2"}, format="json").status_code == 200
    event_id = int(base.rsplit("/", 1)[1])
    version = SwissTournament.objects.get(id=event_id).standings_version

    confirmed = client_of(by_name[board["white"]]).post(url, {"result": "1/2-1/2"}, format="json")
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["result"] == "1/2-1/2" and confirmed.json()["disputed"] is False
    assert (confirmed.json()["white_report"], confirmed.json()["black_report"]) == (
        "1/2-1/2",
        "1/2-1/2",
    )
    assert SwissTournament.objects.get(id=event_id).standings_version == version
    stored = SwissPairing.objects.get(id=board["id"])
    assert (stored.white_report, stored.black_report) == ("1/2-1/2", "1/2-1/2")

    # Repeating it changes nothing and is not refused.
    again = black.post(url, {"result": "1/2-1/2"}, format="json")
    assert again.status_code == 200 and again.json()["black_report"] == "1/2-1/2"


def test_a_refused_report_leaves_the_reports_as_they_were():
    base, arbiter, board, by_name = _round_one()
    url = f"{base}/pairings/{board['id']}/result/"
    white = client_of(by_name[board["white"]])
    assert white.post(url, {"result": "1-0"}, format="json").status_code == 200
    # Changing one's own report is the arbiter's call.
    refused = white.post(url, {"result": "0-1"}, format="json")
    assert refused.status_code == 400, refused.json()
    shown = _board(base, arbiter, board["id"])
    assert (shown["result"], shown["white_report"], shown["black_report"]) == ("1-0", "1-0", "")
