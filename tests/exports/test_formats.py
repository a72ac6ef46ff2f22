"""The federation export plugins on plain data (no database): an event built by hand as the
TRF model, the files written, then read back with readers independent of the writers:
dbfread for US Chess's dBase files, arbiter.trf.reader for the TRF-2026."""

from __future__ import annotations

import io
import zipfile
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from dbfread import DBF
from gacrux import trf2json

from arbiter.exports.formats.base import (
    ExportEvent,
    ExportIncomplete,
    FieldSpec,
    Problem,
    ascii_text,
)
from arbiter.exports.formats.national_trf import NationalTrfExport
from arbiter.exports.formats.registry import PLUGINS, plugin_get
from arbiter.exports.formats.uschess import (
    UsChessExport,
    rating_system,
    result_cell,
    time_control_text,
)
from arbiter.trf import columns
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.reader import read_trf

US = UsChessExport()
NATIONAL = NationalTrfExport()


def _round(opponent: int | None, colour: str, result: str) -> RoundEntry:
    return RoundEntry(opponent, colour, result)


def small_event(**overrides: object) -> ExportEvent:
    """Four players, three rounds: wins, a draw, a forfeit, a half-point bye, a pairing bye
    (a fifth player withdrew after round 1 and is in the file with zero-point rounds)."""
    players = [
        PlayerRecord(
            1,
            "Åberg, Søren",
            rating=2100,
            federation="USA",
            fide_id="2000001",
            points=Decimal("2.5"),
            rank=1,
            rounds=[_round(4, "w", "1"), _round(2, "b", "="), _round(None, "-", "U")],
        ),
        PlayerRecord(
            2,
            "Brown, Alice",
            rating=1900,
            federation="USA",
            points=Decimal("1.5"),
            rank=2,
            rounds=[_round(3, "b", "1"), _round(1, "w", "="), _round(None, "-", "Z")],
        ),
        PlayerRecord(
            3,
            "Chen, Wei",
            rating=1700,
            federation="CAN",
            points=Decimal("1.5"),
            rank=3,
            rounds=[_round(2, "w", "0"), _round(None, "-", "H"), _round(4, "b", "+")],
        ),
        PlayerRecord(
            4,
            "Diaz, Ana",
            rating=None,
            federation="",
            points=Decimal("1.0"),
            rank=4,
            rounds=[_round(1, "b", "0"), _round(5, "w", "+"), _round(3, "w", "-")],
        ),
        PlayerRecord(
            5,
            "Evans, Tom",
            rating=1500,
            federation="USA",
            points=Decimal("0.0"),
            rank=5,
            rounds=[_round(None, "-", "Z"), _round(4, "b", "-"), _round(None, "-", "Z")],
        ),
    ]
    event = ExportEvent(
        name="Printemps à Boston",
        file_stem="spring-open-boston",
        start_date=date(2026, 5, 2),
        end_date=date(2026, 5, 3),
        clock_limit_seconds=90 * 60,
        clock_increment_seconds=30,
        finished=True,
        trf=Tournament(
            header={"012": "Spring Open", "042": "2026-05-02"},
            players=players,
            total_rounds=3,
        ),
        values={
            "affiliate_id": "A6012345",
            "chief_td_id": "12345678",
            "other_td_ids": ["22222222", "33333333"],
            "city": "Boston",
            "state": "MA",
            "zip_code": "02116",
            "section_name": "Open",
        },
        entry_values={
            1: {"member_id": "10000001", "state": "MA"},
            2: {"member_id": "10000002", "us_chess_rating": 1950},
            3: {"member_id": "10000003"},
            4: {"member_id": "10000004", "report_name": "DIAZ, ANA MARIA"},
            5: {"member_id": "10000005"},
        },
    )
    for name, value in overrides.items():
        setattr(event, name, value)
    return event


def read_dbf(tmp_path: Path, name: str, data: bytes) -> DBF:
    path = tmp_path / name
    path.write_bytes(data)
    return DBF(str(path), encoding="ascii", char_decode_errors="strict", load=True)


def layout(table: DBF) -> list[tuple[str, str, int]]:
    return [(f.name, f.type, f.length) for f in table.fields]


# --- the fields' rules --------------------------------------------------------------------


