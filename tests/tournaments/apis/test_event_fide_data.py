"""The event's FIDE data (federation, chief arbiter, deputies): set at creation and in an
edit, a finished event's too (and nothing else of it), checked field by field, and written by
the TRF export as 032, 102 and one 112 per deputy."""

from __future__ import annotations

import pytest

from arbiter.tournaments.models import AuditEntry, SwissTournament
from arbiter.trf import read_trf
from tests.tournaments.apis.rated_event import rated_event
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

FIDE_DATA = {
    "federation": "nor",
    "chief_arbiter_name": " Hansen,  Kari ",
    "chief_arbiter_fide_id": "1509012",
    "deputy_arbiters": [
        {"name": "Berg, Ola", "fide_id": "1512345"},
        {"name": "Dahl, Ine"},
    ],
}


def test_created_with_its_fide_data_and_written_as_032_102_and_112() -> None:
    team, leader, _ = team_with_members(0)
    event = create_event(leader, team, mode="otb", venue="Oslo", **FIDE_DATA)
    assert event["federation"] == "NOR"
    assert event["chief_arbiter_name"] == "Hansen, Kari"
    assert event["chief_arbiter_fide_id"] == "1509012"
    assert event["deputy_arbiters"] == [
        {"name": "Berg, Ola", "fide_id": "1512345"},
        {"name": "Dahl, Ine", "fide_id": ""},
    ]
    client = client_of(leader)
    for fmt in ("trf26", "trf16"):
        text = client.get(f"/api/tournaments/swiss/{event['id']}/export/trf/?format={fmt}")
        lines = text.content.decode().splitlines()
        assert "032 NOR" in lines
        assert "022 Oslo" in lines
        assert "102 Hansen, Kari (1509012)" in lines
        assert [x for x in lines if x.startswith("112")] == [
            "112 Berg, Ola (1512345)",
            "112 Dahl, Ine",
        ]
    read = read_trf(
        client.get(f"/api/tournaments/swiss/{event['id']}/export/trf/").content.decode()
    )
    assert read.header["112"] == "Berg, Ola (1512345)\nDahl, Ine"
    assert read.header["222"] == "180+2"


def test_an_event_without_arbiters_writes_no_102_and_no_112() -> None:
    team, leader, _ = team_with_members(0)
    event = create_event(leader, team)
    text = client_of(leader).get(f"/api/tournaments/swiss/{event['id']}/export/trf/")
    codes = {line[:3] for line in text.content.decode().splitlines()}
    assert not codes & {"032", "102", "112"}


def test_a_finished_event_takes_its_fide_data_and_nothing_else() -> None:
    event = rated_event(with_arbiters=False)
    leader = client_of(event.built.leader)
    answer = leader.patch(f"{event.base}/", FIDE_DATA | {"venue": "Bergen"}, format="json")
    assert answer.status_code == 200, answer.json()
    stored = SwissTournament.objects.get(id=event.built.event.id)
    assert stored.deputy_arbiters == [
        {"name": "Berg, Ola", "fide_id": "1512345"},
        {"name": "Dahl, Ine", "fide_id": ""},
    ]
    assert stored.venue == "Bergen"
    log = AuditEntry.objects.get(tournament=stored, action="event.edited")
    assert isinstance(log.after, dict) and isinstance(log.before, dict)
    assert log.after["chief_arbiter_fide_id"] == "1509012"
    assert log.before["deputy_arbiters"] == []

    refused = leader.patch(
        f"{event.base}/", {"name": "Renamed", "federation": "SWE"}, format="json"
    )
    assert refused.status_code == 400
    assert "FIDE data" in refused.json()["message"]
    assert SwissTournament.objects.get(id=stored.id).federation == "NOR"

    cleared = leader.patch(f"{event.base}/", {"deputy_arbiters": []}, format="json")
    assert cleared.status_code == 200
    text = leader.get(f"{event.base}/export/trf/").content.decode()
    assert not [x for x in text.splitlines() if x.startswith("112")]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"federation": "NO"}, "federation"),
        ({"federation": "1OR"}, "federation"),
        ({"chief_arbiter_fide_id": "15-09"}, "chief_arbiter_fide_id"),
        ({"chief_arbiter_fide_id": "1" * 12}, "chief_arbiter_fide_id"),
        ({"chief_arbiter_name": "Tab\there"}, "chief_arbiter_name"),
        ({"chief_arbiter_name": "A" * 61}, "chief_arbiter_name"),
        ({"deputy_arbiters": [{"name": "Berg, Ola", "fide_id": "x1"}]}, "deputy_arbiters"),
        ({"deputy_arbiters": [{"name": "Berg, Ola", "licence": "FA"}]}, "deputy_arbiters"),
        ({"deputy_arbiters": [{"fide_id": "1512345"}]}, "deputy_arbiters"),
        ({"deputy_arbiters": [{"name": "Line\nbreak"}]}, "deputy_arbiters"),
        ({"deputy_arbiters": [{"name": f"D{i}"} for i in range(21)]}, "deputy_arbiters"),
        ({"deputy_arbiters": "Berg, Ola"}, "deputy_arbiters"),
        # An ID names an arbiter only beside a name.
        ({"chief_arbiter_fide_id": "1509012"}, "chief_arbiter_name"),
    ],
)
def test_bad_fide_data_is_a_400_on_its_field(body: dict[str, object], field: str) -> None:
    event = rated_event(with_arbiters=False)
    before = SwissTournament.objects.filter(id=event.built.event.id).values(
        "federation", "chief_arbiter_name", "chief_arbiter_fide_id", "deputy_arbiters"
    )[0]
    answer = client_of(event.built.leader).patch(f"{event.base}/", body, format="json")
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["extra"]["fields"], answer.json()
    after = SwissTournament.objects.filter(id=event.built.event.id).values(*before)[0]
    assert after == before


def test_an_imported_file_keeps_its_place_federation_and_arbiters() -> None:
    team, leader, _ = team_with_members(0)
    text = (
        "012 Fjord Open\n022 Tromsø\n032 nor\n042 2026/06/01\n142 5\n"
        "102 IA Larreategi Arana, Mikel (22232540)\n112 Berg, Ola (1512345)\n112 Dahl, Ine\n"
        "001    1 m    Alpha, Ann                        1900 NOR     1500001 1990        0.0"
        "    1\n"
        "001    2 w    Beta, Bo                          1800 NOR     1500002 1991        0.0"
        "    1\n"
    )
    imported = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    event = SwissTournament.objects.get(id=imported.json()["id"])
    assert (event.venue, event.federation) == ("Tromsø", "NOR")
    assert (event.chief_arbiter_name, event.chief_arbiter_fide_id) == (
        "IA Larreategi Arana, Mikel",
        "22232540",
    )
    assert event.deputy_arbiters == [
        {"name": "Berg, Ola", "fide_id": "1512345"},
        {"name": "Dahl, Ine", "fide_id": ""},
    ]
    again = client_of(leader).get(f"/api/tournaments/swiss/{event.id}/export/trf/")
    lines = again.content.decode().splitlines()
    assert "102 IA Larreategi Arana, Mikel (22232540)" in lines
    assert "112 Dahl, Ine" in lines and "032 NOR" in lines


def test_an_event_over_the_board_without_a_venue_writes_no_022() -> None:
    team, leader, _ = team_with_members(0)
    event = create_event(leader, team, mode="otb")
    text = client_of(leader).get(f"/api/tournaments/swiss/{event['id']}/export/trf/")
    assert not [line for line in text.content.decode().splitlines() if line.startswith("022")]
