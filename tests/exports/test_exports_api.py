"""The federation exports of a finished over-the-board event through the API: the data
entered, the files downloaded and read back with independent readers (dbfread for the US
Chess dBase files, arbiter.trf.reader for the TRF-2026), what is missing, who may."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from dbfread import DBF
from django.utils import timezone

from arbiter.exports.models import FederationData, FederationEntryData
from arbiter.tournaments.models import (
    AuditEntry,
    EntryKind,
    GameResult,
    SwissPairing,
    SwissParticipant,
    SwissRoundEntry,
)
from arbiter.trf import columns
from arbiter.trf.reader import read_trf
from tests.factories.events import BuiltEvent, event_with_round
from tests.factories.tournaments import TimeControlFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

RATINGS = [2000, 1900, 1800, 1700, 1600]
# Round by round, board by board: wins, a draw, forfeits, a double forfeit; the fifth
# player of each round has the pairing's bye.
RESULTS = [
    [GameResult.WHITE_WINS, GameResult.DRAW],
    [GameResult.WHITE_WINS_FORFEIT, GameResult.BLACK_WINS],
    [GameResult.WHITE_WINS, GameResult.DOUBLE_FORFEIT],
]
US_EVENT = {
    "affiliate_id": "A6012345",
    "chief_td_id": "12345678",
    "assistant_td_id": "87654321",
    "other_td_ids": ["22222222"],
    "city": "Boston",
    "state": "MA",
    "zip_code": "02116-1234",
    "section_name": "Open",
}


def finished_event() -> BuiltEvent:
    """Five players (two registered, three with accounts), three rounds, 90 minutes + 30 s."""
    built = event_with_round(
        5,
        rounds=3,
        num_rounds=3,
        ratings=RATINGS,
        registered=2,
        results=RESULTS,
        time_control=TimeControlFactory(limit_seconds=5400, increment_seconds=30),
        name="Fête d'été",
    )
    assert built.event.status == "finished"
    return built


def by_rating(built: BuiltEvent) -> list[SwissParticipant]:
    """The entries in start-number order: the TRF's, by rating here (all ratings differ)."""
    return sorted(built.entries, key=lambda e: -e.rating)


def expected_cells(built: BuiltEvent) -> dict[int, list[str]]:
    """Each entry's 2C round cells, worked out from the stored boards and byes."""
    number = {entry.id: n for n, entry in enumerate(by_rating(built), start=1)}
    cells: dict[int, list[str]] = {entry.id: [] for entry in built.entries}
    for rnd in range(1, 4):
        seen = set()
        for board in SwissPairing.objects.filter(round__tournament=built.event, round__number=rnd):
            codes: dict[str, tuple[str, str]] = {
                GameResult.WHITE_WINS: ("W", "L"),
                GameResult.BLACK_WINS: ("L", "W"),
                GameResult.DRAW: ("D", "D"),
                GameResult.WHITE_WINS_FORFEIT: ("X", "F"),
                GameResult.BLACK_WINS_FORFEIT: ("F", "X"),
                GameResult.DOUBLE_FORFEIT: ("F", "F"),
            }
            white, black = codes[board.result]
            for me, other, letter, colour in (
                (board.white_id, board.black_id, white, "W"),
                (board.black_id, board.white_id, black, "B"),
            ):
                played = letter in "WLD"
                cells[me].append(f"{letter}{number[other]}{colour}" if played else f"{letter}0")
                seen.add(me)
        for bye in SwissRoundEntry.objects.filter(
            round__tournament=built.event, round__number=rnd, pairing__isnull=True
        ):
            byes: dict[str, str] = {EntryKind.PAIRING_BYE: "B", EntryKind.HALF_BYE: "H"}
            letter = byes.get(bye.kind, "U")
            cells[bye.participant_id].append(f"{letter}0")
            seen.add(bye.participant_id)
        assert seen == set(cells)
    return cells


def read_dbf(tmp_path: Path, name: str, data: bytes) -> DBF:
    path = tmp_path / name
    path.write_bytes(data)
    return DBF(str(path), encoding="ascii", char_decode_errors="strict", load=True)


def us_entries(built: BuiltEvent) -> list[dict[str, Any]]:
    return [
        {"entry": entry.id, "member_id": f"1000000{n}", "state": "MA" if n == 1 else ""}
        for n, entry in enumerate(by_rating(built), start=1)
    ]