def test_a_field_accepts_blank_and_refuses_what_its_rule_does_not_take() -> None:
    member = US.entry_fields[0]
    assert member.name == "member_id"
    assert member.problem("") is None
    assert member.problem("12345678") is None
    assert member.problem("1234567") == "A US Chess ID is 8 digits."
    assert member.problem("00000000") == "A US Chess ID is 8 digits."
    assert member.problem("123456789") == "At most 8 characters."
    assert member.problem(12345678) == "Not a text."
    state = FieldSpec("state", "state", choices=("MA", "NY"))
    assert state.problem("CA") == "One of: MA, NY."
    rating = FieldSpec("rating", "r", kind="integer", minimum=0, maximum=4000)
    assert rating.problem(None) is None
    assert rating.problem(4001) == "Must be from 0 to 4000."
    assert rating.problem(True) == "Not a whole number."
    ids = FieldSpec("ids", "i", kind="list", pattern=r"[0-9]{8}", max_items=2)
    assert ids.problem(["12345678"]) is None
    assert ids.problem(["12345678", ""]) == "1: Must not be blank."
    assert ids.problem(["1", "2", "3"]) == "At most 2 values."


def test_ascii_text_drops_accents_and_refuses_letters_without_an_ascii_form() -> None:
    assert ascii_text("Ødegård,  Søren") == "Odegard, Soren"
    assert ascii_text("Łukasz Straße") == "Lukasz Strasse"
    assert ascii_text("Иванов") is None


@pytest.mark.parametrize(
    ("limit", "increment", "text", "system"),
    [
        (90 * 60, 30, "G/90;+30", "R"),  # 90 + 30 = 120 minutes
        (60 * 60, 5, "G/60;+5", "D"),  # 65: still dual
        (60 * 60, 6, "G/60;+6", "R"),  # 66: regular
        (30 * 60, 0, "G/30;d0", "D"),  # 30: dual
        (25 * 60, 4, "G/25;+4", "Q"),  # 29: quick
        (15 * 60, 10, "G/15;+10", "Q"),
        (4 * 60, 7, "G/4;+7", None),  # 11 minutes on a 4-minute base: not rated
        (5 * 60, 0, "G/5;d0", "B"),
        (3 * 60, 2, "G/3;+2", "B"),
        (2 * 60, 3, "G/2;+3", None),  # a base under 3 minutes
        (90, 0, None, None),  # a minute and a half: no US Chess spelling, and not rated
    ],
)
def test_the_clock_gives_the_time_control_and_rule_5c_the_rating_system(
    limit: int, increment: int, text: str | None, system: str | None
) -> None:
    assert time_control_text(limit, increment) == text
    assert rating_system(limit, increment) == system


def test_each_round_of_a_player_has_its_2c_cell() -> None:
    assert result_cell(_round(12, "b", "1")) == "W12B"
    assert result_cell(_round(3, "w", "0")) == "L3W"
    assert result_cell(_round(7, "w", "=")) == "D7W"
    assert result_cell(_round(7, "w", "+")) == "X0"
    assert result_cell(_round(7, "b", "-")) == "F0"
    assert result_cell(_round(None, "-", "+")) == "X0"
    assert result_cell(_round(None, "-", "-")) == "U0"
    assert result_cell(_round(None, "-", "F")) == "B0"
    assert result_cell(_round(None, "-", "U")) == "B0"
    assert result_cell(_round(None, "-", "H")) == "H0"
    assert result_cell(_round(None, "-", "Z")) == "U0"
    assert result_cell(None) == "U0"


def test_the_registry_lists_each_plugin_once_by_its_code() -> None:
    assert [p.code for p in PLUGINS] == ["us-chess", "national-trf"]
    assert plugin_get("us-chess") is PLUGINS[0]
    assert plugin_get("nope") is None


# --- US Chess -------------------------------------------------------------------------------


