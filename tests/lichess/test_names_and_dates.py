"""Names and dates sent on the lichess paths meet the native API's rules (issue, defects 5
and 6), and a value stored before those rules never makes a calendar feed fail."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import pytest
from icalendar import Calendar
from rest_framework.test import APIClient

from arbiter.tournaments.models import EventMode, SwissTournament
from tests.factories.events import event_with_players
from tests.lichess.swiss.helpers import bearer_client, post_json

pytestmark = pytest.mark.django_db

BAD_NAMES = [
    "Club\r\nNight",
    "Club\nNight",
    "Club\x00Night",
    "Club\u202eNight",  # RIGHT-TO-LEFT OVERRIDE: the name would show reversed
    "Club\u2066Night",  # LEFT-TO-RIGHT ISOLATE
    "Club\u200bNight",  # ZERO WIDTH SPACE (a format character)
    "Club\u2028Night",  # LINE SEPARATOR
]
FAR = "9999-12-31T23:59:59Z"
FAR_WEST = "9999-12-31T23:59:59-14:00"  # after year 9999 in UTC


def _client(user: Any) -> APIClient:
    client = bearer_client(user)
    client.raise_request_exception = False
    return client


def _create(name: str) -> dict[str, object]:
    return {
        "name": name,
        "clock.limit": 600,
        "clock.increment": 5,
        "nbRounds": 5,
        "startsAt": int(time.time() * 1000) + 3_600_000,
    }


def _feeds(event: SwissTournament, username: str) -> list[str]:
    return [
        f"/swiss/{event.id}.ics",
        f"/api/tournaments/swiss/{event.id}/calendar.ics",
        f"/@/{username}/swiss.ics",
        f"/api/tournaments/swiss/players/{username}/calendar.ics",
    ]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_create_and_edit_refuse_names_with_control_or_format_characters(name: str):
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = _client(built.leader)
    created = post_json(client, f"/api/swiss/new/{built.event.team.slug}", _create(name))
    assert created.status_code == 400, created.content
    assert list(created.json()["error"]) == ["name"]
    edited = post_json(client, f"/api/swiss/{built.event.id}/edit?patch=1", {"name": name})
    assert edited.status_code == 400, edited.content
    assert list(edited.json()["error"]) == ["name"]
    assert SwissTournament.objects.get().name == built.event.name


def test_names_of_every_script_and_emoji_sequences_are_still_names():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = _client(built.leader)
    # ZERO WIDTH NON-JOINER is part of Persian spelling; ZWJ joins an emoji sequence.
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # with its ZWNJ
    for name in ("Šachový klub", persian, "שחמט", "Club 👨\u200d👩\u200d👧"):
        response = post_json(client, f"/api/swiss/{built.event.id}/edit?patch=1", {"name": name})
        assert response.status_code == 200, (name, response.content)
        assert response.json()["name"] == name


def test_a_name_stored_with_a_line_break_does_not_break_the_calendar_feeds():
    built = event_with_players(2, mode=EventMode.ONLINE)
    # Stored before the name rule (or by any other writer): the feeds still answer.
    SwissTournament.objects.filter(id=built.event.id).update(
        name="Club\r\nNight\x07;,", next_round_at=built.event.start_time
    )
    client = _client(built.leader)
    for path in _feeds(built.event, built.users[0].username):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        calendar = Calendar.from_ical(response.content)
        text = response.content.decode()
        assert "\x07" not in text
        assert all(len(line.encode()) <= 75 for line in text.split("\r\n")), path
        if "players" not in path and "@" not in path:  # the event's own feed
            assert "X-WR-CALNAME:Club\\nNight\\;\\,\r\n" in text  # TEXT, escaped
        events = calendar.walk("VEVENT")
        assert events, path  # the round to come is in every feed
        for event in events:
            assert str(event["summary"]).startswith("Club\nNight;,: round ")


@pytest.mark.parametrize("date", [FAR, FAR_WEST, "253402300799000"])
def test_schedule_next_round_refuses_a_date_beyond_two_years(date: str):
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = post_json(
        _client(built.leader), f"/api/swiss/{built.event.id}/schedule-next-round", {"date": date}
    )
    assert response.status_code == 400, response.content
    assert list(response.json()["error"]) == ["date"]
    built.event.refresh_from_db()
    assert built.event.next_round_at is None or built.event.next_round_at.year < 9999


def test_create_and_edit_refuse_a_start_after_year_9999_in_utc():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = _client(built.leader)
    created = post_json(
        client, f"/api/swiss/new/{built.event.team.slug}", _create("Club") | {"startsAt": FAR_WEST}
    )
    assert created.status_code == 400 and list(created.json()["error"]) == ["startsAt"]
    edited = post_json(client, f"/api/swiss/{built.event.id}/edit?patch=1", {"startsAt": FAR_WEST})
    assert edited.status_code == 400 and list(edited.json()["error"]) == ["startsAt"]


def test_the_native_schedule_next_round_has_the_same_two_year_limit():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = APIClient()
    client.force_authenticate(built.leader)
    response = client.post(
        f"/api/tournaments/swiss/{built.event.id}/schedule-next-round/",
        {"at": FAR},
        format="json",
    )
    assert response.status_code == 400, response.content
    assert list(response.json()["extra"]["fields"]) == ["at"]


def test_a_round_stored_at_the_end_of_time_does_not_break_the_calendar_feeds():
    built = event_with_players(2, mode=EventMode.ONLINE)
    end = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)
    SwissTournament.objects.filter(id=built.event.id).update(start_time=end, next_round_at=end)
    client = _client(built.leader)
    for path in _feeds(built.event, built.users[0].username):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        events = Calendar.from_ical(response.content).walk("VEVENT")
        assert events and events[0].decoded("dtstart") == end
