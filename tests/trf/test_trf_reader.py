"""Reading TRF text and files into the data model."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from trf_samples import BASE, add_line, put, replace_line

from arbiter.trf import read_trf, read_trf_file, write_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament

E = RoundEntry


def test_reads_every_field_of_the_base_sample() -> None:
    t = read_trf(BASE)
    assert t.header == {"012": "Damage Open", "042": "2025/03/01", "052": "2025/03/03"}
    assert t.round_dates == ["25/03/01", "25/03/02", "25/03/03"]
    assert [p.start_number for p in t.players] == [1, 2, 3, 4]
    first = t.players[0]
    assert first == PlayerRecord(
        start_number=1,
        name="Alpha, Ann",
        sex="w",
        title="IM",
        rating=2400,
        federation="NOR",
        fide_id="1503014",
        birth_date="1990/01/01",
        points=Decimal("2.5"),
        rank=1,
        rounds=[E(2, "w", "1"), E(4, "b", "="), E(3, "w", "1")],
    )
    assert t.players[1].rounds == [E(1, "b", "0"), E(None, "-", "U"), E(4, "w", "+")]
    assert t.players[2].rounds[1] == E(None, "-", "H")
    assert t.players[3].rounds[2] == E(2, "b", "-")
    assert t.players[1].rating == 2200 and t.players[1].title == "" and t.players[1].sex == ""
    assert t.total_rounds == 5
    assert t.initial_colour == "white1"
    assert t.accelerations == {1: [Decimal(1), Decimal(1)]}
    assert t.forbidden_pairs == [(1, 3)]
    assert t.bye_records == [("H", "4", "2")]
    assert t.acceleration_records == [("", "1.0", "1", "2", "1", "2")]
    assert t.forbidden_records == [("1", "5", "1", "3")]
    assert t.other_records == []
    assert t.point_values == {}
    assert t.rounds_played == 3


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
def test_line_ends_and_blank_lines_do_not_matter(newline: str) -> None:
    text = BASE.replace("\n", newline + newline)
    assert read_trf(text) == read_trf(BASE)


def test_a_byte_order_mark_is_dropped() -> None:
    assert read_trf("\ufeff" + BASE) == read_trf(BASE)


def test_empty_text_is_an_empty_tournament() -> None:
    assert read_trf("") == Tournament()
    assert read_trf("\n  \n") == Tournament()


def test_trailing_spaces_after_a_line_are_ignored() -> None:
    text = BASE.replace(" 3 w 1\n", " 3 w 1        \n", 1)
    assert read_trf(text) == read_trf(BASE)


def test_codes_are_case_insensitive_and_blanks_mean_unpaired() -> None:
    # lower-case h/u; a colour left blank; a round block left blank; "    " for 0000
    text = put(put(BASE, 7, 102, "       h"), 6, 102, "0000   u")
    echo = "001    5      Echo".ljust(80) + " 0.5".ljust(11) + "0000 - Z".ljust(20) + "     - H"
    text = add_line(text, echo)
    t = read_trf(text)
    assert t.players[2].rounds[1] == E(None, "-", "H")
    assert t.players[1].rounds[1] == E(None, "-", "U")
    assert t.players[4].rounds == [E(None, "-", "Z"), E(None, "-", " "), E(None, "-", "H")]


def test_results_w_d_l_are_not_rated_games() -> None:
    text = put(put(BASE, 5, 99, "W"), 6, 99, "L")
    t = read_trf(text)
    assert t.players[0].rounds[0] == E(2, "w", "W")
    assert t.players[1].rounds[0] == E(1, "b", "L")


def test_a_forfeit_may_have_no_colours() -> None:
    text = put(put(BASE, 6, 117, "-"), 8, 117, "-")
    t = read_trf(text)
    assert t.players[1].rounds[2] == E(4, "-", "+")
    assert t.players[3].rounds[2] == E(2, "-", "-")


def test_double_forfeit_and_pending_game() -> None:
    t = read_trf(put(put(BASE, 6, 119, "-"), 6, 81, " 1.0"))
    assert t.players[1].rounds[2] == E(4, "w", "-")
    pending = put(put(put(put(BASE, 6, 119, " "), 8, 119, " "), 6, 81, " 1.0"), 8, 81, " 1.5")
    t = read_trf(pending)
    assert t.players[1].rounds[2] == E(4, "w", " ")


def test_blank_points_are_computed_and_blank_rank_rating_are_none() -> None:
    text = put(put(put(BASE, 5, 81, "    "), 5, 86, "    "), 5, 49, "    ")
    player = read_trf(text).players[0]
    assert player.points == Decimal("2.5")
    assert player.rank is None and player.rating is None


def test_a_short_player_line_without_points_or_rounds() -> None:
    t = read_trf("001    7 m    Solo\n")
    assert t.players == [PlayerRecord(start_number=7, name="Solo", sex="m")]


def test_points_may_use_a_decimal_comma() -> None:
    assert read_trf(put(BASE, 5, 81, " 2,5")).players[0].points == Decimal("2.5")


def test_points_may_leave_out_a_bye_of_the_round_being_paired() -> None:
    # Player 3's H in the last column (round 4) is counted or not: both are accepted.
    text = BASE.replace("     1 b 0\n", "     1 b 0  0000 - H\n", 1)
    assert read_trf(text).players[2].points == Decimal("0.5")
    text = put(text, 7, 81, " 1.0")
    assert read_trf(text).players[2].points == Decimal("1.0")


def test_points_may_include_one_round_of_acceleration() -> None:
    assert read_trf(put(BASE, 5, 81, " 3.5")).players[0].points == Decimal("3.5")


def test_xxs_values_price_the_codes() -> None:
    # A bye worth 0.5 and a win with white worth 2: the points column must follow.
    text = add_line(put(put(BASE, 6, 81, " 1.5"), 5, 81, " 4.5"), "XXS PAB=0.5 WW=2.0")
    t = read_trf(text)
    assert t.point_values == {"PAB": Decimal("0.5"), "WW": Decimal("2.0")}
    assert t.players[1].points == Decimal("1.5")


def test_repeated_header_records_are_joined_by_newlines() -> None:
    text = "112 First Deputy\n112 Second Deputy\n012 Name\n"
    t = read_trf(text)
    assert t.header == {"112": "First Deputy\nSecond Deputy", "012": "Name"}
    assert write_trf(t) == "012 Name\n112 First Deputy\n112 Second Deputy\n"


def test_tournament_records_beyond_122_go_to_the_header() -> None:
    text = "142 9\n152 W\n192 FIDE_DUTCH_2025\n202 BH,SB\n"
    assert read_trf(text).header == {
        "142": "9",
        "152": "W",
        "192": "FIDE_DUTCH_2025",
        "202": "BH,SB",
    }


def test_unknown_records_are_kept_verbatim_in_file_order() -> None:
    text = "### comment  \nDAT 0001 EMAIL x@y.z\n" + BASE + "BBW  1.0\nXXZ 3\n"
    t = read_trf(text)
    assert t.other_records == ["### comment  ", "DAT 0001 EMAIL x@y.z", "BBW  1.0", "XXZ 3"]
    assert write_trf(t).endswith("### comment  \nDAT 0001 EMAIL x@y.z\nBBW  1.0\nXXZ 3\n")


def test_round_dates_keep_blank_fields() -> None:
    t = read_trf(replace_line(BASE, 4, "132" + " " * 88 + "25/03/01  " + " " * 10 + "25/03/03"))
    assert t.round_dates == ["25/03/01", "", "25/03/03"]
    t = read_trf(replace_line(BASE, 4, "132" + " " * 88 + "2025-03-01"))
    assert t.round_dates == ["2025-03-01"]


@pytest.mark.parametrize(
    "date", ["2025/03/01", "2025-03-01", "2025.03.01", "01.03.2025", "25/03/01"]
)
def test_start_date_spellings(date: str) -> None:
    assert read_trf(f"042 {date}\n").header["042"] == date


def test_xxc_variants_and_xxa_free_spacing() -> None:
    t = read_trf(replace_line(replace_line(BASE, 10, "XXC rank  black1"), 11, "XXA 1 1 0.5"))
    assert t.initial_colour == "rank black1"
    assert t.accelerations == {1: [Decimal(1), Decimal("0.5")]}


def test_240_agrees_with_a_bye_already_in_the_player_line() -> None:
    t = read_trf(replace_line(BASE, 13, "240 H   2    3"))
    assert t.bye_records == [("H", "2", "3")]


def test_gaps_in_start_numbers_are_accepted() -> None:
    text = (
        BASE.replace("   4 ", "  40 ").replace("001    4", "001   40").replace("XXP 1 3", "XXP 1 3")
    )
    t = read_trf(text)
    assert [p.start_number for p in t.players] == [1, 2, 3, 40]


def test_read_file_utf8(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_bytes(put(BASE, 5, 15, "Ødegård, Åse").encode("utf-8"))
    assert read_trf_file(path).players[0].name == "Ødegård, Åse"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    assert read_trf_file(str(path)) == read_trf(BASE)


def test_read_file_falls_back_to_cp1252_then_latin1(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_bytes(put(BASE, 5, 15, "Müller, Zoë \u2013 €").encode("cp1252"))
    assert read_trf_file(path).players[0].name == "Müller, Zoë \u2013 €"
    # 0x81 is undefined in cp1252: Latin-1 takes it.
    raw = put(BASE, 5, 15, "X\x81Y".ljust(33)).encode("latin-1")
    path.write_bytes(raw)
    assert read_trf_file(path).players[0].name == "X\x81Y"


def test_reader_imports_no_django() -> None:
    import subprocess
    import sys

    code = (
        "import sys, arbiter.trf, arbiter.trf.reader, arbiter.trf.writer, arbiter.trf.points, "
        "arbiter.tiebreaks.from_trf; "
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
