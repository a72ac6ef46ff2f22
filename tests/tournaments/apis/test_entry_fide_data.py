"""PATCH /api/tournaments/swiss/{id}/entries/{entry_id}/: a leader corrects an entry's FIDE
data (the fields of its 001 record), checked field by field, recorded in the audit log, and
seen by readers in a new version of the event."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from arbiter.tournaments.models import AuditEntry, SwissParticipant, SwissTournament
from tests.factories.events import event_with_players
from tests.factories.users import UserFactory
from tests.tournaments.apis.rated_event import rated_event
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def test_each_field_is_set_and_recorded_with_before_and_after() -> None:
    event = rated_event()
    entry = event.newcomer
    url = f"{event.base}/entries/{entry.id}/"
    version = SwissTournament.objects.get(id=event.built.event.id).version
    standings = SwissTournament.objects.get(id=event.built.event.id).standings_version
    body = {
        "name": "  Nyhus,   Per Ivar ",
        "fide_id": "1534568",
        "federation": "nor",
        "title": "cm",
        "birth_year": 2011,
        "sex": "M",
    }
    answer = client_of(event.built.leader).patch(url, body, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "id": entry.id,
        "name": "Nyhus, Per Ivar",
        "username": None,
        "fide_id": "1534568",
        "federation": "NOR",
        "title": "CM",
        "birth_year": 2011,
        "sex": "m",
        "rating": 0,
    }
    stored = SwissParticipant.objects.get(id=entry.id)
    assert (stored.name, stored.fide_id, stored.federation) == ("Nyhus, Per Ivar", "1534568", "NOR")
    assert (stored.title, stored.birth_year, stored.sex) == ("CM", 2011, "m")
    log = AuditEntry.objects.get(tournament=event.built.event, action="entry.edited")
    assert log.actor == event.built.leader
    assert log.subject == "Nyhus, Per Ivar"
    # The federation was NOR already: only what changed is recorded.
    assert log.before == {
        "name": "Nyhus, Per",
        "fide_id": "1534567",
        "title": "",
        "birth_year": None,
        "sex": "w",
    }
    assert log.after == {
        "name": "Nyhus, Per Ivar",
        "fide_id": "1534568",
        "title": "CM",
        "birth_year": 2011,
        "sex": "m",
    }
    # Readers see a new version: names and titles are in the standings, birth years in prizes.
    after = SwissTournament.objects.get(id=event.built.event.id)
    assert after.version > version
    assert after.standings_version > standings


def test_an_unchanged_value_records_nothing() -> None:
    event = rated_event()
    entry = event.built.entries[0]
    url = f"{event.base}/entries/{entry.id}/"
    answer = client_of(event.built.leader).patch(url, {"fide_id": entry.fide_id}, format="json")
    assert answer.status_code == 200
    assert not AuditEntry.objects.filter(action="entry.edited").exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"fide_id": "15O3014"}, "fide_id"),
        ({"fide_id": "123456789012"}, "fide_id"),
        ({"fide_id": "١٢٣"}, "fide_id"),
        ({"federation": "NO"}, "federation"),
        ({"federation": "N0R"}, "federation"),
        ({"title": "GMX"}, "title"),
        ({"title": "IA"}, "title"),
        ({"birth_year": 1850}, "birth_year"),
        ({"birth_year": 3000}, "birth_year"),
        ({"birth_year": "soon"}, "birth_year"),
        ({"sex": "x"}, "sex"),
        ({"name": "A" * 34}, "name"),
        ({"name": "Line\nBreak"}, "name"),
        ({"name": "Club\u202eNight"}, "name"),
        ({"name": 42}, "name"),
        ({"rating": 2000}, "rating"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_values_are_400s_on_their_field(body: dict[str, object], field: str) -> None:
    event = rated_event()
    entry = event.newcomer
    before = SwissParticipant.objects.filter(id=entry.id).values().get()
    answer = client_of(event.built.leader).patch(
        f"{event.base}/entries/{entry.id}/", body, format="json"
    )
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["extra"]["fields"], answer.json()
    assert SwissParticipant.objects.filter(id=entry.id).values().get() == before
    assert not AuditEntry.objects.filter(action="entry.edited").exists()


def test_an_empty_body_is_a_400() -> None:
    event = rated_event()
    answer = client_of(event.built.leader).patch(
        f"{event.base}/entries/{event.newcomer.id}/", {}, format="json"
    )
    assert answer.status_code == 400
    assert "at least one field" in answer.json()["message"]


def test_a_users_entry_may_drop_its_fide_name_and_is_then_the_username() -> None:
    built = event_with_players(2)
    entry = built.entries[0]
    entry.name = "Old, Name"
    entry.save(update_fields=["name"])
    url = f"/api/tournaments/swiss/{built.event.id}/entries/{entry.id}/"
    answer = client_of(built.leader).patch(url, {"name": ""}, format="json")
    assert answer.status_code == 200
    assert answer.json()["username"] == entry.user.username
    assert SwissParticipant.objects.get(id=entry.id).name == ""


def test_strangers_and_players_are_refused_before_the_body_is_read() -> None:
    event = rated_event()
    url = f"{event.base}/entries/{event.newcomer.id}/"
    for client in (client_of(UserFactory()), APIClient()):
        answer = client.patch(url, {"fide_id": "not digits"}, format="json")
        assert answer.status_code in (401, 403), answer.json()
        assert "fields" not in answer.json().get("extra", {})
    assert SwissParticipant.objects.get(id=event.newcomer.id).fide_id == "1534567"


def test_an_entry_of_another_event_is_a_404() -> None:
    event = rated_event()
    other = rated_event()
    answer = client_of(event.built.leader).patch(
        f"{event.base}/entries/{other.newcomer.id}/", {"birth_year": 2000}, format="json"
    )
    assert answer.status_code == 404
    mine = client_of(event.built.leader).patch(
        f"{event.base}/entries/999999999/", {"birth_year": 2000}, format="json"
    )
    assert mine.status_code == 404
