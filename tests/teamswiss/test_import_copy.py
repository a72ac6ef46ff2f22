"""Team TRF import and export, issue 39: plain refusals (a file that is no TRF, a TRF with no
team records), an imported event named as a copy, and what the export writes besides the
games (092, the FIDE data, the rounds' days, the line-up minutes) read back by the import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from arbiter.teamswiss.models import DEFAULT_TIEBREAKS, TeamSwissEvent
from arbiter.teamswiss.services.trf_import import NO_TEAMS, NOT_TRF
from tests.factories.teams import LeaderFactory
from tests.teamswiss.apis.rated_team_event import rated_team_event
from tests.teamswiss.test_import_caps import nothing_stored, team_trf
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

INDIVIDUAL = Path(__file__).resolve().parents[1] / "trf/samples/gacrux-generated-6-of-9.trf"


def _upload(data: bytes, *, name: str = "league.trf", user: Any = None, team: Any = None):
    if user is None:
        membership = LeaderFactory()
        user, team = membership.user, membership.team
    upload = SimpleUploadedFile(name, data, content_type="application/octet-stream")
    return client_of(user).post("/api/team-swiss/import/", {"team": team.slug, "file": upload})


@pytest.mark.parametrize(
    "data",
    [
        b"Name;Rating\nAnna;1800\n",  # a spreadsheet saved as CSV
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\x00\x01\x02",  # a PDF
    ],
)
def test_a_file_that_is_no_trf_says_so_in_plain_words(data) -> None:
    answer = _upload(data, name="results.csv")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["extra"]["fields"]["file"] == [NOT_TRF]
    assert "not a TRF file" in NOT_TRF and "310" in NOT_TRF
    assert nothing_stored()


def test_an_individual_trf_is_told_apart_from_a_file_that_is_no_trf() -> None:
    answer = _upload(INDIVIDUAL.read_bytes())
    assert answer.status_code == 400, answer.json()
    (message,) = answer.json()["extra"]["fields"]["file"]
    assert message == NO_TEAMS
    assert message.startswith("This TRF file has no team records (310 lines)")
    assert nothing_stored()


def test_an_imported_event_is_named_as_a_copy_once() -> None:
    first = _upload(team_trf([2, 2]).encode())
    assert first.status_code == 201, first.json()
    assert first.json()["name"] == "Big League (imported)"
    event = TeamSwissEvent.objects.get(id=first.json()["id"])
    # A file without 202 gets the default order, and the default line-up minutes.
    assert event.tiebreaks == list(DEFAULT_TIEBREAKS)
    assert event.lineup_minutes == 10
    again = _upload(team_trf([2, 2]).replace("Big League", "Big League (imported)").encode())
    assert again.json()["name"] == "Big League (imported)"


def test_the_export_writes_092_and_the_line_up_minutes(client) -> None:
    built = rated_team_event().built
    TeamSwissEvent.objects.filter(id=built.event.id).update(lineup_minutes=25)
    text = client.get(f"/api/team-swiss/{built.event.id}/export/trf/").content.decode()
    records = {line[:3]: line[4:] for line in text.splitlines() if len(line) > 4}
    assert records["092"] == "Team: Swiss-System (FIDE C.04.6)"
    assert "### lineup minutes: 25" in text.splitlines()


def test_an_exported_event_imported_again_keeps_its_settings_and_fide_data(client) -> None:
    """Everything the file carries comes back: the FIDE data of the rating report (022, 032,
    102, 112, 122/222), the line-up minutes, the tie-breaks, the rounds' days (so that the
    export of the copy has the same 042/052/132), and the header records are the same."""
    built = rated_team_event().built
    TeamSwissEvent.objects.filter(id=built.event.id).update(
        lineup_minutes=25, tiebreaks=["EDE", "BH:GP/C1"]
    )
    exported = client.get(f"/api/team-swiss/{built.event.id}/export/trf/").content
    answer = _upload(exported, user=built.leader, team=built.event.host)
    assert answer.status_code == 201, answer.json()
    copy = TeamSwissEvent.objects.get(id=answer.json()["id"])
    original = TeamSwissEvent.objects.get(id=built.event.id)
    assert copy.name == f"{original.name} (imported)"
    fields = (
        "venue",
        "federation",
        "chief_arbiter_name",
        "chief_arbiter_fide_id",
        "deputy_arbiters",
        "clock_minutes",
        "clock_increment",
        "lineup_minutes",
        "tiebreaks",
        "boards",
        "num_rounds",
        "status",
    )
    assert {f: getattr(copy, f) for f in fields} == {f: getattr(original, f) for f in fields}
    again = client.get(f"/api/team-swiss/{copy.id}/export/trf/").content.decode()

    def header(text: str) -> dict[str, str]:
        return {
            line[:3]: line[4:]
            for line in text.splitlines()
            if line[:3] in ("022", "032", "042", "052", "092", "102", "112", "122", "202", "222")
            or line.startswith("132")
        }

    assert header(again) == header(exported.decode())