def test_a_finished_event_exports_to_us_chess_and_reads_back_field_by_field(tmp_path: Path):
    built = finished_event()
    leader = client_of(built.leader)
    base = f"/api/tournaments/swiss/{built.event.id}/exports"
    entries = us_entries(built)
    entries[1]["report_name"] = "SECOND, PLAYER"
    entries[2]["us_chess_rating"] = 1812
    saved = leader.put(f"{base}/us-chess/", {"event": US_EVENT, "entries": entries}, format="json")
    assert saved.status_code == 200, saved.json()
    assert saved.json()["ready"] is True and saved.json()["missing"] == []

    download = leader.get(f"{base}/us-chess/download/")
    assert download.status_code == 200
    assert download["Content-Type"] == "application/zip"
    assert download["Content-Disposition"] == 'attachment; filename="fete-dete-us-chess.zip"'
    with zipfile.ZipFile(io.BytesIO(download.content)) as archive:
        assert archive.namelist() == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]
        files = {name: archive.read(name) for name in archive.namelist()}

    day = timezone.localdate(built.event.start_time)
    # The end is never before the start (late at night the factory's event, scheduled an hour
    # ahead, finishes the day before it was to start).
    end = max(timezone.localdate(built.event.finished_at), day)
    header = read_dbf(tmp_path, "THEXPORT.DBF", files["THEXPORT.DBF"])
    assert [(f.name, f.type, f.length) for f in header.fields][:6] == [
        ("H_FORMAT", "C", 5),
        ("H_PROGRAM", "C", 10),
        ("H_EVENT_ID", "C", 12),
        ("H_NAME", "C", 35),
        ("H_TOT_SECT", "C", 2),
        ("H_BEG_DATE", "D", 8),
    ]
    assert [dict(r) for r in header.records] == [
        {
            "H_FORMAT": "2C",
            "H_PROGRAM": "ARBITER",
            "H_EVENT_ID": "",
            "H_NAME": "Fete d'ete",
            "H_TOT_SECT": "1",
            "H_BEG_DATE": day,
            "H_END_DATE": end,
            "H_AFF_ID": "A6012345",
            "H_CITY": "Boston",
            "H_STATE": "MA",
            "H_ZIPCODE": "02116-1234",
            "H_COUNTRY": "USA",
            "H_SENDCROS": "N",
            "H_CTD_ID": "12345678",
            "H_ATD_ID": "87654321",
            "H_OTHER_TD": "22222222",
        }
    ]
    section = read_dbf(tmp_path, "TSEXPORT.DBF", files["TSEXPORT.DBF"])
    assert [dict(r) for r in section.records] == [
        {
            "S_EVENT_ID": "",
            "S_SEC_NUM": "1",
            "S_SEC_NAME": "Open",
            "S_R_SYSTEM": "R",  # 90 minutes + 30 s: over 65, regular
            "S_TIMECTL": "G/90;+30",
            "S_CTD_ID": "12345678",
            "S_ATD_ID": "87654321",
            "S_TRN_TYPE": "S",
            "S_TOT_RNDS": "3",
            "S_LST_PAIR": "5",
            "S_BEG_DATE": day,
            "S_END_DATE": end,
            "S_SCH_LVL": "",
            "S_GR_PRIX": "N",
            "S_GP_PTS": "0",
            "S_FIDE": "N",
        }
    ]

    detail = read_dbf(tmp_path, "TDEXPORT.DBF", files["TDEXPORT.DBF"])
    assert [(f.name, f.type, f.length) for f in detail.fields] == [
        ("D_EVENT_ID", "C", 12),
        ("D_SEC_NUM", "C", 2),
        ("D_PAIR_NUM", "C", 4),
        ("D_MEM_ID", "C", 8),
        ("D_NAME", "C", 30),
        ("D_STATE", "C", 2),
        ("D_RATING", "C", 4),
        ("D_RND01", "C", 7),
        ("D_RND02", "C", 7),
        ("D_RND03", "C", 7),
    ]
    cells = expected_cells(built)
    expected = []
    for n, entry in enumerate(by_rating(built), start=1):
        name = {2: "SECOND, PLAYER"}.get(n, (entry.name or entry.display_name).upper())
        row = {
            "D_EVENT_ID": "",
            "D_SEC_NUM": "1",
            "D_PAIR_NUM": str(n),
            "D_MEM_ID": f"1000000{n}",
            "D_NAME": name,
            "D_STATE": "MA" if n == 1 else "",
            "D_RATING": "1812" if n == 3 else str(entry.rating),
        }
        row |= {f"D_RND0{r}": cell for r, cell in enumerate(cells[entry.id], start=1)}
        expected.append(row)
    assert [dict(r) for r in detail.records] == expected
    # The totals: each record's cells score the entry's points.
    worth = {"W": 1, "X": 1, "B": 1, "D": 0.5, "H": 0.5, "L": 0, "F": 0, "U": 0}
    for record, entry in zip(detail.records, by_rating(built), strict=True):
        entry.refresh_from_db()
        score = sum(worth[record[f"D_RND0{r}"][0]] for r in (1, 2, 3))
        assert score == float(entry.points)


