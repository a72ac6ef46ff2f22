"""A team event's audit log: an arbiter's board result decisions (set, a dispute decided,
corrected) recorded with before and after, a player's report not; read by the host team's
leaders only, as pages (the individual log's shape and `action` filter) and as CSV."""

from __future__ import annotations

import csv
import io

import pytest

from arbiter.teamswiss.models import TeamAuditEntry
from arbiter.teamswiss.services.audit import team_audit_record
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams, round_stored
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def test_result_decisions_are_audited_and_listed_for_the_hosts_leaders() -> None:
    built = event_with_teams(teams=2, boards=2)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    leader = client_of(built.leader)

    def result(user, board: int, code: str) -> None:
        answer = client_of(user).post(
            f"{base}/rounds/1/boards/1/{board}/result/", {"result": code}, format="json"
        )
        assert answer.status_code == 200, answer.json()

    # Board 1: the players disagree (their reports are no arbiter action), the arbiter decides.
    white1, black1 = built.players[0][0], built.players[1][0]
    result(white1, 1, "1-0")
    result(black1, 1, "0-1")
    assert not TeamAuditEntry.objects.exists()
    result(built.leader, 1, "1/2")
    # Board 2 (Club B's player has White): set as a forfeit, then corrected.
    result(built.leader, 2, "+-")
    result(built.leader, 2, "0-1")

    page = leader.get(f"{base}/audit/")
    assert page.status_code == 200
    body = page.json()
    assert set(body) == {"count", "next", "previous", "results"} and body["count"] == 3
    rows = body["results"]  # newest first
    assert [row["action"] for row in rows] == ["result.corrected", "result.set", "result.set"]
    assert all(row["actor"] == built.leader.username for row in rows)
    assert set(rows[0]) == {"id", "at", "actor", "action", "subject", "before", "after"}
    names2 = built.players[1][1].username, built.players[0][1].username
    assert rows[0]["subject"] == f"round 1 match 1 board 2: {names2[0]} - {names2[1]}"
    assert rows[0]["before"] == {"result": "+-", "disputed": False}
    assert rows[0]["after"] == {"result": "0-1"}
    assert rows[1]["before"] == {"result": "", "disputed": False}
    assert rows[2]["subject"] == f"round 1 match 1 board 1: {white1.username} - {black1.username}"
    assert rows[2]["before"] == {"result": "", "disputed": True}  # the dispute decided
    assert rows[2]["after"] == {"result": "1/2"}

    filtered = leader.get(f"{base}/audit/", {"action": "result.corrected"}).json()
    assert [row["id"] for row in filtered["results"]] == [rows[0]["id"]]
    bad = leader.get(f"{base}/audit/", {"action": "result.maybe"})
    assert bad.status_code == 400 and "action" in bad.json()["extra"]["fields"]

    for user in (white1, built.captains[0], UserFactory()):
        assert client_of(user).get(f"{base}/audit/").status_code == 403
        assert client_of(user).get(f"{base}/audit.csv").status_code == 403


def test_the_csv_is_oldest_first_with_formulas_quoted() -> None:
    built = event_with_teams(teams=2, boards=1)
    event = built.event
    team_audit_record(
        event=event, actor=built.leader, action="result.set", subject="=cmd()", after={"a": 1}
    )
    team_audit_record(event=event, actor=None, action="result.corrected", before={"a": "-1"})
    with pytest.raises(ValueError, match="unknown audit action"):
        team_audit_record(event=event, actor=None, action="result.guessed")

    answer = client_of(built.leader).get(f"/api/team-swiss/{event.id}/audit.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    assert f'filename="team-audit-{event.id}.csv"' in answer["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == ["at", "actor", "action", "subject", "before", "after"]
    assert [row[1:] for row in rows[1:]] == [
        [built.leader.username, "result.set", "'=cmd()", "", '{"a": 1}'],
        ["", "result.corrected", "", '{"a": "-1"}', ""],
    ]
