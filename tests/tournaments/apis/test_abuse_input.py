"""Issue 25, items 2 (the player cap), 3, 5, 8 and 9: the probe's requests that answered 500,
stored control characters or objects as names, refused our own export, refused multipart
uploads, or parsed a stranger's file; each is now a 4xx with field messages (403 for a
stranger, before the file is read), and nothing is stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.trf import read_trf, write_trf
from arbiter.trf.model import PlayerRecord, Tournament
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

HEADER = "name,fide_id,federation,title,birth_year,sex,rating,rating_kind\n"
IMPORT = "/api/tournaments/swiss/import-trf/"


def _fields(answer: Any) -> dict[str, list[str]]:
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.content[:300])
    return dict(answer.json()["extra"].get("fields", {}))


def _otb() -> tuple[Any, Any, list[Any], str]:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    return team, leader, members, f"/api/tournaments/swiss/{event['id']}"


def _trf(players: int) -> str:
    """A file of `players` players before round 1 of 5 (the probe's flood had 9,999)."""
    t = Tournament(header={"012": "Flood"}, total_rounds=5)
    t.players = [PlayerRecord(n, f"Player {n:05d}, P", rating=1500) for n in range(1, players + 1)]
    return write_trf(t)


# --- item 3: each listed 500 is a 4xx with field messages ---------------------------------


def test_a_csv_field_over_the_csv_limit_is_a_400_on_its_line() -> None:
    _, leader, _, base = _otb()
    text = HEADER + "Ann," + "1" * 200_000 + ",NOR,,,,,\n"
    answer = client_of(leader).post(f"{base}/registered/", {"csv": text}, format="json")
    assert answer.status_code == 400
    assert _fields(answer)["csv"] == ["line 2: a field is longer than 1000 characters"]
    assert not SwissParticipant.objects.exists()


@pytest.mark.parametrize(("field", "value"), [("rating", "²"), ("birth_year", "¹⁹⁹⁰")])
def test_superscript_digits_are_no_number(field: str, value: str) -> None:
    _, leader, _, base = _otb()
    arbiter = client_of(leader)
    rows = arbiter.post(
        f"{base}/registered/", {"players": [{"name": "Ann", field: value}]}, format="json"
    )
    assert _fields(rows)["players"][0].startswith(f"row 1: {field} must be a whole number")
    text = HEADER.split(",")[0] + f",{field}\nAnn,{value}\n"
    csv = arbiter.post(f"{base}/registered/", {"csv": text}, format="json")
    assert _fields(csv)["csv"][0].startswith(f"line 2: {field} must be a whole number")
    assert not SwissParticipant.objects.exists()


@pytest.mark.parametrize(
    ("clock", "field"),
    [
        ({"clock_limit_seconds": 2**63}, "clock_limit_seconds"),
        ({"clock_increment_seconds": 2**63}, "clock_increment_seconds"),
        ({"clock_limit_seconds": 0, "clock_increment_seconds": 0}, "clock_limit_seconds"),
    ],
)
def test_an_import_with_an_impossible_clock_is_a_400(clock: dict[str, int], field: str) -> None:
    team, leader, _ = team_with_members(0)
    body = {"team": team.slug, "trf": _trf(4), **clock}
    answer = client_of(leader).post(IMPORT, body, format="json")
    assert answer.status_code == 400
    assert field in _fields(answer)
    assert not SwissTournament.objects.exists()


def test_a_patch_to_a_0_plus_0_clock_is_a_400() -> None:
    team, leader, _ = team_with_members(0)
    event = create_event(leader, team, clock_limit_seconds=60, clock_increment_seconds=0)
    url = f"/api/tournaments/swiss/{event['id']}/"
    answer = client_of(leader).patch(url, {"clock_limit_seconds": 0}, format="json")
    assert answer.status_code == 400
    assert _fields(answer) == {"clock_limit_seconds": ["The clock cannot be 0+0."]}
    assert client_of(leader).get(url).json()["clock_limit_seconds"] == 60


@pytest.mark.parametrize("players", [0, 1])
def test_an_empty_manual_pairing_of_an_event_under_two_players_is_a_4xx(players: int) -> None:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    answer = client_of(leader).post(f"{base}/manual-pairings/", {"boards": []}, format="json")
    assert answer.status_code == 400, answer.content
    assert "boards" in _fields(answer)
    assert client_of(leader).get(f"{base}/rounds/").json() == []


def test_a_lone_surrogate_in_a_body_is_a_400() -> None:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    board = client_of(leader).post(f"{base}/start-next-round/").json()["pairings"][0]
    for path, body in (
        (f"{base}/pairings/{board['id']}/result/", '{"result": "\\ud800"}'),
        ("/api/teams/", '{"name": "A\\udc00B"}'),
    ):
        answer = client_of(leader).post(path, body, content_type="application/json")
        assert answer.status_code == 400, answer.content
        assert "surrogate" in answer.json()["message"]


# --- item 5: registered rows get the text checks of every other field ----------------------


@pytest.mark.parametrize(
    ("row", "field", "message"),
    [
        ({"name": "Ann\x00"}, "name", "Control characters"),
        ({"name": "Ann\x1b[31m"}, "name", "Control characters"),
        ({"name": {"a": 1}}, "name", "Not a valid string."),
        ({"name": "Ann", "federation": ["NOR"]}, "federation", "Not a valid string."),
        ({"name": "Ann", "rating": True}, "rating", "must be a whole number"),
        ({"name": "Ann", "nickname": "A"}, "nickname", "Unknown field."),
        ({"name": "Ann", "fide_id": "١٢٣٤"}, "fide_id", "must be digits only"),
        ({"name": "Ann", "federation": "ÑOR"}, "federation", "3-letter FIDE code"),
    ],
)
def test_a_registered_row_gets_the_text_checks(
    row: dict[str, Any], field: str, message: str
) -> None:
    _, leader, _, base = _otb()
    answer = client_of(leader).post(f"{base}/registered/", {"players": [row]}, format="json")
    problems = _fields(answer)["players"]
    assert any(p.startswith(f"row 1: {field}") and message in p for p in problems), problems
    assert not SwissParticipant.objects.exists()


def test_control_characters_in_an_uploaded_csv_are_refused() -> None:
    _, leader, _, base = _otb()
    upload = SimpleUploadedFile("p.csv", b"name,fide_id\nAnn\x1b[2J,123\n", "text/csv")
    answer = client_of(leader).post(f"{base}/registered/", {"file": upload}, format="multipart")
    assert _fields(answer)["file"] == [
        "The file holds control characters (other than line breaks and tabs)."
    ]


def test_registered_players_export_and_import_back_alike() -> None:
    team, leader, _, base = _otb()
    rows = [
        {"name": "Ødegård, Åse", "fide_id": "1503014", "federation": "NOR", "title": "WGM",
         "birth_year": "1990", "sex": "w", "rating": "2250", "rating_kind": "fide"},
        {"name": "Nakamura, Hikaru", "fide_id": "2016192", "federation": "usa", "title": "gm",
         "birth_year": 1987, "sex": "M", "rating": 2700, "rating_kind": "fide"},
        {"name": "Новиков, Иван", "federation": "RUS", "rating": 1800},
        {"name": "Lie, Liv"},
    ]  # fmt: skip
    arbiter = client_of(leader)
    assert arbiter.post(f"{base}/registered/", {"players": rows}, format="json").status_code == 201
    exported = arbiter.get(f"{base}/export/trf/").content.decode()
    imported = arbiter.post(IMPORT, {"team": team.slug, "trf": exported}, format="json")
    assert imported.status_code == 201, imported.json()
    again = client_of(leader).get(f"/api/tournaments/swiss/{imported.json()['id']}/registered/")
    keys = ("name", "fide_id", "federation", "title", "birth_year", "sex", "rating")
    first = arbiter.get(f"{base}/registered/").json()
    assert sorted(tuple(e[k] for k in keys) for e in again.json()) == sorted(
        tuple(e[k] for k in keys) for e in first
    )
    assert len(read_trf(exported).players) == 4


# --- item 8: multipart uploads, with the same limits --------------------------------------


def test_multipart_uploads_are_accepted_for_csv_and_trf() -> None:
    team, leader, _, base = _otb()
    arbiter = client_of(leader)
    upload = SimpleUploadedFile(
        "p.csv", (HEADER + '"Berg, Bo",,NOR,,,,1700,\n').encode(), "text/csv"
    )
    added = arbiter.post(f"{base}/registered/", {"file": upload}, format="multipart")
    assert added.status_code == 201, added.json()
    assert [e["name"] for e in added.json()] == ["Berg, Bo"]

    trf = SimpleUploadedFile("e.trf", _trf(6).encode(), "text/plain")
    body = {"team": team.slug, "file": trf, "clock_limit_seconds": "600"}
    imported = arbiter.post(IMPORT, body, format="multipart")
    assert imported.status_code == 201, imported.json()
    event = arbiter.get(f"/api/tournaments/swiss/{imported.json()['id']}/").json()
    assert (event["participant_count"], event["clock_limit_seconds"]) == (6, 600)


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
def test_an_uploaded_file_over_the_body_limit_is_refused() -> None:
    team, leader, _ = team_with_members(0)
    trf = SimpleUploadedFile("e.trf", _trf(200).encode(), "text/plain")
    answer = client_of(leader).post(IMPORT, {"team": team.slug, "file": trf}, format="multipart")
    assert answer.status_code in (400, 413)
    assert not SwissTournament.objects.exists()


# --- item 9: leadership before the file is read -------------------------------------------


def test_an_import_by_a_non_leader_is_a_403_before_the_file_is_read() -> None:
    team, leader, members = team_with_members(1)
    stranger = client_of(members[0])
    bad = {"team": team.slug, "trf": "this is no TRF file\n"}
    assert stranger.post(IMPORT, bad, format="json").status_code == 403
    upload = SimpleUploadedFile("e.trf", b"\xff\xfe no TRF", "text/plain")
    body = {"team": team.slug, "file": upload}
    assert stranger.post(IMPORT, body, format="multipart").status_code == 403
    event = create_event(leader, team, mode="otb")
    rows = {"players": [{"name": "x" * 40, "rating": "²"}]}
    url = f"/api/tournaments/swiss/{event['id']}/registered/"
    assert stranger.post(url, rows, format="json").status_code == 403
    assert stranger.post(url, {"file": upload}, format="multipart").status_code == 403


# --- item 2: a player cap for imports and registered entries ------------------------------


def test_an_import_of_9999_players_is_refused_before_anything_is_stored() -> None:
    team, leader, _ = team_with_members(0)
    answer = client_of(leader).post(IMPORT, {"team": team.slug, "trf": _trf(9999)}, format="json")
    assert answer.status_code == 400
    assert _fields(answer)["file"] == [
        "9999 players: an event here holds at most 2000 (ARBITER_MAX_EVENT_PLAYERS)"
    ]
    assert not SwissTournament.objects.exists()


@override_settings(MAX_EVENT_PLAYERS=5)
def test_registered_entries_stop_at_the_cap_with_the_members_who_joined() -> None:
    _, leader, members, base = _otb()
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    rows = [{"name": f"Player {n}"} for n in range(4)]
    answer = arbiter.post(f"{base}/registered/", {"players": rows}, format="json")
    assert _fields(answer)["players"] == [
        "2 players + 4 new: an event here holds at most 5 (ARBITER_MAX_EVENT_PLAYERS)"
    ]
    assert (
        arbiter.post(f"{base}/registered/", {"players": rows[:3]}, format="json").status_code == 201
    )
    assert SwissParticipant.objects.count() == 5
    assert json.loads(arbiter.get(f"{base}/").content)["participant_count"] == 5
