"""GET /api/team-swiss/{id}/rating-report/: the individual event's rating report on the team
TRF-2026 the export writes, for the host team's leaders, each finding mapped to the squad
player to correct through PATCH …/players/{id}/; and the FIDE data the export writes."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from arbiter.ratingreport import rating_report
from arbiter.teamswiss.models import TeamSwissPlayer
from arbiter.trf import read_trf
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory
from tests.teamswiss.apis.rated_team_event import rated_team_event

pytestmark = pytest.mark.django_db


def test_only_the_hosts_leaders_read_the_report(client_for, client) -> None:
    event = rated_team_event()
    url = f"{event.base}/rating-report/"
    member = UserFactory()
    MembershipFactory(team=event.built.event.host, user=member)
    assert client_for(member).get(url).status_code == 403
    assert client_for(event.built.captains[0]).get(url).status_code == 403
    assert client_for(event.built.players[0][0]).get(url).status_code == 403
    assert client.get(url).status_code in (401, 403)
    answer = client_for(event.built.leader).get(url)
    assert answer.status_code == 200
    body = answer.json()
    assert body["tournament"]["id"] == event.built.event.id
    assert body["tournament"]["venue"] == "Oslo"
    assert body["tournament"]["mode"] == "otb"
    assert body["tournament"]["deputy_arbiters"] == [{"name": "Berg, Ola", "fide_id": "1500022"}]
    assert len(body["players"]) == 8


def test_a_missing_birth_year_is_named_on_its_player_and_fixed_from_there(client_for) -> None:
    event = rated_team_event()
    leader = client_for(event.built.leader)
    report = leader.get(f"{event.base}/rating-report/").json()
    assert report["clean"] is False
    mine = [f for f in report["findings"] if f["entry"] == event.newcomer.id]
    assert any(f["field"] == "birth_date" and f["severity"] == "error" for f in mine), mine
    assert all(f["player"] == "Nyhus, Per" for f in mine)
    others = [f for f in report["findings"] if f["entry"] != event.newcomer.id]
    assert all(f["severity"] == "warning" for f in others), others
    row = next(p for p in report["players"] if p["entry"] == event.newcomer.id)
    assert row["birth_year"] is None and row["fide_id"] == "1534567"
    assert row["start_number"] == next(f["start_number"] for f in mine)
    # Two rounds of two matches of two boards, all played: 8 games, each counted once; the
    # newcomer's two are unrated for the others (they play an unrated player), so 7 remain.
    assert report["rated_games"] == sum(p["rated_games"] for p in report["players"]) // 2

    fixed = leader.patch(
        f"{event.base}/players/{event.newcomer.id}/", {"birth_year": 2011}, format="json"
    )
    assert fixed.status_code == 200, fixed.json()
    assert fixed.json()["birth_year"] == 2011
    again = leader.get(f"{event.base}/rating-report/").json()
    assert again["clean"] is True, again["findings"]
    assert again["error_count"] == 0
    assert not [f for f in again["findings"] if f["field"] == "birth_date"]

    text = leader.get(f"{event.base}/export/trf/").content.decode()
    line = next(x for x in text.splitlines() if x.startswith("001") and "Nyhus, Per" in x)
    assert line[69:79].strip() == "2011"
    # The file as downloaded, its national rating read as none as the report reads it.
    file = read_trf(text)
    for player in file.players:
        if player.start_number == row["start_number"]:
            player.rating = None
    assert rating_report(file).clean


def test_only_a_fide_rating_makes_a_player_rated_for_fide(client_for) -> None:
    """The newcomer's national rating is read as none: FIDE asks a birth year of them. Once
    the rating is marked FIDE's, the report no longer treats them as new to the list."""
    event = rated_team_event()
    leader = client_for(event.built.leader)
    url = f"{event.base}/rating-report/"
    before = [f["field"] for f in leader.get(url).json()["findings"] if f["entry"]]
    assert "birth_date" in before
    answer = leader.patch(
        f"{event.base}/players/{event.newcomer.id}/", {"rating_kind": "fide"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    after = leader.get(url).json()
    assert after["clean"] is True, after["findings"]


def test_the_export_writes_the_events_and_players_fide_data(client_for) -> None:
    event = rated_team_event()
    text = client_for(event.built.leader).get(f"{event.base}/export/trf/").content.decode()
    records = {line[:3]: line[4:] for line in text.splitlines() if len(line) > 4}
    assert records["022"] == "Oslo"
    assert records["032"] == "NOR"
    assert records["042"] == "2026/05/02"
    assert records["052"]  # the last round's day, the event having finished
    assert records["102"] == "Hansen, Kari (1500011)"
    assert records["112"] == "Berg, Ola (1500022)"
    assert records["122"] == "90+30"
    assert records["222"] == "5400+30"
    assert "132" in records
    file = read_trf(text)
    first = next(p for p in file.players if p.start_number == 1)
    assert (first.fide_id, first.federation, first.sex, first.birth_date) == (
        "1500100",
        "NOR",
        "m",
        "1990",
    )
    # The team records still read back as the same event.
    assert len(file.team_records) == 4


def test_an_imported_export_keeps_each_players_fide_data(client_for) -> None:
    """The team TRF import reads the 001 records' FIDE data as the individual import does:
    the export of a rated event, imported again, has the same players' data."""
    event = rated_team_event()
    leader = client_for(event.built.leader)
    exported = leader.get(f"{event.base}/export/trf/").content
    upload = SimpleUploadedFile("event.trf", exported, content_type="text/plain")
    body = {"team": event.built.event.host.slug, "file": upload}
    imported = leader.post("/api/team-swiss/import/", body)
    assert imported.status_code == 201, imported.json()
    fields = ("name", "fide_id", "federation", "title", "birth_year", "sex", "rating")

    def squads(event_id: int) -> list[tuple[object, ...]]:
        players = TeamSwissPlayer.objects.filter(event_id=event_id).order_by("team__tpn", "order")
        return [tuple(getattr(p, f) for f in fields) for p in players]

    assert squads(imported.json()["id"]) == squads(event.built.event.id)
    # A rating in the 001 record is FIDE's: the newcomer's national one becomes "fide" too,
    # every other player's stays.
    kinds = TeamSwissPlayer.objects.filter(event_id=imported.json()["id"])
    assert set(kinds.values_list("rating_kind", flat=True)) == {"fide"}


def test_an_event_without_fide_data_writes_none_of_it(client_for) -> None:
    event = rated_team_event()
    leader = client_for(event.built.leader)
    cleared = leader.patch(
        f"{event.base}/",
        {
            "venue": "",
            "federation": "",
            "chief_arbiter_name": "",
            "chief_arbiter_fide_id": "",
            "deputy_arbiters": [],
            "clock_minutes": None,
        },
        format="json",
    )
    assert cleared.status_code == 200, cleared.json()
    text = leader.get(f"{event.base}/export/trf/").content.decode()
    codes = {line[:3] for line in text.splitlines()}
    assert not codes & {"022", "032", "102", "112", "122", "222"}
    fields = {f["field"] for f in leader.get(f"{event.base}/rating-report/").json()["findings"]}
    assert {"place", "event_federation", "chief_arbiter", "time_control"} <= fields
