"""The issue's lichess-path findings replayed where they were seen: `make run`'s embedded
configuration (SQLite, in-process tasks) served by `manage.py serve`. Hostile bodies and
query numbers (defect 4), a name with a line break (5) and a round at the end of time (6) are
400s in lichess's shape, and the calendar feeds of an event whose stored name holds a line
break still answer."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_setup

SETUP = """
from datetime import timedelta
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

leader = User.objects.create_user("leader", password="x")
member = User.objects.create_user("member", password="x")
team = Team.objects.create(name="Embedded", slug="embedded")
Membership.objects.create(team=team, user=leader, role="leader")
Membership.objects.create(team=team, user=member, role="member")
event = tournament_create(team=team, user=leader, name="Embedded Swiss", num_rounds=3,
    start_time=timezone.now() + timedelta(hours=1), clock_limit_seconds=60,
    clock_increment_seconds=0, round_interval_seconds=None, mode="online")
tournament_join(tournament=event, user=member)
# A name stored before the name rule (by an older version, or straight into the database).
SwissTournament.objects.filter(id=event.id).update(name="Club\\r\\nNight")
_, token = api_token_create(user=leader, name="lichess")
print(event.id, token)
"""


def _call(url: str, *, token: str, body: bytes | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET")
    request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _error(answer: tuple[int, Any]) -> Any:
    status, content = answer
    assert status == 400, (status, content[:300])
    return json.loads(content)["error"]


def test_the_embedded_server_refuses_the_issues_input_and_keeps_its_feeds_up(tmp_path: Path):
    env, (event_id, token) = embedded_setup(tmp_path, SETUP)
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        base = f"{web.url}/api/swiss"
        deep = b"[" * 100_000 + b"]" * 100_000
        for path in ("new/embedded", f"{event_id}/edit", f"{event_id}/schedule-next-round"):
            assert "nested too deeply" in _error(_call(f"{base}/{path}", token=token, body=deep))
        surrogate = b'{"name": "a\\ud800b", "clock.limit": 60, "clock.increment": 0, "nbRounds": 3}'
        assert "surrogate" in _error(_call(f"{base}/new/embedded", token=token, body=surrogate))
        assert "nb" in _error(_call(f"{base}/{event_id}/results?nb=%C2%B2", token=token))
        huge = "9223372036854775808"
        assert "max" in _error(_call(f"{web.url}/api/team/embedded/swiss?max={huge}", token=token))

        named = json.dumps({"name": "Club\r\nNight", "nbRounds": 3}).encode()
        edit = _error(_call(f"{base}/{event_id}/edit?patch=1", token=token, body=named))
        assert list(edit) == ["name"]
        for date in ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59-14:00"):
            body = json.dumps({"date": date}).encode()
            refused = _error(
                _call(f"{base}/{event_id}/schedule-next-round", token=token, body=body)
            )
            assert list(refused) == ["date"]

        for feed in (f"/swiss/{event_id}.ics", "/@/member/swiss.ics"):
            status, content = _call(web.url + feed, token=token)
            assert status == 200, (feed, status, content[:300])
            assert content.startswith(b"BEGIN:VCALENDAR\r\n")
        status, content = _call(f"{web.url}/swiss/{event_id}.ics", token=token)
        assert b"X-WR-CALNAME:Club\\nNight\r\n" in content
