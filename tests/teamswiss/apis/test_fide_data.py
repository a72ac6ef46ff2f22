"""The team event's FIDE data (PATCH /api/team-swiss/{id}/, the individual event's checks)
and a squad player's (PATCH /api/team-swiss/{id}/players/{player}/): who may set them, and
bad input as 400s field by field."""

from __future__ import annotations

import pytest

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer
from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory
from tests.teamswiss.apis.rated_team_event import rated_team_event
from tests.teamswiss.helpers import event_with_teams

pytestmark = pytest.mark.django_db


def _fields(response) -> dict:
    assert response.status_code == 400, response.json()
    return response.json()["extra"]["fields"]


def test_a_player_patch_refuses_bad_fide_data_field_by_field(client_for) -> None:
    built = event_with_teams(teams=2, boards=1)
    player = TeamSwissPlayer.objects.filter(event=built.event).first()
    url = f"/api/team-swiss/{built.event.id}/players/{player.id}/"
    leader = client_for(built.leader)
    bad = {
        "fide_id": "12a",
        "federation": "NO",
        "title": "XM",
        "birth_year": 3000,
        "sex": "x",
        "rating_kind": "elo",
    }
    assert set(_fields(leader.patch(url, bad, format="json"))) == set(bad)
    assert _fields(leader.patch(url, {"birth_year": 1800}, format="json")) == {
        "birth_year": ["Ensure this value is greater than or equal to 1900."]
    }
    # The name and the rating are the squad's, not FIDE data edited here.
    assert set(_fields(leader.patch(url, {"name": "X", "rating": 3}, format="json"))) == {
        "name",
        "rating",
    }
    assert leader.patch(url, {}, format="json").status_code == 400
    player.refresh_from_db()
    assert (player.fide_id, player.federation, player.birth_year) == ("", "", None)

    good = leader.patch(
        url,
        {
            "fide_id": " 1503014 ",
            "federation": "nor",
            "title": "fm",
            "sex": "W",
            "birth_year": 2001,
        },
        format="json",
    )
    assert good.status_code == 200, good.json()
    player.refresh_from_db()
    assert (player.fide_id, player.federation, player.title, player.sex, player.birth_year) == (
        "1503014",
        "NOR",
        "FM",
        "w",
        2001,
    )


def test_the_captain_edits_their_own_squad_only(client_for) -> None:
    built = event_with_teams(teams=2, boards=1)
    ours = built.teams[0].players.get()
    theirs = built.teams[1].players.get()
    captain = client_for(built.captains[0])
    base = f"/api/team-swiss/{built.event.id}/players"
    assert captain.patch(f"{base}/{ours.id}/", {"sex": "m"}, format="json").status_code == 200
    # Another team's player: refused before the body is read (its problems say nothing).
    refused = captain.patch(f"{base}/{theirs.id}/", {"sex": "?"}, format="json")
    assert refused.status_code == 403
    stranger = client_for(UserFactory())
    assert stranger.patch(f"{base}/{ours.id}/", {"sex": "w"}, format="json").status_code == 403
    player = client_for(built.players[0][0])
    assert player.patch(f"{base}/{ours.id}/", {"sex": "w"}, format="json").status_code == 403
    assert captain.patch(f"{base}/999999/", {"sex": "m"}, format="json").status_code == 404
    ours.refresh_from_db()
    assert ours.sex == "m"


def test_the_event_takes_its_fide_data_at_creation_with_the_individual_events_checks(
    client_for,
) -> None:
    membership = LeaderFactory()
    leader = client_for(membership.user)
    ok = {"team": membership.team.slug, "name": "League", "boards": 4, "num_rounds": 7}
    fide = {
        "venue": " Oslo  Chess Club ",
        "federation": "nor",
        "chief_arbiter_name": "Hansen,  Kari",
        "chief_arbiter_fide_id": "1500011",
        "deputy_arbiters": [{"name": "Berg, Ola", "fide_id": "1500022"}],
        "clock_minutes": 90,
        "clock_increment": 30,
    }
    made = leader.post("/api/team-swiss/", {**ok, **fide}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["venue"] == "Oslo Chess Club" and body["federation"] == "NOR"
    assert body["chief_arbiter_name"] == "Hansen, Kari"
    assert body["deputy_arbiters"] == [{"name": "Berg, Ola", "fide_id": "1500022"}]
    assert (body["clock_minutes"], body["clock_increment"]) == (90, 30)

    bad = {
        "federation": "NORW",
        "chief_arbiter_fide_id": "15x",
        "deputy_arbiters": [{"fide_id": "1"}],
        "clock_minutes": 0,
        "clock_increment": 999,
    }
    assert set(_fields(leader.post("/api/team-swiss/", {**ok, **bad}, format="json"))) == set(bad)
    unknown = _fields(
        leader.post(
            "/api/team-swiss/",
            {**ok, "deputy_arbiters": [{"name": "A", "email": "a@b.c"}]},
            format="json",
        )
    )
    assert "deputy_arbiters" in unknown


def test_a_finished_events_fide_data_stays_editable_its_settings_do_not(client_for) -> None:
    event = rated_team_event()
    leader = client_for(event.built.leader)
    assert event.built.event.status == TeamSwissEvent.Status.FINISHED
    answer = leader.patch(f"{event.base}/", {"federation": "SWE", "venue": "Malmö"}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["federation"] == "SWE"
    assert leader.patch(f"{event.base}/", {"name": "Renamed"}, format="json").status_code == 409
    assert _fields(leader.patch(f"{event.base}/", {"federation": "S"}, format="json")) == {
        "federation": ["A federation is a 3-letter FIDE code, such as NOR or USA."]
    }
    # Only the host's leaders edit the event.
    captain = client_for(event.built.captains[0])
    assert captain.patch(f"{event.base}/", {"federation": "DEN"}, format="json").status_code == 403
