"""The audit log: leaders' actions recorded with before and after, read by leaders only, as
pages and as CSV."""

import csv
import io

import pytest

from arbiter.tournaments.models import AuditEntry
from tests.factories.events import event_with_round
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def test_leader_actions_are_recorded_and_listed_for_leaders_only() -> None:
    built = event_with_round(4, 1, round_interval_seconds=None)
    base = f"/api/tournaments/swiss/{built.event.id}"
    leader = client_of(built.leader)
    board = built.boards[0]
    url = f"{base}/pairings/{board.id}/result/"
    assert leader.post(url, {"result": "1-0"}, format="json").status_code == 200
    assert leader.post(url, {"result": "0-1"}, format="json").status_code == 200
    assert leader.patch(f"{base}/", {"name": "Club Open"}, format="json").status_code == 200
    absent = built.users[-1].username
    assert leader.post(f"{base}/players/{absent}/withdraw/").status_code == 200
    # A player's own report is no arbiter action.
    other = built.boards[1]
    player = client_of(other.white.user)
    report = player.post(f"{base}/pairings/{other.id}/result/", {"result": "1-0"}, format="json")
    assert report.status_code == 200

    page = leader.get(f"{base}/audit/").json()
    assert page["count"] == 4
    rows = page["results"]  # newest first
    assert [r["action"] for r in rows] == [
        "player.paused",
        "event.edited",
        "result.corrected",
        "result.set",
    ]
    assert all(r["actor"] == built.leader.username for r in rows)
    assert rows[2]["before"]["result"] == "1-0" and rows[2]["after"]["result"] == "0-1"
    assert rows[2]["subject"].startswith("round 1 board 1: ")
    assert rows[1]["before"] == {"name": built.event.name}
    assert rows[1]["after"] == {"name": "Club Open"}
    assert rows[0]["subject"] == absent
    assert rows[0]["after"] == {"status": "paused"}
    filtered = leader.get(f"{base}/audit/", {"action": "result.set"}).json()
    assert filtered["count"] == 1

    assert client_of(built.users[0]).get(f"{base}/audit/").status_code == 403
    assert client_of(UserFactory()).get(f"{base}/audit.csv").status_code == 403
    assert leader.get(f"{base}/audit/", {"action": "nonsense"}).status_code == 400


def test_audit_csv_oldest_first_with_formulas_quoted() -> None:
    built = event_with_round(4, 1)
    base = f"/api/tournaments/swiss/{built.event.id}"
    leader = client_of(built.leader)
    assert leader.patch(f"{base}/", {"name": "=cmd()"}, format="json").status_code == 200
    assert leader.patch(f"{base}/", {"name": "Open"}, format="json").status_code == 200
    answer = leader.get(f"{base}/audit.csv")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == ["at", "actor", "action", "subject", "before", "after"]
    assert [r[2] for r in rows[1:]] == ["event.edited", "event.edited"]
    assert rows[1][5] == '{"name": "=cmd()"}'
    assert rows[2][4] == '{"name": "=cmd()"}'
    assert AuditEntry.objects.filter(tournament=built.event).count() == 2
