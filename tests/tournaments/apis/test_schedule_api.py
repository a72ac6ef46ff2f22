"""The schedule, check-in, registration deadline and no-show time over HTTP: the settings in
the event form's API, 400s with field messages, the check-in action and the iCal feeds."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from arbiter.games.models import Game, TimeControl
from arbiter.games.rules import ROUND_START_GRACE, first_move_deadline_at
from arbiter.games.services.creation import Seat, games_create
from arbiter.realtime.push import push_text
from arbiter.tournaments.api.common import tournament_or_404
from arbiter.tournaments.live.payloads import tournament_payload
from arbiter.tournaments.models import EventMode, SwissParticipant
from arbiter.tournaments.services.pairing import round_pair_next
from arbiter.trf.reader import read_trf
from tests.factories.events import event_with_players, event_with_round
from tests.factories.teams import MembershipFactory
from tests.factories.tournaments import SwissPairingFactory
from tests.lichess.swiss.helpers import bearer_client, post_json
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _iso(at: datetime) -> str:
    return at.isoformat()


def test_create_with_a_schedule_deadline_check_in_and_no_show_time() -> None:
    team, leader, _ = team_with_members(0)
    start = (timezone.now() + timedelta(hours=2)).replace(microsecond=0)
    oslo = datetime.fromisoformat("2030-01-01T00:00:00+01:00").tzinfo
    times = [start, start + timedelta(days=7), start + timedelta(days=14)]
    event = create_event(
        leader,
        team,
        num_rounds=3,
        start_time=_iso(start),
        round_times=[_iso(t.astimezone(oslo)) for t in times],  # any zone in, UTC stored
        registration_deadline=_iso(start - timedelta(hours=1)),
        checkin_minutes=30,
        no_show_seconds=120,
    )
    assert [datetime.fromisoformat(t) for t in event["round_times"]] == times
    assert all(t.endswith("Z") or t.endswith("+00:00") for t in event["round_times"])
    assert datetime.fromisoformat(event["next_round_at"]) == start
    assert datetime.fromisoformat(event["checkin_opens_at"]) == start - timedelta(minutes=30)
    assert (event["checkin_minutes"], event["no_show_seconds"]) == (30, 120)
    assert event["no_show_seconds_default"] == 20  # blitz, when no_show_seconds is null
    # A push sends the same payload through plain json (not DRF's encoder).
    pushed = json.loads(
        push_text("tournament_update", tournament_payload(tournament_or_404(event["id"])))
    )
    assert pushed["payload"]["round_times"] == event["round_times"]
    assert pushed["payload"]["checkin_opens_at"] == event["checkin_opens_at"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"round_times": ["late", "x"]}, "round_times", "Datetime has wrong format"),
        ({"no_show_seconds": 181}, "no_show_seconds", "whole initial clock (180 seconds)"),
        ({"no_show_seconds": 5}, "no_show_seconds", "greater than or equal to 10"),
        ({"checkin_minutes": 0}, "checkin_minutes", "greater than or equal to 1"),
        ({"registration_deadline": "soon"}, "registration_deadline", "wrong format"),
    ],
)
def test_bad_settings_are_400s_with_field_messages(body, field, message) -> None:
    team, leader, _ = team_with_members(0)
    response = client_of(leader).post(
        "/api/tournaments/swiss/",
        {
            "team": team.slug,
            "name": "Club",
            "num_rounds": 3,
            "start_time": _iso(timezone.now() + timedelta(hours=1)),
            "clock_limit_seconds": 180,
            "clock_increment_seconds": 2,
        }
        | body,
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert message in str(response.json()["extra"]["fields"][field])


def test_a_schedule_out_of_order_is_refused_on_edit_and_a_running_event_may_change_it() -> None:
    built = event_with_round(4, rounds=1)
    base = f"/api/tournaments/swiss/{built.event.id}/"
    arbiter = client_of(built.leader)
    start = built.event.start_time
    soon = timezone.now() + timedelta(hours=1)
    refused = arbiter.patch(
        base, {"round_times": [_iso(start), _iso(soon), _iso(soon)]}, format="json"
    )
    assert refused.status_code == 400
    # The field key stays `round_times`; the message names both rounds and the earlier's time.
    assert refused.json()["extra"]["fields"]["round_times"] == [
        f"Round 3 must start after round 2 ({soon.astimezone(UTC):%Y-%m-%d %H:%M} UTC)."
    ]
    moved = arbiter.patch(base, {"round_times": [_iso(start), _iso(soon)]}, format="json")
    assert moved.status_code == 200, moved.json()
    assert datetime.fromisoformat(moved.json()["round_times"][1]) == soon.astimezone(UTC)
    late = arbiter.patch(base, {"checkin_minutes": 10}, format="json")
    assert late.status_code == 400
    assert late.json()["extra"]["fields"]["checkin_minutes"] == [
        "Can only be changed before the start."
    ]


def test_check_in_over_http_and_the_standings_show_it() -> None:
    built = event_with_players(2, checkin_minutes=30)
    built.event.next_round_at = timezone.now() + timedelta(minutes=10)
    built.event.save(update_fields=["next_round_at"])
    base = f"/api/tournaments/swiss/{built.event.id}"
    alice, bob = built.users
    checked = client_of(alice).post(f"{base}/check-in/")
    assert checked.status_code == 200 and checked.json()["checked_in_at"] is not None
    assert client_of(alice).post(f"{base}/check-in/", {"x": 1}, format="json").status_code == 400
    by_leader = client_of(built.leader).post(f"{base}/players/{bob.username}/check-in/")
    assert by_leader.status_code == 200
    rows = client_of(alice).get(f"{base}/standings/").json()["results"]
    assert [row["checked_in"] for row in rows] == [True, True]


def test_a_leader_checks_in_a_registered_player_by_the_name_the_roster_shows() -> None:
    built = event_with_players(2, registered=1, checkin_minutes=30)
    built.event.next_round_at = timezone.now() + timedelta(minutes=10)
    built.event.save(update_fields=["next_round_at"])
    base = f"/api/tournaments/swiss/{built.event.id}"
    name = built.entries[1].display_name
    checked = client_of(built.leader).post(f"{base}/players/{name.upper()}/check-in/")
    assert checked.status_code == 200, checked.json()
    assert checked.json()["checked_in_at"] is not None
    rows = client_of(built.leader).get(f"{base}/standings/").json()["results"]
    assert {row["username"]: row["checked_in"] for row in rows}[name] is True
    stranger = client_of(built.users[0]).post(f"{base}/players/{name}/check-in/")
    assert stranger.status_code == 403
    unknown = client_of(built.leader).post(f"{base}/players/nobody-at-all/check-in/")
    assert unknown.status_code == 404


def test_joins_after_the_deadline_are_refused_here_and_on_lichess_paths() -> None:
    built = event_with_players(1, mode=EventMode.ONLINE)
    built.event.registration_deadline = timezone.now() - timedelta(minutes=1)
    built.event.save(update_fields=["registration_deadline"])
    member = MembershipFactory(team=built.event.team).user
    refused = client_of(member).post(
        f"/api/tournaments/swiss/{built.event.id}/join/", {}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["message"].startswith("Registration closed at ")
    lichess = post_json(bearer_client(member), f"/api/swiss/{built.event.id}/join", {})
    assert lichess.json() == {"error": "The registration deadline has passed"}


def test_ical_feeds_of_an_event_and_of_a_player() -> None:
    built = event_with_round(4, rounds=1, num_rounds=3)
    event = built.event
    later = timezone.now() + timedelta(days=7)
    event.round_times = [_iso(event.start_time), _iso(later - timedelta(days=1)), _iso(later)]
    event.save(update_fields=["round_times"])

    feed = client_of(built.leader).get(f"/swiss/{event.id}.ics", HTTP_ACCEPT="text/calendar")
    assert feed.status_code == 200 and feed["Content-Type"].startswith("text/calendar")
    cal = Calendar.from_ical(feed.content)
    rounds = cal.walk("VEVENT")
    assert [str(r["uid"]) for r in rounds] == [
        f"swiss-{event.id}-round-{n}@testserver" for n in (1, 2, 3)
    ]
    assert built.round is not None and built.round.started_at is not None
    # iCalendar times are to the second.
    assert rounds[0].decoded("dtstart") == built.round.started_at.replace(microsecond=0)
    assert rounds[2].decoded("dtstart") == later.replace(microsecond=0)
    assert str(rounds[2]["url"]) == f"http://testserver/swiss/{event.id}"
    assert all("dtstamp" in r for r in rounds)
    api = client_of(built.leader).get(f"/api/tournaments/swiss/{event.id}/calendar.ics")
    assert [str(r["uid"]) for r in Calendar.from_ical(api.content).walk("VEVENT")] == [
        str(r["uid"]) for r in rounds
    ]

    # The player's feed: the rounds still to come of the events they entered.
    player = built.users[0]
    mine = Calendar.from_ical(client_of(player).get(f"/@/{player.username}/swiss.ics").content)
    assert [str(r["uid"]) for r in mine.walk("VEVENT")] == [str(r["uid"]) for r in rounds]
    assert client_of(player).get("/@/nobody-here/swiss.ics").status_code == 404
    # Disqualified: no round of that event is left to play.
    SwissParticipant.objects.filter(tournament=event, user=player).update(status="disqualified")
    mine = Calendar.from_ical(client_of(player).get(f"/@/{player.username}/swiss.ics").content)
    assert mine.walk("VEVENT") == []


def test_the_no_show_time_is_the_first_move_deadline_of_each_side() -> None:
    clock = TimeControl.objects.create(limit_seconds=5400, increment_seconds=30)
    pairing = SwissPairingFactory(round__tournament__time_control=clock)
    (game,) = games_create(
        seats=[Seat(pairing.id, pairing.white.user_id, pairing.black.user_id)],
        time_control=clock,
        first_move_seconds=900,
    )
    assert game.first_move_seconds == 900
    assert game.flag_at == game.turn_started_at + timedelta(seconds=900) + ROUND_START_GRACE
    # Black's first move, 10 minutes later, gets the same time from then.
    now = game.turn_started_at + timedelta(minutes=10)
    black = first_move_deadline_at(
        speed=clock.speed, round_started_at=game.turn_started_at, now=now, seconds=900
    )
    assert black == now + timedelta(seconds=900)


def test_the_trf_gives_played_rounds_their_date_and_later_rounds_their_listed_one() -> None:
    built = event_with_round(4, rounds=1, num_rounds=3)
    event = built.event
    later = datetime(2031, 3, 2, 18, 0, tzinfo=UTC)
    event.round_times = [_iso(event.start_time), _iso(later)]
    event.save(update_fields=["round_times"])
    text = client_of(built.leader).get(
        f"/api/tournaments/swiss/{event.id}/export/trf/?format=trf16"
    )
    (line,) = [row for row in text.content.decode().splitlines() if row.startswith("132")]
    assert built.round is not None and built.round.started_at is not None
    played = built.round.started_at.strftime("%y/%m/%d")
    assert read_trf(text.content.decode()).round_dates == [played, "31/03/02"]
    assert line[91:99] == played and line[101:109] == "31/03/02"


def test_an_online_round_gives_its_games_the_events_no_show_time() -> None:
    built = event_with_players(4, mode=EventMode.ONLINE, no_show_seconds=120)
    rnd = round_pair_next(tournament=built.event)
    assert rnd is not None
    games = Game.objects.filter(pairing__round=rnd)
    assert [g.first_move_seconds for g in games] == [120, 120]
    for game in games:
        assert game.flag_at == game.turn_started_at + timedelta(seconds=120) + ROUND_START_GRACE
