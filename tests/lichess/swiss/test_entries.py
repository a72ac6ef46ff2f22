"""Join (which is also the rejoin) and withdraw on lichess's paths."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import make_password
from rest_framework.test import APIClient

from arbiter.ratings.services import user_rating_set
from arbiter.tournaments.models import EventMode, ParticipantStatus, SwissParticipant
from tests.factories.events import event_with_players, event_with_round
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory
from tests.lichess.swiss.helpers import bearer_client, post_json

pytestmark = pytest.mark.django_db


def test_join_with_berserks_null_password_enters_and_a_second_join_is_ok():
    built = event_with_players(2, mode=EventMode.ONLINE)
    member = MembershipFactory(team=built.event.team).user
    client = bearer_client(member)
    path = f"/api/swiss/{built.event.id}/join"
    for _ in range(2):
        response = post_json(client, path, {"password": None})
        assert (response.status_code, response.json()) == (200, {"ok": True})
    assert SwissParticipant.objects.filter(tournament=built.event, user=member).count() == 1


def test_join_refusals_speak_lichess():
    built = event_with_players(2, mode=EventMode.ONLINE, min_rating=1800)
    built.event.password_hash = make_password("pw")
    built.event.save()
    path = f"/api/swiss/{built.event.id}/join"
    stranger = post_json(bearer_client(UserFactory()), path, {"password": "pw"})
    assert stranger.json() == {"error": "You are not in the team of this tournament"}
    member = MembershipFactory(team=built.event.team).user
    wrong = post_json(bearer_client(member), path, {"password": "nope"})
    assert (wrong.status_code, wrong.json()) == (400, {"error": "Wrong entry code"})
    weak = post_json(bearer_client(member), path, {"password": "pw"})
    assert weak.json() == {"error": "You don't satisfy the tournament requirements"}
    user_rating_set(user=member, speed=built.event.time_control.speed, rating=1900)
    assert post_json(bearer_client(member), path, {"password": "pw"}).json() == {"ok": True}


def test_join_after_more_than_half_the_rounds_cannot_enter():
    built = event_with_round(4, rounds=3, results=[["1-0", "0-1"]] * 2, num_rounds=5)
    member = MembershipFactory(team=built.event.team).user
    response = post_json(bearer_client(member), f"/api/swiss/{built.event.id}/join", {})
    assert response.json() == {"error": "This tournament cannot be entered"}


def test_withdraw_after_the_start_pauses_and_join_brings_back():
    built = event_with_round(4, rounds=1, mode=EventMode.ONLINE)
    player = built.users[0]
    client = bearer_client(player)
    for _ in range(2):  # the second withdrawal is ok too, as on lichess
        assert post_json(client, f"/api/swiss/{built.event.id}/withdraw").json() == {"ok": True}
    entry = SwissParticipant.objects.get(tournament=built.event, user=player)
    assert entry.status == ParticipantStatus.PAUSED
    assert post_json(client, f"/api/swiss/{built.event.id}/join", {"password": None}).json() == {
        "ok": True
    }
    entry.refresh_from_db()
    assert entry.status == ParticipantStatus.ACTIVE


def test_withdraw_before_the_start_removes_the_entry_and_a_stranger_gets_ok():
    built = event_with_players(3, mode=EventMode.ONLINE)
    response = post_json(bearer_client(built.users[0]), f"/api/swiss/{built.event.id}/withdraw")
    assert response.json() == {"ok": True}
    assert built.event.participants.count() == 2
    stranger = post_json(bearer_client(UserFactory()), f"/api/swiss/{built.event.id}/withdraw")
    assert (stranger.status_code, stranger.json()) == (200, {"ok": True})


def test_actions_need_a_token_and_refuse_a_bad_one_in_lichess_words():
    built = event_with_players(2, mode=EventMode.ONLINE)
    anonymous = APIClient().post(f"/api/swiss/{built.event.id}/join")
    assert (anonymous.status_code, anonymous.json()) == (
        401,
        {"error": "Missing authorization header"},
    )
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer arb_nothing")
    assert client.post(f"/api/swiss/{built.event.id}/join").json() == {"error": "No such token"}
