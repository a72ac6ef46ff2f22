"""POST /api/tools/trf-check/: the checker on an uploaded file, for team leaders. A clean file
and an altered one give the CLI's report; a file the reader refuses is a 400 with its line and
column on the field; size, rights and the time limit are enforced."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from arbiter.checker import CheckTimeLimit, check_tournament
from arbiter.tools import services
from arbiter.trf import write_trf
from arbiter.trf.model import Tournament
from tests.checker.generated import generated_event
from tests.checker.test_checker import swap_colours
from tests.tournaments.helpers import client_of, team_with_members

pytestmark = pytest.mark.django_db

URL = "/api/tools/trf-check/"


@pytest.fixture(scope="module")
def event() -> Tournament:
    return generated_event(1)


def _upload(text: str, name: str = "event.trf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/plain")


def test_a_clean_file_and_an_altered_one(event: Tournament) -> None:
    _, leader, _ = team_with_members(0)
    client = client_of(leader)
    clean = client.post(URL, {"file": _upload(write_trf(event))}, format="multipart")
    assert clean.status_code == 200, clean.json()
    body = clean.json()
    assert (body["clean"], body["rounds_checked"], body["discrepancies"]) == (True, 5, [])
    assert body["tiebreaks"] == ["BH/C1", "BH", "SB", "DE"]
    assert body["text"].splitlines()[-1] == "clean"

    altered = swap_colours(event, 2)
    found = client.post(URL, {"file": _upload(write_trf(altered))}, format="multipart")
    assert found.status_code == 200, found.json()
    report = found.json()
    assert report["clean"] is False
    expected = check_tournament(altered)  # the same report as the CLI's
    assert report["text"] == expected.text()
    first = report["discrepancies"][0]
    assert (first["round"], first["rule"]) == (2, "colour") and first["board"] >= 1
    # Text in a JSON body is checked the same way.
    as_text = client.post(URL, {"trf": write_trf(event)}, format="json")
    assert as_text.status_code == 200 and as_text.json()["clean"] is True


def test_a_bad_file_is_a_400_with_the_readers_line_and_column(event: Tournament) -> None:
    _, leader, _ = team_with_members(0)
    broken = write_trf(event).replace("001    3", "001    x")
    answer = client_of(leader).post(URL, {"file": _upload(broken)}, format="multipart")
    assert answer.status_code == 400
    (message,) = answer.json()["extra"]["fields"]["file"]
    assert message.startswith("line ") and "column 5" in message
    as_text = client_of(leader).post(URL, {"trf": broken}, format="json")
    assert as_text.status_code == 400 and "column 5" in as_text.json()["extra"]["fields"]["trf"][0]
    binary = client_of(leader).post(
        URL, {"file": SimpleUploadedFile("x.trf", bytes(range(256)))}, format="multipart"
    )
    assert binary.status_code == 400, binary.json()
    assert binary.json()["extra"]["fields"]["file"] == ["the file has no players (001 records)"]


def test_limits_and_who_may_check(event: Tournament) -> None:
    _, leader, members = team_with_members(1)
    text = write_trf(event)
    assert client_of(None).get(URL).json()["allowed"] is False
    assert client_of(members[0]).get(URL).json()["allowed"] is False
    assert client_of(leader).get(URL).json() == {
        "allowed": True,
        "max_bytes": 512 * 1024,
        "round_seconds": 15.0,
        "file_seconds": 60.0,
    }
    anonymous = client_of(None).post(URL, {"file": _upload(text)}, format="multipart")
    assert anonymous.status_code in (401, 403)
    member = client_of(members[0]).post(URL, {"file": _upload(text)}, format="multipart")
    assert member.status_code == 403
    big = text + "### padding\n" * (services.MAX_BYTES // 12 + 1)
    too_big = client_of(leader).post(URL, {"file": _upload(big)}, format="multipart")
    assert too_big.status_code == 400
    assert "larger than 512 KB" in too_big.json()["extra"]["fields"]["file"][0]
    # A body far over the limit is refused from its declared length, before it is read.
    huge = client_of(leader).generic(
        "POST", URL, data=b"x" * 10, content_type="text/plain", CONTENT_LENGTH="50000000"
    )
    assert huge.status_code == 400
    assert "larger than 512 KB" in huge.json()["extra"]["fields"]["file"][0]
    neither = client_of(leader).post(URL, {}, format="multipart")
    assert neither.status_code == 400
    both = client_of(leader).post(URL, {"trf": text, "x": "1"}, format="json")
    assert both.status_code == 400 and "x" in both.json()["extra"]["fields"]


def test_the_time_limit_stops_the_check(event: Tournament, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CheckTimeLimit) as stopped:
        check_tournament(event, budget=0.0)
    assert (stopped.value.done, stopped.value.rounds) == (0, 5)
    _, leader, _ = team_with_members(0)
    monkeypatch.setattr(services, "FILE_SECONDS", 0.0)  # a file that takes too long
    answer = client_of(leader).post(URL, {"file": _upload(write_trf(event))}, format="multipart")
    assert answer.status_code == 400
    assert "the 0 s limit was reached" in answer.json()["extra"]["fields"]["file"][0]