def test_the_national_trf_reads_back_with_its_national_numbers():
    built = finished_event()
    leader = client_of(built.leader)
    base = f"/api/tournaments/swiss/{built.event.id}/exports/national-trf"
    order = by_rating(built)
    # The three account holders have no federation, the two registered players NOR: all
    # five are "home" for a NOR report.
    entries = [
        {"entry": entry.id, "national_id": f"N{n}", "national_rating": 1000 + n}
        for n, entry in enumerate(order, start=1)
    ]
    body = {"event": {"federation": "NOR", "ranking_method": "NIDOF"}, "entries": entries}
    assert leader.put(f"{base}/", body, format="json").status_code == 200

    download = leader.get(f"{base}/download/")
    assert download.status_code == 200
    assert download["Content-Type"] == "text/plain; charset=utf-8"
    assert download["Content-Disposition"] == 'attachment; filename="fete-dete-nor.trf"'
    report = read_trf(download.content.decode("utf-8"))
    assert report.header["172"] == "NOR NIDOF"
    assert [p.fide_id for p in report.players] == [entry.fide_id for entry in order]
    nrs = [line for line in report.other_records if line.startswith("NOR")]
    assert [
        (
            int(line[slice(*columns.START_NUMBER)]),
            line[slice(*columns.FIDE_ID)].strip(),
            int(line[slice(*columns.RATING)]),
        )
        for line in nrs
    ] == [(n, f"N{n}", 1000 + n) for n in range(1, 6)]
    # The same results as the event's own TRF export.
    own = client_of(built.leader).get(f"/api/tournaments/swiss/{built.event.id}/export/trf/")
    assert [p.rounds for p in read_trf(own.content.decode()).players] == [
        p.rounds for p in report.players
    ]


def test_what_is_missing_is_listed_and_the_download_refused_with_exactly_that():
    built = finished_event()
    leader = client_of(built.leader)
    base = f"/api/tournaments/swiss/{built.event.id}/exports"
    order = by_rating(built)
    # The first player's ID only, and the event's place without its ZIP code.
    event = {k: v for k, v in US_EVENT.items() if k not in ("zip_code", "affiliate_id")}
    body = {"event": event, "entries": [{"entry": order[0].id, "member_id": "10000001"}]}
    assert leader.put(f"{base}/us-chess/", body, format="json").status_code == 200

    refused = leader.get(f"{base}/us-chess/download/")
    assert refused.status_code == 400
    missing = [
        {
            "field": "affiliate_id",
            "message": "Required: the sponsoring US Chess affiliate's ID (H_AFF_ID), A and "
            "seven digits",
            "entry": None,
            "player": "",
        },
        {
            "field": "zip_code",
            "message": "Required: the ZIP code of the site (H_ZIPCODE)",
            "entry": None,
            "player": "",
        },
    ] + [
        {
            "field": "member_id",
            "message": "Required: the player's US Chess ID (D_MEM_ID)",
            "entry": entry.id,
            "player": entry.name or entry.display_name,
        }
        for entry in order[1:]
    ]
    assert refused.json()["extra"]["missing"] == missing
    assert refused.json()["extra"]["fields"] == {
        "event": [f"{m['field']}: {m['message']}" for m in missing[:2]],
        "entries": [f"{m['entry']}.member_id: {m['message']}" for m in missing[2:]],
    }
    assert refused.json()["message"].startswith("The US Chess export needs 6 more thing(s)")

    listed = leader.get(f"{base}/").json()
    assert [row["code"] for row in listed] == ["us-chess", "national-trf"]
    us = listed[0]
    assert (us["finished"], us["ready"], us["missing"]) == (True, False, missing)
    assert us["data_url"] == f"{base}/us-chess/"
    assert us["download_url"] == f"{base}/us-chess/download/"
    assert us["files"] == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]
    national = listed[1]
    # No federation chosen yet: the three players of no stated federation are "home".
    assert [m["field"] for m in national["missing"]] == ["federation"] + ["national_id"] * 3


