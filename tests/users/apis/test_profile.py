"""Public profiles: ratings per speed, the rating history, a player's events."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from arbiter.ratings.models import Rating
from tests.factories.users import UserFactory
from tests.ratings.test_rated_event import _event, _report, _start

pytestmark = pytest.mark.django_db


def test_a_new_player_has_a_provisional_1500_in_every_speed():
    UserFactory(username="Newcomer")
    response = APIClient().get("/api/users/newcomer/")  # usernames match case-insensitively
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == "Newcomer"
    assert [r["speed"] for r in body["ratings"]] == ["bullet", "blitz", "rapid", "classical"]
    assert all(
        (r["rating"], r["deviation"], r["provisional"], r["games"]) == (1500, 500, True, 0)
        for r in body["ratings"]
    )


def test_an_unknown_user_is_a_404():
    response = APIClient().get("/api/users/nobody/")
    assert response.status_code == 404
    assert response.json()["message"] == "No such user."
    assert APIClient().get("/api/users/nobody/rating-history/").status_code == 404


def test_a_settled_rating_is_not_provisional():
    user = UserFactory(username="veteran")
    Rating.objects.create(user=user, speed="rapid", rating=2012.4, deviation=60.2, games=300)
    rapid = APIClient().get("/api/users/veteran/").json()["ratings"][2]
    assert rapid == rapid | {"rating": 2012, "deviation": 60, "provisional": False, "games": 300}


def test_the_history_lists_each_rated_game_newest_first_by_speed_and_page():
    base, leader, members = _event(4, num_rounds=2)
    by_name = {user.username: user for user in members}
    for _ in range(2):
        for board in _start(base, leader)["pairings"]:
            _report(base, by_name[board["white"]], board, "1-0")
    name = members[0].username
    client = APIClient()
    history = client.get(f"/api/users/{name}/rating-history/", {"speed": "blitz"}).json()
    assert history["count"] == 2
    newest, oldest = history["results"]
    assert (newest["round"], oldest["round"]) == (2, 1)
    assert newest["rated_at"] > oldest["rated_at"]
    assert newest["diff"] == newest["rating_after"] - newest["rating_before"]
    assert newest["tournament_name"] == "Club Swiss"
    assert newest["opponent"] in by_name
    assert newest["diff"] > 0 if newest["score"] == 1 else newest["diff"] < 0
    paged = client.get(f"/api/users/{name}/rating-history/", {"page_size": 1, "page": 2}).json()
    assert paged["results"] == [oldest]
    assert client.get(f"/api/users/{name}/rating-history/", {"speed": "rapid"}).json()["count"] == 0
    profile = client.get(f"/api/users/{name}/").json()
    blitz = next(r for r in profile["ratings"] if r["speed"] == "blitz")
    assert (blitz["games"], blitz["rating"]) == (2, newest["rating_after"])


def test_a_bad_speed_is_a_400_with_its_field():
    UserFactory(username="someone")
    response = APIClient().get("/api/users/someone/rating-history/", {"speed": "turbo"})
    assert response.status_code == 400
    assert "speed" in response.json()["extra"]["fields"]


def test_the_event_list_filters_by_player():
    base, _, members = _event(2, num_rounds=1)
    event_id = int(base.rsplit("/", 1)[1])
    UserFactory(username="outsider")
    client = APIClient()
    mine = client.get("/api/tournaments/swiss/", {"player": members[0].username.lower()}).json()
    assert [e["id"] for e in mine["results"]] == [event_id]
    assert client.get("/api/tournaments/swiss/", {"player": "outsider"}).json()["count"] == 0
