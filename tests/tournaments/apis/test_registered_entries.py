"""Registered players (entries without an account) in an over-the-board event: a CSV of 200
in one request, bad rows named by their line with nothing saved, paired and ranked like
everyone else, and written to the TRF with their FIDE data."""

from __future__ import annotations

import pytest

from arbiter.tournaments.models import SwissParticipant
from arbiter.trf import read_trf
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

HEADER = "name,fide_id,federation,title,birth_year,sex,rating,rating_kind\n"


def _csv(count: int) -> str:
    rows = [
        f'"Player{n:03d}, Pat",{1500000 + n},NOR,{"FM" if n % 10 == 0 else ""},'
        f"{1960 + n % 50},{'mw'[n % 2]},{2400 - n * 3},fide\n"
        for n in range(count)
    ]
    return HEADER + "".join(rows)


def test_a_csv_of_200_players_is_one_request_and_they_are_paired_and_exported() -> None:
    team, leader, members = team_with_members(2, ratings=[2100, 2000])
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    arbiter = client_of(leader)
    added = arbiter.post(f"{base}/registered/", {"csv": _csv(200)}, format="json")
    assert added.status_code == 201, added.json()
    assert len(added.json()) == 200
    assert added.json()[10] | {"id": 0} == {
        "id": 0,
        "name": "Player010, Pat",
        "fide_id": "1500010",
        "federation": "NOR",
        "title": "FM",
        "birth_year": 1970,
        "sex": "m",
        "rating": 2370,
        "rating_kind": "fide",
    }
    assert SwissParticipant.objects.filter(tournament_id=event["id"], user=None).count() == 200
    for user in members:  # members with accounts play in the same event
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201

    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    boards = started.json()["pairings"]
    assert len(boards) == 101
    assert boards[0]["white"] == "Player000, Pat" or boards[0]["black"] == "Player000, Pat"
    standings = arbiter.get(f"{base}/standings/?page_size=100").json()
    assert standings["count"] == 202
    assert standings["results"][0]["username"] == "Player000, Pat"

    trf = read_trf(arbiter.get(f"{base}/export/trf/").content.decode())
    first = next(p for p in trf.players if p.name == "Player000, Pat")
    assert (first.fide_id, first.federation, first.sex, first.rating) == (
        "1500000",
        "NOR",
        "m",
        2400,
    )
    assert next(p for p in trf.players if p.name == "Player010, Pat").title == "FM"


def test_an_online_event_takes_no_players_without_an_account() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, num_rounds=3, mode="online")
    answer = client_of(leader).post(
        f"/api/tournaments/swiss/{event['id']}/registered/", {"csv": _csv(2)}, format="json"
    )
    assert answer.status_code == 400
    assert "over-the-board events only" in answer.json()["message"]
    assert not SwissParticipant.objects.filter(tournament_id=event["id"]).exists()


def test_bad_rows_are_named_by_line_and_nothing_is_saved() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    text = _csv(5).splitlines()
    text[2] = "Ann,12x,NORWAY,XM,1850,q,4000,elo"
    text[4] = ",,,,,,,"
    answer = client_of(leader).post(
        f"/api/tournaments/swiss/{event['id']}/registered/", {"csv": "\n".join(text)}, format="json"
    )
    assert answer.status_code == 400
    messages = answer.json()["extra"]["fields"]["csv"]
    assert "line 3: fide_id must be digits only, at most 11" in messages
    assert "line 3: federation must be a 3-letter FIDE code such as NOR" in messages
    assert "line 3: rating must be a whole number from 0 to 3500" in messages
    assert "line 3: rating_kind must be fide, national or arbiter" in messages
    assert "line 5: name is required" in messages
    assert not [m for m in messages if m.startswith(("line 2", "line 4", "line 6"))]
    assert not SwissParticipant.objects.filter(tournament_id=event["id"]).exists()


def test_players_as_json_rows_and_who_may_add_them() -> None:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    url = f"/api/tournaments/swiss/{event['id']}/registered/"
    rows = {"players": [{"name": "Olsen, Ola", "rating": 1800}, {"name": "Berg, Bo"}]}
    assert client_of(members[0]).post(url, rows, format="json").status_code == 403
    added = client_of(leader).post(url, rows, format="json")
    assert added.status_code == 201, added.json()
    assert [(p["name"], p["rating"], p["rating_kind"]) for p in added.json()] == [
        ("Olsen, Ola", 1800, "arbiter"),
        ("Berg, Bo", 0, "arbiter"),
    ]
    bad = client_of(leader).post(url, {"players": [{"name": "x" * 40}]}, format="json")
    assert bad.status_code == 400
    assert bad.json()["extra"]["fields"]["players"] == [
        "row 1: name is longer than 33 characters (the TRF name field)"
    ]
    both = client_of(leader).post(url, {**rows, "csv": HEADER}, format="json")
    assert both.status_code == 400
    header_only = client_of(leader).post(url, {"csv": "nom,rating\nA,1"}, format="json")
    assert header_only.status_code == 400
    assert header_only.json()["extra"]["fields"]["csv"] == [
        "line 1 must be a header naming the columns, with name"
    ]
