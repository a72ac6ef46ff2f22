"""One rule for names on every path (issue, the low findings): `arbiter.common.text`'s, used
by the native API's name fields (individual and team Swiss, teams), registered players (rows
and CSV), the TRF import and the lichess dialect (tests/lichess/test_names_and_dates.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.common.text import NAME_PREDICATE, NAME_REFUSED, name_problem
from arbiter.teams.models import Team
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.trf import write_trf
from arbiter.trf.model import PlayerRecord, Tournament
from tests.factories.teams import LeaderFactory
from tests.teamswiss.helpers import event_with_teams
from tests.tournaments.helpers import client_of, create_event

OVERRIDE = "Club\u202eNight"  # shows as "ClubthgiN"
REFUSED = [
    "a\nb",
    "a\r\nb",
    "a\tb",
    "a\x00b",
    "a\x7fb",
    "a\u202ab",
    "a\u202eb",
    "a\u2066b",
    "a\u2069b",
    "a\u200bb",
    "a\ufeffb",
    "a\u2028b",
    "a\u2029b",
    "a\u00adb",
]
ALLOWED = [
    "Łukasz Żółć",
    "张伟",
    "محمد علي",
    "می\u200cخواهم",  # noqa: RUF001 (Persian, with its ZERO WIDTH NON-JOINER)
    "👨\u200d👩\u200d👧",  # an emoji family: ZERO WIDTH JOINERs
    "O'Brien-Smith",
]


@pytest.mark.parametrize("name", REFUSED)
def test_control_and_format_characters_are_refused(name: str):
    assert name_problem(name) == NAME_REFUSED


@pytest.mark.parametrize("name", ALLOWED)
def test_every_script_and_the_joiners_that_spell_are_allowed(name: str):
    assert name_problem(name) is None


def _field_refused(response: Any, field: str) -> list[str]:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    return list(response.json()["extra"]["fields"][field])


@pytest.mark.django_db
def test_the_native_swiss_create_and_edit_refuse_a_bidi_override():
    leader = LeaderFactory()
    body = {"team": leader.team.slug, "name": OVERRIDE, "num_rounds": 3}
    created = client_of(leader.user).post(
        "/api/tournaments/swiss/",
        body
        | {
            "start_time": (timezone.now() + timedelta(days=1)).isoformat(),
            "clock_limit_seconds": 60,
            "clock_increment_seconds": 0,
        },
        format="json",
    )
    assert _field_refused(created, "name") == [NAME_REFUSED]
    assert set(created.json()["extra"]["fields"]) == {"name"}
    event = create_event(leader.user, leader.team)
    edited = client_of(leader.user).patch(
        f"/api/tournaments/swiss/{event['id']}/", {"name": OVERRIDE}, format="json"
    )
    assert _field_refused(edited, "name") == [NAME_REFUSED]
    assert SwissTournament.objects.get().name == "Club Swiss"


@pytest.mark.django_db
def test_team_swiss_events_teams_and_squads_refuse_a_bidi_override():
    membership = LeaderFactory()
    leader = client_of(membership.user)
    body = {"team": membership.team.slug, "name": OVERRIDE, "boards": 2, "num_rounds": 3}
    assert _field_refused(leader.post("/api/team-swiss/", body, format="json"), "name")
    assert not TeamSwissEvent.objects.exists()
    built = event_with_teams(teams=2, squad=2)
    base = f"/api/team-swiss/{built.event.id}"
    host = client_of(built.leader)
    squad = [{"name": "One"}, {"name": "Two"}]
    team = host.post(f"{base}/teams/", {"name": OVERRIDE, "players": squad}, format="json")
    assert _field_refused(team, "name") == [NAME_REFUSED]
    bad_squad = [{"name": "One"}, {"name": OVERRIDE}]
    player = host.post(f"{base}/teams/", {"name": "Club C", "players": bad_squad}, format="json")
    assert player.status_code == 400, player.content
    assert str(NAME_REFUSED) in str(player.json()["extra"]["fields"])
    renamed = host.put(
        f"{base}/teams/{built.teams[0].tpn}/", {"name": OVERRIDE, "players": []}, format="json"
    )
    assert _field_refused(renamed, "name") == [NAME_REFUSED]


@pytest.mark.django_db
def test_a_new_team_refuses_a_bidi_override():
    user = LeaderFactory().user
    response = client_of(user).post("/api/teams/", {"name": OVERRIDE}, format="json")
    assert _field_refused(response, "name") == [NAME_REFUSED]
    assert not Team.objects.filter(name=OVERRIDE).exists()


@pytest.mark.django_db
def test_registered_players_refuse_a_bidi_override_in_rows_and_in_a_csv():
    leader = LeaderFactory()
    event = create_event(leader.user, leader.team, mode="otb")
    path = f"/api/tournaments/swiss/{event['id']}/registered/"
    client = client_of(leader.user)
    rows = client.post(path, {"players": [{"name": OVERRIDE}]}, format="json")
    (message,) = _field_refused(rows, "players")
    # The row's serializer or the service's own check: either says the rule of the name.
    assert message.startswith("row 1: name") and NAME_PREDICATE in message, message
    text = f"name,rating\nOlsen,1500\n{OVERRIDE},1400\n"
    from_csv = client.post(path, {"csv": text}, format="json")
    (message,) = _field_refused(from_csv, "csv")
    assert message.startswith("line 3: name") and NAME_PREDICATE in message, message
    assert not SwissParticipant.objects.exists()


def _trf(event_name: str, player_name: str) -> str:
    t = Tournament(
        header={"012": event_name},
        players=[PlayerRecord(1, "Alpha, A", rating=1500), PlayerRecord(2, player_name)],
        total_rounds=3,
    )
    return write_trf(t)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("event_name", "player_name", "message"),
    [
        (OVERRIDE, "Beta, B", "the event's name (012) must be one line"),
        ("Open", f"Beta, {OVERRIDE}", "player 2: the name must be one line"),
    ],
)
def test_the_trf_import_refuses_names_under_the_same_rule(
    event_name: str, player_name: str, message: str
):
    leader = LeaderFactory()
    response = client_of(leader.user).post(
        "/api/tournaments/swiss/import-trf/",
        {"team": leader.team.slug, "trf": _trf(event_name, player_name)},
        format="json",
    )
    (refusal,) = _field_refused(response, "file")
    assert refusal.startswith(message), refusal
    assert not SwissTournament.objects.exists()


@pytest.mark.django_db
def test_a_good_trf_still_imports():
    leader = LeaderFactory()
    response = client_of(leader.user).post(
        "/api/tournaments/swiss/import-trf/",
        {"team": leader.team.slug, "trf": _trf("Šachový klub Open", "Žáček, B")},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert SwissParticipant.objects.filter(name="Žáček, B").exists()


@pytest.mark.django_db
def test_a_native_start_after_year_9999_in_utc_is_a_400():
    leader = LeaderFactory()
    response = APIClient()
    response.force_authenticate(leader.user)
    answer = response.post(
        "/api/tournaments/swiss/",
        {
            "team": leader.team.slug,
            "name": "Club",
            "num_rounds": 3,
            "start_time": "9999-12-31T23:59:59-14:00",
            "clock_limit_seconds": 60,
            "clock_increment_seconds": 0,
        },
        format="json",
    )
    assert _field_refused(answer, "start_time")