def test_the_data_round_trips_and_a_put_replaces_it():
    built = finished_event()
    leader = client_of(built.leader)
    url = f"/api/tournaments/swiss/{built.event.id}/exports/us-chess/"
    first = by_rating(built)[0]
    body = {"event": US_EVENT, "entries": [{"entry": first.id, "member_id": "10000001"}]}
    assert leader.put(url, body, format="json").status_code == 200
    read = leader.get(url).json()
    assert read["event"] == US_EVENT | {
        "event_name": "",
        "country": "",
        "send_crosstable": "",
        "rating_system": "",
        "time_control": "",
        "classification": "",
        "fide_rated": "",
    }
    assert read["entries"][0] == {
        "entry": first.id,
        "start_number": 1,
        "name": first.name or first.display_name,
        "rating": 2000,
        "federation": first.federation,
        "fide_id": first.fide_id,
        "member_id": "10000001",
        "state": "",
        "report_name": "",
        "us_chess_rating": None,
    }
    assert [e["member_id"] for e in read["entries"][1:]] == ["", "", "", ""]

    # A PUT replaces it all: what is left out is gone.
    again = leader.put(url, {"event": {"city": "Salem"}, "entries": []}, format="json")
    assert again.status_code == 200
    data = FederationData.objects.get(tournament=built.event, federation="us-chess")
    assert data.values == {"city": "Salem"}
    assert data.updated_by == built.leader
    assert not FederationEntryData.objects.filter(data=data).exists()

    # Each save that changed something is in the audit log, with only what changed; the same
    # data saved again adds nothing.
    same = leader.put(url, {"event": {"city": "Salem"}, "entries": []}, format="json")
    assert same.status_code == 200
    saves = list(
        AuditEntry.objects.filter(tournament=built.event, action="export.data_set").order_by("id")
    )
    assert [(e.actor, e.subject) for e in saves] == [(built.leader, "US Chess")] * 2
    assert saves[0].before == {"event": None, str(first.id): None}
    assert saves[0].after == {"event": US_EVENT, str(first.id): {"member_id": "10000001"}}
    assert saves[1].before == {"event": US_EVENT, str(first.id): {"member_id": "10000001"}}
    assert saves[1].after == {"event": {"city": "Salem"}, str(first.id): None}


def test_bad_values_are_refused_field_by_field():
    built = finished_event()
    leader = client_of(built.leader)
    url = f"/api/tournaments/swiss/{built.event.id}/exports/us-chess/"
    first = by_rating(built)[0]
    other = finished_event().entries[0]
    body = {
        "event": US_EVENT | {"affiliate_id": "12345678", "state": "ZZ"},
        "entries": [
            {"entry": first.id, "member_id": "1234"},
            {"entry": first.id},
            {"entry": other.id, "nickname": "x"},
        ],
    }
    refused = leader.put(url, body, format="json")
    assert refused.status_code == 400
    fields = refused.json()["extra"]["fields"]
    assert fields == {
        "event": ['state: "ZZ" is not a valid choice.'],
        "entries": ["2.nickname: Unknown field."],
    }
    del body["event"]["state"]
    body["entries"].pop()
    body["entries"].append({"entry": other.id})
    refused = leader.put(url, body, format="json")
    assert refused.status_code == 400
    assert refused.json()["extra"]["fields"] == {
        "event": ["affiliate_id: An affiliate ID is A and seven digits (A1234567)."],
        "entries": [
            "0.member_id: A US Chess ID is 8 digits.",
            f"1.entry: Entry {first.id} is listed twice.",
            f"2.entry: No entry {other.id} in this event.",
        ],
    }
    assert not FederationData.objects.filter(tournament=built.event).exists()


def test_only_the_events_leaders_see_enter_or_download_the_exports():
    built = finished_event()
    player = client_of(built.users[0])  # a member of the hosting team who played
    stranger = client_of(UserFactory())
    base = f"/api/tournaments/swiss/{built.event.id}/exports"
    body = {"event": {}, "entries": []}
    for client in (player, stranger):
        assert client.get(f"{base}/").status_code == 403
        assert client.get(f"{base}/us-chess/").status_code == 403
        assert client.put(f"{base}/us-chess/", body, format="json").status_code == 403
        assert client.get(f"{base}/us-chess/download/").status_code == 403
        assert client.get(f"{base}/national-trf/download/").status_code == 403
    answer = player.get(f"{base}/us-chess/download/").json()
    assert answer == {
        "message": "Only the team's leaders can see and enter the federation exports.",
        "extra": {},
    }
    anonymous = client_of(None)
    assert anonymous.get(f"{base}/").status_code == 401
    assert anonymous.put(f"{base}/us-chess/", body, format="json").status_code == 401
    assert not FederationData.objects.exists()


def test_a_running_event_has_no_download_yet_and_an_unknown_event_none():
    built = event_with_round(4, rounds=1, num_rounds=3, results=[[GameResult.DRAW]])
    leader = client_of(built.leader)
    base = f"/api/tournaments/swiss/{built.event.id}/exports"
    early = leader.get(f"{base}/us-chess/download/")
    assert early.status_code == 409
    assert early.json()["message"] == (
        "The event has not finished: its rating reports come after the last round."
    )
    listed = leader.get(f"{base}/").json()
    assert [(row["finished"], row["ready"]) for row in listed] == [(False, False)] * 2
    # The data may be entered before the end.
    body = {"event": {"city": "Boston"}, "entries": []}
    assert leader.put(f"{base}/us-chess/", body, format="json").status_code == 200
    assert leader.get("/api/tournaments/swiss/987654/exports/").status_code == 404
