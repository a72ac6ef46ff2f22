"""Fair-play entry rules (issue 43): a minimum account age and a minimum number of rated games
at the event's speed, refused on every join path and shown in the entry conditions."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from arbiter.ratings.models import Rating
from arbiter.tournaments.models import SwissParticipant
from tests.lichess.swiss.helpers import bearer_client, post_json
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _native(user: Any, event_id: int) -> tuple[bool, Any]:
    response = client_of(user).post(f"/api/tournaments/swiss/{event_id}/join/", {}, format="json")
    assert response.status_code in (201, 400), response.json()
    return response.status_code == 201, response.json()


def _lichess(user: Any, event_id: int) -> tuple[bool, Any]:
    body = post_json(bearer_client(user), f"/api/swiss/{event_id}/join", {}).json()
    return body == {"ok": True}, body


# Every path by which a user enters an individual Swiss, by URL name: a new one must be added
# here (test_every_join_route_is_listed), and is then tested against every rule.
JOIN_PATHS: dict[str, Callable[[Any, int], tuple[bool, Any]]] = {
    "api:swiss:join": _native,
    "lichess:swiss-join": _lichess,
}

# A refusal in each path's own shape: Arbiter's field messages, lichess's words.
REFUSED = {
    "api:swiss:join": lambda body, field: field in body["extra"]["fields"],
    "lichess:swiss-join": lambda body, field: (
        body == {"error": "You don't satisfy the tournament requirements"}
    ),
}


def _names(resolver: URLResolver, namespace: str = "") -> list[str]:
    names = []
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}:{pattern.namespace}" if pattern.namespace else namespace
            names += _names(pattern, inner.strip(":"))
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.append(f"{namespace}:{pattern.name}".strip(":"))
    return names


# Routes named like a join that enter no one in an event for the first time.
NOT_ENTRIES = {
    "api:teams:join": "joins a team, not an event",
    "api:swiss:rejoin": "brings a withdrawn entry back: the player entered already",
}


def test_every_join_route_is_listed() -> None:
    routes = {n for n in _names(get_resolver()) if "join" in n and not n.startswith("admin:")}
    assert routes == set(JOIN_PATHS) | set(NOT_ENTRIES)


def _aged(user: Any, days: int) -> None:
    user.date_joined = timezone.now() - timedelta(days=days, hours=1)
    user.save(update_fields=["date_joined"])


@pytest.mark.parametrize("path", sorted(JOIN_PATHS))
def test_account_age_is_refused_then_accepted_on_every_join_path(path: str) -> None:
    team, leader, (young, old) = team_with_members(2)
    event = create_event(leader, team, min_account_age_days=30)
    _aged(young, 29)
    _aged(old, 30)
    joined, body = JOIN_PATHS[path](young, event["id"])
    assert not joined and REFUSED[path](body, "min_account_age_days"), body
    if path == "api:swiss:join":
        assert body["extra"]["fields"]["min_account_age_days"] == [
            "Your account must be at least 30 days old to join (it is 29 days old)."
        ]
    assert not SwissParticipant.objects.filter(tournament_id=event["id"], user=young).exists()
    assert JOIN_PATHS[path](old, event["id"])[0]


@pytest.mark.parametrize("path", sorted(JOIN_PATHS))
def test_rated_games_at_the_event_s_speed_are_refused_then_accepted_on_every_join_path(
    path: str,
) -> None:
    team, leader, (novice, regular) = team_with_members(2)
    event = create_event(leader, team, min_rated_games=10)  # 3+2: blitz
    Rating.objects.create(user=novice, speed="blitz", games=9)
    Rating.objects.create(user=novice, speed="rapid", games=500)  # another speed counts not
    Rating.objects.create(user=regular, speed="blitz", games=10)
    joined, body = JOIN_PATHS[path](novice, event["id"])
    assert not joined and REFUSED[path](body, "min_rated_games"), body
    if path == "api:swiss:join":
        assert body["extra"]["fields"]["min_rated_games"] == [
            "You need at least 10 rated blitz games to join (you have 9)."
        ]
    assert JOIN_PATHS[path](regular, event["id"])[0]


def test_a_player_with_no_rating_record_has_played_no_rated_games() -> None:
    team, leader, (newcomer,) = team_with_members(1)
    event = create_event(leader, team, min_rated_games=1)
    joined, body = _native(newcomer, event["id"])
    assert not joined and body["extra"]["fields"] == {
        "min_rated_games": ["You need at least 1 rated blitz game to join (you have 0)."]
    }


def test_the_entry_conditions_show_each_rule_and_whether_the_viewer_meets_it() -> None:
    team, leader, (player,) = team_with_members(1)
    event = create_event(leader, team, min_account_age_days=7, min_rated_games=5)
    _aged(player, 10)
    Rating.objects.create(user=player, speed="blitz", games=2)
    url = f"/api/tournaments/swiss/{event['id']}/entry-conditions/"
    rows = {row["code"]: row for row in client_of(player).get(url).json()}
    assert rows["min_account_age_days"] == {
        "code": "min_account_age_days",
        "text": "Account at least 7 days old",
        "met": True,
        "detail": "Your account: 10 days old",
    }
    assert rows["min_rated_games"] == {
        "code": "min_rated_games",
        "text": "At least 5 rated games at blitz",
        "met": False,
        "detail": "You have played 2 rated games",
    }
    visitor = {row["code"]: row for row in client_of(None).get(url).json()}
    assert visitor["min_rated_games"]["met"] is None
    # The lichess shape lists the same rules as verdicts.
    shape = bearer_client(player).get(f"/api/swiss/{event['id']}").json()
    assert shape["verdicts"] == {
        "list": [
            {"condition": "Account at least 7 days old", "verdict": "ok"},
            {
                "condition": "At least 5 rated games at blitz",
                "verdict": "You have played 2 rated games",
            },
        ],
        "accepted": False,
    }


def test_no_rule_set_lists_none() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team)
    rows = client_of(leader).get(f"/api/tournaments/swiss/{event['id']}/entry-conditions/")
    assert not {"min_account_age_days", "min_rated_games"} & {r["code"] for r in rows.json()}


def test_settings_are_edited_validated_and_cleared() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, min_account_age_days=3)
    assert event["min_account_age_days"] == 3 and event["min_rated_games"] is None
    url = f"/api/tournaments/swiss/{event['id']}/"
    bad = client_of(leader).patch(
        url, {"min_rated_games": -1, "min_account_age_days": "x"}, format="json"
    )
    assert bad.status_code == 400
    assert set(bad.json()["extra"]["fields"]) == {"min_rated_games", "min_account_age_days"}
    edited = client_of(leader).patch(
        url, {"min_rated_games": 20, "min_account_age_days": None}, format="json"
    )
    assert edited.status_code == 200, edited.json()
    assert (edited.json()["min_rated_games"], edited.json()["min_account_age_days"]) == (20, None)
