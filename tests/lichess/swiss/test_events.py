"""Create, read, edit, terminate and schedule a Swiss on lichess's paths."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.tournaments.models import (
    EventMode,
    ForbiddenPairing,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.selectors import tournaments_due
from arbiter.tournaments.services.schedule import round_start_if_due
from tests.factories.events import event_with_players, event_with_round, results_set
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.lichess.swiss.helpers import bearer_client, ndjson, post_json

pytestmark = pytest.mark.django_db


def now_ms() -> int:
    return int(time.time() * 1000)


# What berserk's create_swiss sends (docs/lichess-api.md 1.3): every optional key, null.
def berserk_create(**overrides: object) -> dict[str, object]:
    body: dict[str, object] = {
        "name": "Club",
        "clock.limit": 600,
        "clock.increment": 5,
        "nbRounds": 5,
        "startsAt": now_ms() + 3_600_000,
        "roundInterval": 99999999,
        "variant": None,
        "description": None,
        "rated": False,
        "chatFor": None,
    }
    body.update(overrides)
    return body


def berserk_edit(**overrides: object) -> dict[str, object]:
    body: dict[str, object] = {
        "name": None,
        "clock.limit": 600,
        "clock.increment": 5,
        "nbRounds": 5,
        "startsAt": None,
        "roundInterval": None,
        "variant": None,
        "description": "d",
        "rated": True,
        "password": None,
        "forbiddenPairings": None,
        "manualPairings": None,
        "conditions.minRating.rating": None,
        "conditions.maxRating.rating": None,
        "conditions.nbRatedGame.nb": None,
        "conditions.allowList": None,
        "chatFor": 20,
    }
    body.update(overrides)
    return body


def test_create_as_berserk_sends_it_answers_the_swiss_json():
    leader = LeaderFactory()
    starts = now_ms() + 3_600_000
    response = post_json(
        bearer_client(leader.user),
        f"/api/swiss/new/{leader.team.slug}",
        berserk_create(startsAt=starts),
    )
    assert response.status_code == 200, response.content
    data = response.json()
    event = SwissTournament.objects.get(id=int(data["id"]))
    assert (event.mode, event.round_interval_seconds) == (EventMode.ONLINE, None)
    assert event.rated is False
    assert data["createdBy"] == leader.user.username.lower()
    assert data["clock"] == {"limit": 600, "increment": 5}
    assert (data["status"], data["round"], data["nbRounds"], data["nbPlayers"]) == (
        "created",
        0,
        5,
        0,
    )
    assert data["startsAt"] == time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(starts // 1000))
    assert data["nextRound"]["at"] == data["startsAt"] and data["nextRound"]["in"] > 3500
    assert data["verdicts"] == {"list": [], "accepted": True}
    assert "password" not in data and "stats" not in data


def test_create_from_a_form_with_defaults_names_the_event_and_times_rounds_automatically():
    leader = LeaderFactory()
    client = bearer_client(leader.user)
    response = client.post(
        f"/api/swiss/new/{leader.team.slug}",
        {"clock.limit": "180", "clock.increment": "2", "nbRounds": "3"},
    )
    assert response.status_code == 200, response.content
    event = SwissTournament.objects.get(id=int(response.json()["id"]))
    assert len(event.name) >= 2 and event.rated
    assert event.round_interval_seconds == 20  # blitz under 5 minutes' estimate: lichess's auto
    soon = timezone.now() + timedelta(minutes=10)
    assert abs((event.start_time - soon).total_seconds()) < 30


def test_create_errors_come_in_lilas_double_shape():
    leader = LeaderFactory()
    response = post_json(
        bearer_client(leader.user),
        f"/api/swiss/new/{leader.team.slug}",
        berserk_create(**{"clock.limit": 0, "clock.increment": 0, "variant": "atomic"}),
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == {k: v for k, v in body.items() if k != "error"}
    assert set(body["error"]) == {"clock.limit", "variant"}
    assert not SwissTournament.objects.exists()


def test_create_refuses_conditions_arbiter_cannot_check():
    leader = LeaderFactory()
    response = bearer_client(leader.user).post(
        f"/api/swiss/new/{leader.team.slug}",
        {
            "clock.limit": "600",
            "clock.increment": "0",
            "nbRounds": "5",
            "conditions.titled": "true",
            "conditions.nbRatedGame.nb": "0",  # 0 is "no condition": fine
        },
    )
    assert response.status_code == 400
    assert list(response.json()["error"]) == ["conditions.titled"]


def test_create_takes_the_entry_rules_shows_them_and_refuses_who_does_not_meet_them():
    leader = LeaderFactory()
    response = post_json(
        bearer_client(leader.user),
        f"/api/swiss/new/{leader.team.slug}",
        berserk_create(**{"conditions.nbRatedGame.nb": 20, "conditions.accountAge": 30}),
    )
    assert response.status_code == 200, response.content
    event = SwissTournament.objects.get()
    assert (event.min_rated_games, event.min_account_age_days) == (20, 30)
    newcomer = MembershipFactory(team=leader.team).user  # joined today, no rated games
    verdicts = bearer_client(newcomer).get(f"/api/swiss/{event.id}").json()["verdicts"]
    assert verdicts["accepted"] is False
    assert [row["condition"] for row in verdicts["list"]] == [
        "Account at least 30 days old",
        "At least 20 rated games at rapid",
    ]
    assert all(row["verdict"] != "ok" for row in verdicts["list"])
    refused = post_json(bearer_client(newcomer), f"/api/swiss/{event.id}/join", {})
    assert refused.json() == {"error": "You don't satisfy the tournament requirements"}


@pytest.mark.parametrize("value", ["-1", "ten", "100001"])
def test_create_refuses_a_bad_entry_rule_by_its_lichess_name(value: str):
    leader = LeaderFactory()
    response = post_json(
        bearer_client(leader.user),
        f"/api/swiss/new/{leader.team.slug}",
        berserk_create(**{"conditions.nbRatedGame.nb": value, "conditions.accountAge": value}),
    )
    assert response.status_code == 400
    assert set(response.json()["error"]) == {"conditions.nbRatedGame.nb", "conditions.accountAge"}
    assert not SwissTournament.objects.exists()


def test_create_by_a_member_who_does_not_lead_is_lichess_404():
    member = MembershipFactory()
    response = post_json(
        bearer_client(member.user), f"/api/swiss/new/{member.team.slug}", berserk_create()
    )
    assert response.status_code == 404
    assert response.json() == {"error": "You're not a leader of that team"}


def test_get_unknown_or_malformed_ids_are_lichess_404():
    client = bearer_client(LeaderFactory().user)
    for swiss_id in ("999999", "aBcD1234"):
        response = client.get(f"/api/swiss/{swiss_id}")
        assert response.status_code == 404
        assert response.json() == {"error": "Not found"}


def test_get_is_anonymous_and_shows_password_and_rating_condition():
    built = event_with_players(3, mode=EventMode.ONLINE, min_rating=1000)
    built.event.password_hash = "x"
    built.event.save()
    data = bearer_client(built.leader).get(f"/api/swiss/{built.event.id}").json()
    anonymous = APIClient().get(f"/api/swiss/{built.event.id}")
    assert anonymous.status_code == 200 and anonymous.json()["verdicts"]["accepted"] is True
    assert data["password"] is True and data["nbPlayers"] == 3
    assert data["verdicts"]["list"][0]["verdict"] == "ok"


def test_edit_with_berserks_slash_after_the_start_ignores_the_unchanged_clock():
    built = event_with_round(4, rounds=1, mode=EventMode.ONLINE)
    tc = built.event.time_control
    body = berserk_edit(
        **{"clock.limit": tc.limit_seconds, "clock.increment": tc.increment_seconds, "nbRounds": 7}
    )
    response = post_json(bearer_client(built.leader), f"/api/swiss/{built.event.id}/edit/", body)
    assert response.status_code == 200, response.content
    assert response.json()["nbRounds"] == 7 and response.json()["status"] == "started"
    changed = body | {"clock.limit": tc.limit_seconds + 60}
    refused = post_json(bearer_client(built.leader), f"/api/swiss/{built.event.id}/edit", changed)
    assert refused.status_code == 400
    assert list(refused.json()["error"]) == ["clock.limit"]


def test_edit_absent_password_and_conditions_clear_them_unless_patch():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = bearer_client(built.leader)
    path = f"/api/swiss/{built.event.id}/edit"
    body = berserk_edit(password="pw", **{"conditions.minRating.rating": 1200})
    assert post_json(client, path, body).json()["password"] is True
    built.event.refresh_from_db()
    assert built.event.min_rating == 1200 and built.event.description == "d"

    past = post_json(client, f"{path}?patch=1", {"startsAt": now_ms() - 3_600_000})
    assert past.json() == {"error": {"startsAt": ["Must be in the future."]}}
    kept = post_json(client, f"{path}?patch=1", {"name": "Renamed"}).json()
    assert kept["password"] is True and kept["name"] == "Renamed"

    rules = {"conditions.nbRatedGame.nb": 15, "conditions.accountAge": 7}
    assert post_json(client, path, berserk_edit(**rules)).status_code == 200
    built.event.refresh_from_db()
    assert (built.event.min_rated_games, built.event.min_account_age_days) == (15, 7)
    post_json(client, f"{path}?patch=1", {"name": "Renamed"})
    built.event.refresh_from_db()
    assert (built.event.min_rated_games, built.event.min_account_age_days) == (15, 7)

    cleared = post_json(client, path, berserk_edit(description=None)).json()
    assert "password" not in cleared and cleared["name"] == "Renamed"
    built.event.refresh_from_db()
    assert built.event.min_rating is None and built.event.description == "d"
    assert built.event.min_rated_games is None and built.event.min_account_age_days is None


def test_edit_sets_forbidden_pairings_from_lichess_text_and_clears_them():
    built = event_with_players(4, mode=EventMode.ONLINE)
    a, b, c, _ = built.users
    client = bearer_client(built.leader)
    path = f"/api/swiss/{built.event.id}/edit"
    text = f"{a.username} {b.username}\n{c.username.upper()} {a.username}\n"
    assert post_json(client, path, berserk_edit(forbiddenPairings=text)).status_code == 200
    assert ForbiddenPairing.objects.filter(tournament=built.event).count() == 2
    unknown = post_json(client, path, berserk_edit(forbiddenPairings=f"{a.username} nobody"))
    assert unknown.status_code == 400 and "forbiddenPairings" in unknown.json()["error"]
    assert post_json(client, path, berserk_edit()).status_code == 200
    assert not ForbiddenPairing.objects.filter(tournament=built.event).exists()


def test_edit_by_a_non_leader_is_lichess_401():
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = post_json(
        bearer_client(built.users[0]), f"/api/swiss/{built.event.id}/edit", berserk_edit()
    )
    assert response.status_code == 401
    assert response.json() == {"error": "This user cannot edit this swiss"}


def test_terminate_before_the_start_hides_the_event_from_lichess_paths():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = bearer_client(built.leader)
    response = post_json(client, f"/api/swiss/{built.event.id}/terminate")
    assert (response.status_code, response.json()) == (200, {"ok": True})
    built.event.refresh_from_db()
    assert built.event.status == TournamentStatus.CANCELLED  # kept for the record
    assert client.get(f"/api/swiss/{built.event.id}").status_code == 404
    listed = ndjson(client.get(f"/api/team/{built.event.team.slug}/swiss"))
    assert listed == []


def test_terminate_after_the_start_shows_finished_with_rounds_played():
    built = event_with_round(4, rounds=1, mode=EventMode.ONLINE, num_rounds=5)
    client = bearer_client(built.leader)
    assert post_json(client, f"/api/swiss/{built.event.id}/terminate").json() == {"ok": True}
    data = client.get(f"/api/swiss/{built.event.id}").json()
    assert (data["status"], data["nbRounds"], data["round"]) == ("finished", 1, 1)
    assert data["isRecentlyFinished"] is True
    again = post_json(client, f"/api/swiss/{built.event.id}/terminate")
    assert again.json() == {"ok": True}


def test_terminate_by_a_player_is_refused_in_lichess_words():
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = post_json(bearer_client(built.users[0]), f"/api/swiss/{built.event.id}/terminate")
    assert response.status_code == 400
    assert response.json() == {"error": "Can't terminate that tournament: Permission denied"}


def test_schedule_next_round_switches_to_manual_and_answers_ok():
    built = event_with_players(2, mode=EventMode.ONLINE, round_interval_seconds=60)
    at = now_ms() + 600_000
    response = post_json(
        bearer_client(built.leader),
        f"/api/swiss/{built.event.id}/schedule-next-round",
        {"date": at},
    )
    assert (response.status_code, response.json()) == (200, {"ok": True})
    built.event.refresh_from_db()
    assert built.event.round_interval_seconds is None
    assert int(built.event.next_round_at.timestamp() * 1000) == at
    assert int(built.event.start_time.timestamp() * 1000) == at  # before the start: moved


def test_schedule_while_a_round_is_played_waits_for_it():
    built = event_with_round(4, rounds=1, mode=EventMode.ONLINE, round_interval_seconds=30)
    at = now_ms() + 60_000
    response = post_json(
        bearer_client(built.leader),
        f"/api/swiss/{built.event.id}/schedule-next-round",
        {"date": at},
    )
    assert response.status_code == 200, response.content
    built.event.refresh_from_db()
    assert built.event.round_interval_seconds is None
    assert int(built.event.next_round_at.timestamp() * 1000) == at


def test_schedule_errors_name_the_date_field():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = bearer_client(built.leader)
    path = f"/api/swiss/{built.event.id}/schedule-next-round"
    assert list(post_json(client, path, {"date": None}).json()["error"]) == ["date"]
    past = post_json(client, path, {"date": now_ms() - 3_600_000})
    assert past.status_code == 400 and list(past.json()["error"]) == ["date"]
    player = post_json(bearer_client(built.users[0]), path, {"date": now_ms() + 60_000})
    assert player.status_code == 401


def test_edit_between_rounds_switching_the_interval_times_or_clears_the_next_round():
    built = event_with_round(4, rounds=1, results=[["1-0", "0-1"]], mode=EventMode.ONLINE)
    built.event.round_interval_seconds = None
    built.event.next_round_at = None
    built.event.save()
    client = bearer_client(built.leader)
    tc = built.event.time_control
    path = f"/api/swiss/{built.event.id}/edit"
    clock = {"clock.limit": tc.limit_seconds, "clock.increment": tc.increment_seconds}
    automatic = post_json(client, path, berserk_edit(roundInterval=300, **clock)).json()
    assert 250 < automatic["nextRound"]["in"] <= 300
    manual = post_json(client, path, berserk_edit(roundInterval=99999999, **clock)).json()
    assert "nextRound" not in manual
    built.event.refresh_from_db()
    assert (built.event.round_interval_seconds, built.event.next_round_at) == (None, None)


def test_a_round_scheduled_during_the_previous_one_starts_once_it_is_complete():
    built = event_with_round(4, rounds=1, mode=EventMode.ONLINE)
    past_soon = now_ms() + 1_000
    response = post_json(
        bearer_client(built.leader),
        f"/api/swiss/{built.event.id}/schedule-next-round",
        {"date": past_soon},
    )
    assert response.status_code == 200
    time.sleep(1.2)
    assert round_start_if_due(tournament_id=built.event.id) is None  # round 1 still played
    assert built.event.id not in tournaments_due()  # the tick leaves it alone meanwhile
    built.event.refresh_from_db()
    assert built.event.next_round_at is not None  # kept, not dropped
    results_set(built, ["1-0", "0-1"])
    assert built.event.id in tournaments_due()
    assert round_start_if_due(tournament_id=built.event.id) == 2


def test_a_finished_event_shows_its_stats():
    built = event_with_round(
        5,
        rounds=2,
        results=[["1-0", "1/2-1/2"], ["0-1", "1-0"]],
        mode=EventMode.ONLINE,
        num_rounds=2,
    )
    data = APIClient().get(f"/api/swiss/{built.event.id}").json()
    assert data["status"] == "finished"
    assert data["stats"] == {
        "games": 4,
        "whiteWins": 2,
        "blackWins": 1,
        "draws": 1,
        "byes": 2,
        "absences": 0,
        "averageRating": 1500,
    }
