"""One defect per fixture: the report names that defect (field and player) and nothing else,
and the event without it is clean (tests/ratingreport/clean_event.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from arbiter.ratingreport import rating_report
from arbiter.ratingreport.findings import FIELDS
from arbiter.trf.model import RoundEntry, Tournament

from .clean_event import (
    as_file,
    clean,
    errors,
    only,
    player_of,
    report_of,
    rescore,
    set_result,
    warnings,
)


@dataclass(frozen=True)
class Case:
    change: Callable[[Tournament], None]
    errors: set[tuple[str, int | None]] = field(default_factory=set)
    warnings: set[tuple[str, int | None]] = field(default_factory=set)
    says: str = ""  # words the finding's message contains
    as_file: bool = True  # written and read back as a TRF (False: the reader would refuse it)


def _player(number: int, **values: object) -> Callable[[Tournament], None]:
    def change(t: Tournament) -> None:
        for name, value in values.items():
            setattr(player_of(t, number), name, value)

    return change


def _header(code: str, value: str | None) -> Callable[[Tournament], None]:
    def change(t: Tournament) -> None:
        if value is None:
            t.header.pop(code, None)
        else:
            t.header[code] = value

    return change


def _round_date(rnd: int, value: str) -> Callable[[Tournament], None]:
    def change(t: Tournament) -> None:
        t.round_dates[rnd - 1] = value

    return change


def _no_round_dates(t: Tournament) -> None:
    t.round_dates = []


def _forfeit_of_the_new_player(t: Tournament) -> None:
    set_result(t, 1, 1, "+", "-")  # round 1: 1 wins against 6 by forfeit


def _new_player_loses_all(t: Tournament) -> None:
    for rnd, white in ((1, 1), (4, 6)):
        if white == 6:
            set_result(t, rnd, 6, "0", "1")
        else:
            set_result(t, rnd, 1, "1", "0")


def _unfinished_game(t: Tournament) -> None:
    set_result(t, 5, 3, " ", " ")


def _bye_instead_of_a_game(t: Tournament) -> None:
    # round 5: 3 and 6 did not meet; each had a bye (half a point, full point)
    player_of(t, 3).rounds[4] = RoundEntry(None, "-", "H")
    player_of(t, 6).rounds[4] = RoundEntry(None, "-", "F")
    rescore(t)


def _no_time_control(t: Tournament) -> None:
    del t.header["122"], t.header["222"]


def _games_of_no_move(t: Tournament) -> None:
    set_result(t, 2, 1, "W", "L")  # round 2: 1-2 ended before a move (not rated)


def _deputy(value: str) -> Callable[[Tournament], None]:
    return _header("112", value)


CASES: dict[str, Case] = {
    # FIDE ID
    "fide_id missing": Case(_player(3, fide_id=""), errors={("fide_id", 3)}, says="no FIDE ID"),
    "fide_id not digits": Case(
        _player(3, fide_id="19O7112"), errors={("fide_id", 3)}, says="not a number", as_file=False
    ),
    "fide_id twice": Case(
        _player(4, fide_id="1600456"),
        errors={("fide_id", 4), ("fide_id", 5)},
        says="also given to start number",
    ),
    "fide_id too long": Case(
        _player(2, fide_id="17123440000"), warnings={("fide_id", 2)}, says="longer than FIDE's IDs"
    ),
    # federation
    "federation missing, new player": Case(
        _player(6, federation=""), errors={("federation", 6)}, says="no federation"
    ),
    "federation unknown, new player": Case(
        _player(6, federation="XYZ"), errors={("federation", 6)}, says="not a FIDE federation"
    ),
    "federation in small letters": Case(
        _player(6, federation="nor"), errors={("federation", 6)}, says="capitals: NOR"
    ),
    "federation unknown, rated player": Case(
        _player(2, federation="SWD"), warnings={("federation", 2)}, says="'SWD'"
    ),
    # birth date
    "birth date missing, new player": Case(
        _player(6, birth_date=""), errors={("birth_date", 6)}, says="year of birth"
    ),
    "birth date not a date, new player": Case(
        _player(6, birth_date="2012/13/45"), errors={("birth_date", 6)}, says="not a date"
    ),
    "birth year after the event": Case(
        _player(6, birth_date="2031/01/01"), errors={("birth_date", 6)}, says="not plausible"
    ),
    "birth year too early": Case(
        _player(6, birth_date="1890"), errors={("birth_date", 6)}, says="not plausible"
    ),
    "birth date day first": Case(
        _player(6, birth_date="05.05.2012"), warnings={("birth_date", 6)}, says="YYYY/MM/DD"
    ),
    "birth date not a date, rated player": Case(
        _player(4, birth_date="unknown"), warnings={("birth_date", 4)}, says="not a date"
    ),
    # sex
    "sex missing, new player": Case(_player(6, sex=""), errors={("sex", 6)}, says="m or w"),
    "sex not m or w, new player": Case(_player(6, sex="f"), errors={("sex", 6)}, says="'f'"),
    "sex not m or w, rated player": Case(_player(4, sex="u"), warnings={("sex", 4)}, says="'u'"),
    # title
    "title unknown": Case(_player(4, title="AGM"), warnings={("title", 4)}, says="'AGM'"),
    "women's title of a man": Case(
        _player(4, title="WFM"), warnings={("title", 4)}, says="women's title"
    ),
    # time control
    "time control too fast for the ratings": Case(
        _header("222", "5400+0"),  # 90 min: Aalto (2512) needs 120
        warnings={("time_control", None), ("game", 1), ("game", 6)},
        says="less than the 120 min",
    ),
    "rapid time control": Case(
        _header("222", "1500+10"), warnings={("time_control", None)}, says="rapid"
    ),
    "first control of 20 moves": Case(
        _header("222", "20/5400:1800+30"), errors={("time_control", None)}, says="20 moves"
    ),
    "no time control": Case(
        _no_time_control,
        warnings={("time_control", None)},
        says="no time control",
    ),
    "222 not encoded": Case(
        _header("222", "90 minutes"),
        warnings={("time_control", None)},
        says="not an encoded time control",
    ),
    # games
    "a game without a result": Case(
        _unfinished_game,
        errors={("game", None)},
        warnings={("game", 6)},  # the new player's game is one of the five he needs
        says="round 5: 1 game without a result (3-6)",
    ),
    "new player with a forfeit": Case(
        _forfeit_of_the_new_player, warnings={("game", 6)}, says="4 rated games"
    ),
    "new player with a bye": Case(
        _bye_instead_of_a_game, warnings={("game", 6)}, says="4 rated games"
    ),
    "new player scoring zero": Case(
        _new_player_loses_all, warnings={("game", 6)}, says="scored 0 in 5 games"
    ),
    # arbiters
    "no chief arbiter": Case(
        _header("102", None), errors={("chief_arbiter", None)}, says="no chief arbiter"
    ),
    "chief arbiter without FIDE ID": Case(
        _header("102", "Arbiter, Ada"), warnings={("chief_arbiter", None)}, says="no FIDE ID"
    ),
    "deputy arbiter without FIDE ID": Case(
        _deputy("Deputy, Dan (1500002)\nDeputy, Dora"),
        warnings={("deputy_arbiter", None)},
        says="'Deputy, Dora'",
    ),
    # round dates
    "no round dates": Case(_no_round_dates, errors={("round_dates", None)}, says="no round dates"),
    "a round not dated": Case(
        _round_date(3, ""), errors={("round_dates", None)}, says="round 3 played but not dated"
    ),
    "round dates out of order": Case(
        _round_date(3, "26/04/09"),
        errors={("round_dates", None)},
        says="before round 2",
        as_file=True,
    ),
    "round date after the end": Case(
        _round_date(5, "26/04/13"), errors={("round_dates", None)}, says="outside the event"
    ),
    "round date written YYYY/MM/DD": Case(
        _round_date(5, "2026/04/12"),
        warnings={("round_dates", None)},
        says="read as 26/04/12",
        as_file=False,  # the reader reads the 132 line in its columns (8 wide)
    ),
    "round date not a date": Case(
        _round_date(2, "26/13/40"), errors={("round_dates", None)}, says="not a date", as_file=False
    ),
    # the event
    "no place": Case(_header("022", None), errors={("place", None)}, says="no place"),
    "no event federation": Case(
        _header("032", None), errors={("event_federation", None)}, says="no federation"
    ),
    "event federation unknown": Case(
        _header("032", "Lichess"), errors={("event_federation", None)}, says="'Lichess'"
    ),
    "no start date": Case(
        _header("042", None), errors={("event_dates", None)}, says="no start date"
    ),
    "start date not a date": Case(
        _header("042", "April 2026"), errors={("event_dates", None)}, says="not a date"
    ),
    "start date day first": Case(
        _header("042", "10.04.2026"), warnings={("event_dates", None)}, says="2026/04/10"
    ),
    "end before start": Case(
        _header("052", "2026/04/01"), errors={("event_dates", None)}, says="before the start"
    ),
    "number of players": Case(_header("062", "7"), warnings={("counts", None)}, says="062"),
    "number of rated players": Case(_header("072", "6"), warnings={("counts", None)}, says="072"),
    "rounds missing": Case(
        _header("142", "7"), warnings={("counts", None)}, says="5 of the 7 rounds"
    ),
}


def test_the_clean_event_is_clean() -> None:
    t = clean()
    report = report_of(t)
    assert report.findings == [], report.text()
    assert report.clean
    assert report.text().endswith("clean: 0 errors, 0 warnings\n")
    # Rated players' games against the new player (6) are not rated for them (8.3.1); the
    # new player's five games against rated opponents all count.
    assert report.rated_games == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 5}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_defect_is_named_and_nothing_else(name: str) -> None:
    case = CASES[name]
    t = clean()
    case.change(t)
    report = rating_report(as_file(t) if case.as_file else t)
    assert errors(report) == case.errors, report.text()
    assert warnings(report) == case.warnings, report.text()
    assert report.clean == (not case.errors)
    named = [f for f in report.findings if f.severity == ("error" if case.errors else "warning")]
    assert any(case.says in f.message for f in named), report.text()
    for finding in report.findings:
        assert finding.field in FIELDS
        assert finding.rule
        if finding.start_number is not None:
            assert finding.player == player_of(t, finding.start_number).name


def test_fid_is_a_federation_for_players_under_fides_flag() -> None:
    t = clean()
    player_of(t, 6).federation = "FID"
    t.header["032"] = "FID"
    assert report_of(t).findings == []


@pytest.mark.parametrize("birth", ["2012", "2012/00/00", "2012/05/00"])
def test_a_birth_year_alone_is_enough(birth: str) -> None:
    t = clean()
    player_of(t, 6).birth_date = birth
    assert report_of(t).findings == []


def test_rated_players_need_no_birth_date_or_sex_in_the_file() -> None:
    t = clean()
    player_of(t, 2).birth_date = ""
    player_of(t, 2).sex = ""
    assert report_of(t).findings == []


@pytest.mark.parametrize("title", ["g", "wg", "m", "wm", "f", "wf", "c", "wc", "GM", "WCM"])
def test_every_trf_title_code_is_taken(title: str) -> None:
    t = clean()
    player_of(t, 2).title = title  # Berg is a woman: women's titles fit too
    assert report_of(t).findings == []


def test_a_game_too_fast_for_its_players_is_not_rated() -> None:
    t = clean()
    t.header["222"] = "5400+0"  # 90 min: enough below 2400, not for games of Aalto (2512)
    report = report_of(t)
    finding = only(report, "time_control", None)
    assert "5 games will not be rated (round 1: 1-6, round 2: 1-2, round 3: 1-3 and 2 more)" in (
        finding.message
    )
    # Every game of Aalto is out (for the new player 6 too); the others lose one each.
    assert report.rated_games == {1: 0, 2: 3, 3: 3, 4: 3, 5: 3, 6: 4}
    assert "4 too fast for the rate of play" in only(report, "game", 1).message


def test_forfeits_byes_and_games_of_no_move_are_not_rated() -> None:
    t = clean()
    _games_of_no_move(t)
    report = report_of(t)
    assert report.findings == []
    assert report.rated_games[1] == 3 and report.rated_games[2] == 3
    t = clean()
    _forfeit_of_the_new_player(t)
    assert report_of(t).rated_games[6] == 4


def test_the_time_control_is_read_from_122_when_222_is_missing() -> None:
    t = clean()
    del t.header["222"]
    assert report_of(t).findings == []
    t.header["122"] = "60 minutes"
    assert only(report_of(t), "time_control", None).severity == "warning"


def test_a_team_events_files_are_checked_like_an_individual() -> None:
    t = clean()
    t.team_records = [("1", "Lakeside", "", "", "", "", "1", "1", "2", "3")]
    assert rating_report(t).findings == []


def test_the_text_lists_each_finding_and_each_players_rated_games() -> None:
    t = clean()
    player_of(t, 6).sex = ""
    text = report_of(t).text()
    assert "error: 6 Fox, Finn: [sex] no sex given" in text
    assert "  6 Fox, Finn: 5" in text
    assert text.endswith("not clean: 1 error, 0 warnings\n")
