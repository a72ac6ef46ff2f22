"""Issue 25, item 1, through the real server: anyone may create a team and lead it, but a
leader cannot hand a registered entry (and its rated results) to another user. The probe's
scenario (a rated over-the-board event, two registered players, one linked to a victim's
username, a result set) leaves the victim's ratings, rating history and event list as they
were; a member of the team is only offered the entry, and linked once they confirm; a
finished event's entries are never linked."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

from arbiter.ratings.services import user_rating_set
from arbiter.users.services import api_token_create
from tests.factories.users import UserFactory
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)


class Api:
    def __init__(self, port: int, user: Any) -> None:
        self.root = f"http://127.0.0.1:{port}/api"
        self.token = api_token_create(user=user, name="probe")[1]

    def __call__(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.root + path,
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                raw = reply.read()
                return reply.status, json.loads(raw) if raw else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def _victim_record(api: Api, username: str) -> tuple[Any, ...]:
    profile = api("GET", f"/users/{username}/")
    history = api("GET", f"/users/{username}/rating-history/")
    events = api("GET", f"/tournaments/swiss/?player={username}")
    assert profile[0] == history[0] == events[0] == 200
    return profile[1]["ratings"], history[1], events[1]["count"]


def test_a_leader_cannot_move_another_users_rating() -> None:
    victim = UserFactory(username="victim")
    user_rating_set(user=victim, speed="rapid", rating=1500)
    attacker = UserFactory(username="mallory")
    with web_server(workers=1) as port:
        api, as_victim = Api(port, attacker), Api(port, victim)
        before = _victim_record(api, "victim")
        assert before[2] == 0

        assert api("POST", "/teams/", {"name": "Mallory's club"})[0] == 201
        slug = api("GET", "/teams/?mine=true")[1]["results"][0]["slug"]
        made, event = api(
            "POST",
            "/tournaments/swiss/",
            {
                "team": slug,
                "name": "Rated OTB",
                "num_rounds": 1,
                "start_time": "2027-01-01T00:00:00Z",
                "clock_limit_seconds": 900,
                "clock_increment_seconds": 10,
                "rated": True,
                "mode": "otb",
                "round_interval_seconds": None,
            },
        )
        assert made == 201, event
        base = f"/tournaments/swiss/{event['id']}"
        rows = {"players": [{"name": "Stooge, A", "rating": 2600}, {"name": "Mark, V"}]}
        added, entries = api("POST", f"{base}/registered/", rows)
        assert added == 201, entries
        stooge, mark = (entry["id"] for entry in entries)

        # The probe's request: link the entry to the victim's username. Not a member: refused.
        refused, answer = api("POST", f"{base}/registered/{mark}/link/", {"username": "victim"})
        assert refused == 400, answer
        assert "not a member" in answer["extra"]["fields"]["username"][0]
        # The attacker's own entry: offered to themselves, confirmed by themselves (their
        # consent is theirs to give).
        offered, claim = api("POST", f"{base}/registered/{stooge}/link/", {"username": "mallory"})
        assert (offered, claim["status"]) == (201, "offered")
        assert api("POST", f"{base}/registered/claims/{claim['id']}/approve/")[0] == 200

        # The victim joins the (open) team: a link is now only an offer, waiting for them.
        assert as_victim("POST", f"/teams/{slug}/join/")[0] in (200, 201)
        offered, claim = api("POST", f"{base}/registered/{mark}/link/", {"username": "victim"})
        assert (offered, claim["status"]) == (201, "offered"), claim
        forced = api("POST", f"{base}/registered/claims/{claim['id']}/approve/")
        assert forced[0] == 403, forced
        listed = dict((e["id"], e["username"]) for e in api("GET", f"{base}/registered/")[1])
        assert listed == {stooge: "mallory", mark: None}

        started, round_one = api("POST", f"{base}/start-next-round/")
        assert started == 201, round_one
        board = round_one["pairings"][0]
        white_wins = "1-0" if board["white"] == "mallory" else "0-1"
        set_, result = api("POST", f"{base}/pairings/{board['id']}/result/", {"result": white_wins})
        assert set_ == 200, result
        assert api("GET", base)[1]["status"] == "finished"

        # Finished: the victim's confirmation is refused too, and the record stays as it was.
        late = as_victim("POST", f"{base}/registered/claims/{claim['id']}/approve/")
        assert late[0] == 409, late
        assert _victim_record(api, "victim") == before
        listed = dict((e["id"], e["username"]) for e in api("GET", f"{base}/registered/")[1])
        assert listed == {stooge: "mallory", mark: None}


def test_a_member_confirms_an_offer_and_the_event_counts_for_them() -> None:
    leader, member = UserFactory(username="lead"), UserFactory(username="member")
    with web_server(workers=1) as port:
        api, as_member = Api(port, leader), Api(port, member)
        assert api("POST", "/teams/", {"name": "Fjord club"})[0] == 201
        slug = api("GET", "/teams/?mine=true")[1]["results"][0]["slug"]
        assert as_member("POST", f"/teams/{slug}/join/")[0] in (200, 201)
        made, event = api(
            "POST",
            "/tournaments/swiss/",
            {
                "team": slug,
                "name": "Club OTB",
                "num_rounds": 3,
                "start_time": "2027-01-01T00:00:00Z",
                "clock_limit_seconds": 900,
                "clock_increment_seconds": 10,
                "mode": "otb",
            },
        )
        assert made == 201, event
        base = f"/tournaments/swiss/{event['id']}"
        entry = api("POST", f"{base}/registered/", {"players": [{"name": "Member, M"}]})[1][0]
        claim = api("POST", f"{base}/registered/{entry['id']}/link/", {"username": "member"})[1]
        # The member sees the offer among their claims, and confirms it.
        assert [c["status"] for c in as_member("GET", f"{base}/registered/claims/")[1]] == [
            "offered"
        ]
        confirmed = as_member("POST", f"{base}/registered/claims/{claim['id']}/approve/")
        assert confirmed[0] == 200, confirmed
        assert confirmed[1]["username"] == "member"
        assert api("GET", "/tournaments/swiss/?player=member")[1]["count"] == 1