def test_us_chess_files_read_back_with_every_field_as_written(tmp_path: Path) -> None:
    event = small_event()
    assert US.missing(event) == []
    files = {f.name: f for f in US.export(event)}
    assert list(files) == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]

    header = read_dbf(tmp_path, "THEXPORT.DBF", files["THEXPORT.DBF"].data)
    assert layout(header) == [
        ("H_FORMAT", "C", 5),
        ("H_PROGRAM", "C", 10),
        ("H_EVENT_ID", "C", 12),
        ("H_NAME", "C", 35),
        ("H_TOT_SECT", "C", 2),
        ("H_BEG_DATE", "D", 8),
        ("H_END_DATE", "D", 8),
        ("H_AFF_ID", "C", 8),
        ("H_CITY", "C", 21),
        ("H_STATE", "C", 2),
        ("H_ZIPCODE", "C", 10),
        ("H_COUNTRY", "C", 21),
        ("H_SENDCROS", "C", 1),
        ("H_CTD_ID", "C", 8),
        ("H_ATD_ID", "C", 8),
        ("H_OTHER_TD", "C", 255),
    ]
    assert [dict(r) for r in header.records] == [
        {
            "H_FORMAT": "2C",
            "H_PROGRAM": "ARBITER",
            "H_EVENT_ID": "",
            "H_NAME": "Printemps a Boston",  # accents dropped
            "H_TOT_SECT": "1",
            "H_BEG_DATE": date(2026, 5, 2),
            "H_END_DATE": date(2026, 5, 3),
            "H_AFF_ID": "A6012345",
            "H_CITY": "Boston",
            "H_STATE": "MA",
            "H_ZIPCODE": "02116",
            "H_COUNTRY": "USA",
            "H_SENDCROS": "N",
            "H_CTD_ID": "12345678",
            "H_ATD_ID": "",
            "H_OTHER_TD": "22222222,33333333",
        }
    ]

    section = read_dbf(tmp_path, "TSEXPORT.DBF", files["TSEXPORT.DBF"].data)
    assert [(f.name, f.type, f.length) for f in section.fields] == [
        ("S_EVENT_ID", "C", 12),
        ("S_SEC_NUM", "C", 2),
        ("S_SEC_NAME", "C", 30),
        ("S_R_SYSTEM", "C", 1),
        ("S_TIMECTL", "C", 40),
        ("S_CTD_ID", "C", 8),
        ("S_ATD_ID", "C", 8),
        ("S_TRN_TYPE", "C", 1),
        ("S_TOT_RNDS", "C", 2),
        ("S_LST_PAIR", "C", 4),
        ("S_BEG_DATE", "D", 8),
        ("S_END_DATE", "D", 8),
        ("S_SCH_LVL", "C", 1),
        ("S_GR_PRIX", "C", 1),
        ("S_GP_PTS", "C", 3),
        ("S_FIDE", "C", 1),
    ]
    assert [dict(r) for r in section.records] == [
        {
            "S_EVENT_ID": "",
            "S_SEC_NUM": "1",
            "S_SEC_NAME": "Open",
            "S_R_SYSTEM": "R",
            "S_TIMECTL": "G/90;+30",
            "S_CTD_ID": "12345678",
            "S_ATD_ID": "",
            "S_TRN_TYPE": "S",
            "S_TOT_RNDS": "3",
            "S_LST_PAIR": "5",
            "S_BEG_DATE": date(2026, 5, 2),
            "S_END_DATE": date(2026, 5, 3),
            "S_SCH_LVL": "",
            "S_GR_PRIX": "N",
            "S_GP_PTS": "0",
            "S_FIDE": "N",
        }
    ]

    detail = read_dbf(tmp_path, "TDEXPORT.DBF", files["TDEXPORT.DBF"].data)
    assert layout(detail) == [
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
    rows = [dict(r) for r in detail.records]
    common = {"D_EVENT_ID": "", "D_SEC_NUM": "1"}
    assert rows == [
        common
        | {
            "D_PAIR_NUM": "1",
            "D_MEM_ID": "10000001",
            "D_NAME": "ABERG, SOREN",
            "D_STATE": "MA",
            "D_RATING": "2100",
            "D_RND01": "W4W",
            "D_RND02": "D2B",
            "D_RND03": "B0",
        },
        common
        | {
            "D_PAIR_NUM": "2",
            "D_MEM_ID": "10000002",
            "D_NAME": "BROWN, ALICE",
            "D_STATE": "",
            "D_RATING": "1950",  # the organiser's US Chess rating, not the entry's 1900
            "D_RND01": "W3B",
            "D_RND02": "D1W",
            "D_RND03": "U0",
        },
        common
        | {
            "D_PAIR_NUM": "3",
            "D_MEM_ID": "10000003",
            "D_NAME": "CHEN, WEI",
            "D_STATE": "",
            "D_RATING": "1700",
            "D_RND01": "L2W",
            "D_RND02": "H0",
            "D_RND03": "X0",
        },
        common
        | {
            "D_PAIR_NUM": "4",
            "D_MEM_ID": "10000004",
            "D_NAME": "DIAZ, ANA MARIA",
            "D_STATE": "",
            "D_RATING": "0",  # unrated
            "D_RND01": "L1B",
            "D_RND02": "X0",
            "D_RND03": "F0",
        },
        common
        | {
            "D_PAIR_NUM": "5",
            "D_MEM_ID": "10000005",
            "D_NAME": "EVANS, TOM",
            "D_STATE": "",
            "D_RATING": "1500",
            "D_RND01": "U0",
            "D_RND02": "F0",
            "D_RND03": "U0",
        },
    ]
    # The files as dBase III: version 3 (no memo), the header and the file end where 2C's
    # readers expect them.
    for file in files.values():
        assert file.data[0] == 0x03
        assert file.data[-1] == 0x1A
        assert file.content_type == "application/x-dbf"


def test_the_cells_score_what_the_trf_scores() -> None:
    event = small_event()
    worth = {"W": 1, "X": 1, "B": 1, "D": 0.5, "H": 0.5, "L": 0, "F": 0, "U": 0}
    for row in US.details(event):
        number = int(str(row["D_PAIR_NUM"]))
        player = next(p for p in event.trf.players if p.start_number == number)
        cells = [str(row[f"D_RND{n:02d}"]) for n in (1, 2, 3)]
        assert sum(worth[c[0]] for c in cells) == float(player.points)


def test_the_download_is_one_zip_of_the_three_files() -> None:
    download = US.download(small_event())
    assert download.name == "spring-open-boston-us-chess.zip"
    assert download.content_type == "application/zip"
    with zipfile.ZipFile(io.BytesIO(download.data)) as archive:
        assert archive.namelist() == ["THEXPORT.DBF", "TSEXPORT.DBF", "TDEXPORT.DBF"]


def test_what_us_chess_still_needs_is_listed_and_no_file_is_written() -> None:
    event = small_event(
        values={"city": "Boston", "state": "XX", "time_control": "", "rating_system": ""},
        entry_values={1: {"member_id": "10000001"}, 2: {"member_id": "10000001"}},
    )
    event.trf.players[3].name = "Иванов, Иван"
    event.trf.players[4].rounds[2] = _round(1, "b", " ")
    assert US.missing(event) == [
        Problem("affiliate_id", "Required: " + US.event_fields[0].help),
        Problem("chief_td_id", "Required: " + US.event_fields[1].help),
        Problem("state", "One of: " + ", ".join(US.event_fields[6].choices) + "."),
        Problem("zip_code", "Required: " + US.event_fields[7].help),
        Problem("section_name", "Required: " + US.event_fields[10].help),
        Problem("member_id", "US Chess ID 10000001 is given to two players.", 1),
        Problem("member_id", "US Chess ID 10000001 is given to two players.", 2),
        Problem("member_id", "Required: the player's US Chess ID (D_MEM_ID)", 3),
        Problem("member_id", "Required: the player's US Chess ID (D_MEM_ID)", 4),
        Problem(
            "report_name",
            "'Иванов, Иван' has no spelling in 30 ASCII characters: give the name as US Chess "
            "lists it.",
            4,
        ),
        Problem("member_id", "Required: the player's US Chess ID (D_MEM_ID)", 5),
        Problem("results", "Round 3 has no result yet.", 5),
    ]
    with pytest.raises(ExportIncomplete) as refused:
        US.export(event)
    assert refused.value.problems == US.missing(event)


def test_a_clock_us_chess_cannot_word_or_rate_asks_the_organiser() -> None:
    event = small_event(clock_limit_seconds=90, clock_increment_seconds=0)
    assert [(p.field, p.message) for p in US.missing(event)] == [
        (
            "time_control",
            "The clock's base time is not in whole minutes: give the time control as US "
            "Chess spells it.",
        ),
        (
            "rating_system",
            "US Chess rates no game this short (rule 5C): give the rating system if the "
            "section is rated all the same.",
        ),
    ]
    event.values = event.values | {"time_control": "G/1.5;d0", "rating_system": "B"}
    assert US.missing(event) == []
    section = US.section(event)
    # Blitz has no letter in 2C: written D, which US Chess rated as blitz by the time control.
    assert (section["S_TIMECTL"], section["S_R_SYSTEM"]) == ("G/1.5;d0", "D")


# --- the national TRF -------------------------------------------------------------------------


def test_the_national_trf_reads_back_with_the_national_numbers_beside_fide_ids() -> None:
    event = small_event(
        values={"federation": "USA", "ranking_method": "NIDOF"},
        entry_values={
            1: {"national_id": "10000001", "national_rating": 2150, "origin": "MA"},
            2: {"national_id": "10000002", "classification": "E"},
            4: {"national_id": "X44"},
            5: {"national_id": "10000005"},
        },
    )
    assert NATIONAL.missing(event) == []  # 3 plays for CAN: no USA number needed
    [file] = NATIONAL.export(event)
    assert file.name == "spring-open-boston-usa.trf"
    assert file.content_type == "text/plain; charset=utf-8"
    report = read_trf(file.data.decode("utf-8"))
    assert report.header["172"] == "USA NIDOF"
    # The 001 records are the event's own: FIDE ids, names and results untouched.
    assert [(p.start_number, p.fide_id, p.name) for p in report.players] == [
        (p.start_number, p.fide_id, p.name) for p in event.trf.players
    ]
    assert [p.rounds for p in report.players] == [p.rounds for p in event.trf.players]
    nrs = [line for line in report.other_records if line.startswith("USA")]

    def cut(line: str, span: tuple[int, int]) -> str:
        return line[span[0] : span[1]].strip()

    assert [
        (
            cut(line, columns.START_NUMBER),
            cut(line, columns.TITLE),
            cut(line, columns.NAME),
            cut(line, columns.RATING),
            cut(line, columns.FEDERATION),
            cut(line, columns.FIDE_ID),
        )
        for line in nrs
    ] == [
        ("1", "", "", "2150", "MA", "10000001"),
        ("2", "E", "", "", "", "10000002"),
        ("4", "", "", "", "", "X44"),
        ("5", "", "", "", "", "10000005"),
    ]


def test_the_national_trf_needs_a_number_for_each_home_player() -> None:
    event = small_event(values={}, entry_values={1: {"national_id": "1"}})
    assert NATIONAL.missing(event) == [
        Problem("federation", "Required: " + NATIONAL.event_fields[0].help),
        # With no report federation yet, only the player of no federation (4) is "home".
        Problem("national_id", "Required: " + NATIONAL.entry_fields[0].help, 4),
    ]
    event.values = {"federation": "USA"}
    assert [(p.field, p.start_number) for p in NATIONAL.missing(event)] == [
        ("national_id", 2),
        ("national_id", 4),
        ("national_id", 5),
    ]
    with pytest.raises(ExportIncomplete):
        NATIONAL.export(event)


def test_fides_checker_gacrux_reads_the_national_ratings_of_the_nrs_records() -> None:
    """gacrux (FIDE's tie-break checker, another reader of TRF-2026) takes a player's
    rating from the NRS record when tag 172 says NIDOF, and FIDE's for the others."""
    event = small_event(
        values={"federation": "USA", "ranking_method": "NIDOF"},
        entry_values={
            1: {"national_id": "10000001", "national_rating": 2150},
            2: {"national_id": "10000002"},
            4: {"national_id": "X44", "national_rating": 1234},
            5: {"national_id": "10000005"},
        },
    )
    [file] = NATIONAL.export(event)
    reader = trf2json.trf2json()
    reader.parse_file(file.data.decode("utf-8"), True)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    ratings = {c["cid"]: c["rating"] for c in reader.get_tournament(1)["competitors"]}
    assert ratings == {
        1: {"list": "USA", "rating": 2150},
        2: {"list": "TRF", "rating": 1900},
        3: {"list": "TRF", "rating": 1700},
        4: {"list": "USA", "rating": 1234},
        5: {"list": "TRF", "rating": 1500},
    }
