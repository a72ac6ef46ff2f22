"""Two defects seen on `make run`'s embedded server, through that server (SQLite, in-memory
channel layer, in-process tasks): a squad listing someone else's account only invites it
(the victim is not locked out of their own team), and an event whose two teams left the same
board empty pairs its next round."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_setup

pytestmark = pytest.mark.timeout(240)

SETUP = """
from arbiter.teams.models import Membership, Team
from arbiter.teamswiss.services.events import event_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

tokens = []
for name in ("leader", "mallory", "victim", "captain"):
    user = User.objects.create_user(name, password="x")
    tokens.append(api_token_create(user=user, name="served")[1])
team = Team.objects.create(name="Embedded", slug="embedded")
Membership.objects.create(team=team, user=User.objects.get(username="leader"), role="leader")
event = event_create(host=team, user=User.objects.get(username="leader"), name="League",
    boards=2, num_rounds=3)
print(event.id, *tokens)
"""


class Client:
    def __init__(self, root: str, token: str) -> None:
        self.root, self.token = f"{root}/api/team-swiss", token

    def __call__(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.root + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as reply:
                raw = reply.read()
                kind = reply.headers.get("Content-Type", "")
                return reply.status, json.loads(raw) if raw and "json" in kind else raw
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def test_consent_and_an_empty_board_on_the_embedded_server(tmp_path: Path) -> None:
    env, (event_id, *tokens) = embedded_setup(tmp_path, SETUP)
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        leader, mallory, victim, _ = (Client(web.url, token) for token in tokens)
        base = f"/{event_id}"

        # 1. Mallory lists the victim's account: only an invitation, no lock-out.
        listed = [{"username": "mallory"}, {"username": "victim"}]
        status, team = mallory("POST", f"{base}/teams/", {"name": "Poachers", "players": listed})
        assert status == 201, team
        assert [(p["username"], p["invited"]) for p in team["players"]] == [
            ("mallory", None),
            (None, "victim"),
        ]
        forged = [{"username": "victim", "rating": 3500}, {"name": "X"}]
        status, refused = mallory("POST", f"{base}/teams/", {"name": "Forgers", "players": forged})
        assert status == 400 and "come from the account" in refused["extra"]["fields"]["players"][0]
        own = {"name": "Victims", "players": [{"username": "victim"}, {"name": "Friend"}]}
        status, mine = victim("POST", f"{base}/teams/", own)
        assert status == 201, mine
        status, page = victim("GET", "/invitations/")
        assert status == 200 and [i["team"]["name"] for i in page["results"]] == ["Poachers"]
        invitation = page["results"][0]["id"]
        assert victim("DELETE", f"{base}/invitations/{invitation}/")[0] == 204
        assert victim("GET", "/invitations/")[1]["count"] == 0

        # 3. Two more teams (another user captains them: the leader stays the arbiter, with
        # no side); round 1; both teams of table 1 leave board 2 empty.
        for name in ("Rooks", "Knights"):
            squad = [{"name": f"{name} {i}", "rating": 1600 - i} for i in (1, 2)]
            body = {"name": name, "captain": "captain", "players": squad}
            assert leader("POST", f"{base}/teams/", body)[0] == 201
        status, rnd = leader("POST", f"{base}/start-next-round/")
        assert status == 201, rnd
        detail = leader("GET", f"{base}/")[1]
        squads = {t["tpn"]: [p["id"] for p in t["players"]] for t in detail["teams"]}
        table = rnd["matches"][0]
        for side in ("white", "black"):
            tpn = table[side]["tpn"]
            url = f"{base}/rounds/1/lineups/{tpn}/"
            status, lineup = leader("PUT", url, {"players": [squads[tpn][0], None]})
            assert status == 200, lineup
            status, lineup = leader("GET", url)
            assert status == 200 and lineup["players"][1] is None, lineup
        status, rnd = leader("POST", f"{base}/rounds/1/close-lineups/")
        assert status == 200, rnd
        for match in rnd["matches"]:
            for board in match["boards"]:
                if not board["result"]:
                    url = f"{base}/rounds/1/boards/{match['table']}/{board['board']}/result/"
                    assert leader("POST", url, {"result": "1/2"})[0] == 200
        status, second = leader("POST", f"{base}/start-next-round/")
        assert status == 201, second
        assert second["number"] == 2
        status, trf = leader("GET", f"{base}/export/trf/")
        assert status == 200 and b"300   1" in trf
