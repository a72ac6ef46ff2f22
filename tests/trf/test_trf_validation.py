"""Every kind of damage the reader refuses: a TrfError naming the line, the column and what.

BASE (trf_samples.py) lines: 1-3 header, 4 round dates, 5-8 players 1-4, 9 XXR, 10 XXC,
11 XXA, 12 XXP, 13 240, 14 250, 15 260. Round r's block starts at column 92 + 10*(r-1):
opponent there, colour at +5, result at +7.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from trf_samples import BASE, add_line, insert, put, replace_line

from arbiter.trf import TrfError, read_trf

Damage = Callable[[str], str]

CASES: list[tuple[str, Damage, int, int, str]] = [
    # --- player lines: the fixed fields
    (
        "non-numeric start number",
        lambda t: put(t, 6, 5, "  x2"),
        6,
        5,
        "start number 'x2' is not a number",
    ),
    ("start number zero", lambda t: put(t, 6, 5, "0000"), 6, 5, "not between 1 and 9999"),
    (
        "duplicate start number",
        lambda t: put(t, 7, 8, "2"),
        7,
        5,
        "start number 2 is used twice (first on line 6)",
    ),
    (
        "line too short",
        lambda t: replace_line(t, 8, "001   "),
        8,
        5,
        "line too short: the start number (columns 5-8) is missing",
    ),
    (
        "name running into the rating",
        lambda t: put(t, 6, 48, "X"),
        6,
        48,
        "column 48 must be blank: the fields of the 001 line are misaligned",
    ),
    ("bad rating", lambda t: put(t, 6, 49, "22x0"), 6, 49, "rating '22x0' is not a number"),
    ("bad FIDE id", lambda t: put(t, 5, 58, "ABC"), 5, 58, "FIDE id 'ABC 1503014' is not a number"),
    ("bad points", lambda t: put(t, 6, 81, " 2.x"), 6, 81, "points '2.x' is not a number"),
    ("bad rank", lambda t: put(t, 6, 86, "  #2"), 6, 86, "rank '#2' is not a number"),
    # --- round blocks
    (
        "round block shifted right",
        lambda t: insert(t, 5, 92, " "),
        5,
        96,
        "round 1: column 96 must be blank; round blocks start at columns 92, 102, 112",
    ),
    (
        "round block shifted left",
        lambda t: replace_line(t, 6, t.split("\n")[5][:90] + t.split("\n")[5][91:]),
        6,
        96,
        "round 1: column 96 must be blank; round blocks start at columns 92",
    ),
    (
        "stray character between blocks",
        lambda t: put(t, 5, 100, "*"),
        5,
        100,
        "round 1: column 100 must be blank",
    ),
    (
        "non-numeric opponent",
        lambda t: put(t, 5, 92, "  x2"),
        5,
        92,
        "round 1: opponent 'x2' is not a number",
    ),
    (
        "unknown result code",
        lambda t: put(t, 5, 99, "X"),
        5,
        99,
        "round 1: unknown result code 'X'",
    ),
    (
        "colour not w/b/-",
        lambda t: put(t, 5, 97, "x"),
        5,
        97,
        "round 1: colour 'x' is not w, b or -",
    ),
    (
        "colour without opponent",
        lambda t: put(t, 6, 107, "w"),
        6,
        107,
        "round 2: colour 'w' given without an opponent",
    ),
    (
        "game result without opponent",
        lambda t: put(t, 6, 109, "1"),
        6,
        109,
        "round 2: result '1' needs an opponent",
    ),
    (
        "played game without colours",
        lambda t: put(put(t, 5, 97, "-"), 6, 97, "-"),
        5,
        97,
        "round 1: a played game ('1') needs colour w or b",
    ),
    (
        "Z with an opponent",
        lambda t: put(t, 8, 99, "Z"),
        8,
        99,
        "round 1: result 'Z' is a bye and cannot have an opponent (3)",
    ),
    (
        "H with an opponent",
        lambda t: put(t, 6, 119, "H"),
        6,
        119,
        "round 3: result 'H' is a bye and cannot have an opponent (4)",
    ),
    ("U with an opponent", lambda t: put(t, 5, 99, "U"), 5, 99, "result 'U' is a bye"),
    ("F with an opponent", lambda t: put(t, 5, 99, "F"), 5, 99, "result 'F' is a bye"),
    (
        "paired with themself",
        lambda t: put(t, 5, 92, "   1"),
        5,
        92,
        "round 1: player paired with themself",
    ),
    (
        "opponent that does not exist",
        lambda t: put(t, 5, 92, "   9"),
        5,
        92,
        "round 1: opponent 9 is not a player of the file",
    ),
    (
        "asymmetric: opponent unpaired",
        lambda t: put(t, 7, 102, "   2 b 0"),
        7,
        102,
        "round 2: player 3 names opponent 2, but player 2's line is unpaired in that round",
    ),
    (
        "asymmetric: opponent names someone else",
        lambda t: put(t, 5, 112, "   4"),
        5,
        112,
        "round 3: player 1 names opponent 4, but player 4's line names opponent 2 in that round",
    ),
    (
        "asymmetric: opponent has no entry",
        lambda t: replace_line(t, 7, t.split("\n")[6][:111]),
        5,
        112,
        "round 3: player 1 names opponent 3, but player 3's line has no entry in that round",
    ),
    (
        "results 1 vs 1",
        lambda t: put(t, 6, 99, "1"),
        5,
        99,
        "round 1: result '1' of player 1 does not match result '1' of player 2",
    ),
    (
        "results = vs 0",
        lambda t: put(t, 5, 99, "="),
        5,
        99,
        "round 1: result '=' of player 1 does not match result '0' of player 2",
    ),
    (
        "results + vs +",
        lambda t: put(t, 8, 119, "+"),
        6,
        119,
        "round 3: result '+' of player 2 does not match result '+' of player 4",
    ),
    (
        "colours w vs w",
        lambda t: put(t, 6, 97, "w"),
        5,
        97,
        "round 1: colours 'w' and 'w' of players 1 and 2 do not fit together",
    ),
    (
        "second pairing bye in a round",
        lambda t: put(t, 7, 102, "0000 - U"),
        7,
        109,
        "round 2: a second pairing-allocated bye (U); player 2 already has it",
    ),
    # --- points column against the codes
    (
        "points disagree with the codes",
        lambda t: put(t, 6, 81, " 3.0"),
        6,
        81,
        "points 3.0 of player 2 do not match the results, which give 2",
    ),
    (
        "points disagree under XXS",
        lambda t: add_line(t, "XXS PAB=0.5"),
        6,
        81,
        "points 2.0 of player 2 do not match the results, which give 1.5",
    ),
    # --- extension records
    (
        "XXR not a number",
        lambda t: replace_line(t, 9, "XXR five"),
        9,
        5,
        "XXR rounds 'five' is not a positive number",
    ),
    ("XXR zero", lambda t: replace_line(t, 9, "XXR 0"), 9, 5, "XXR rounds '0' is not a positive"),
    (
        "XXR two values",
        lambda t: replace_line(t, 9, "XXR 5 6"),
        9,
        7,
        "XXR needs exactly one number",
    ),
    (
        "XXR below the rounds played",
        lambda t: replace_line(t, 9, "XXR 2"),
        9,
        5,
        "XXR says 2 rounds but the player lines have 3",
    ),
    (
        "XXR twice",
        lambda t: add_line(t, "XXR 5"),
        16,
        1,
        "record XXR given twice (first on line 9)",
    ),
    (
        "XXC unknown value",
        lambda t: replace_line(t, 10, "XXC green1"),
        10,
        5,
        "XXC value 'green1' is not white1, black1 or rank",
    ),
    (
        "XXC two colours",
        lambda t: replace_line(t, 10, "XXC white1 black1"),
        10,
        12,
        "XXC names more than one initial colour",
    ),
    ("XXC empty", lambda t: replace_line(t, 10, "XXC"), 10, 5, "XXC needs white1 or black1"),
    (
        "XXA bad points",
        lambda t: replace_line(t, 11, "XXA    1  1.0  x.0"),
        11,
        16,
        "XXA points 'x.0' is not a number",
    ),
    (
        "XXA unknown player",
        lambda t: replace_line(t, 11, "XXA   77  1.0"),
        11,
        7,
        "XXA: player 77 is not a player of the file",
    ),
    (
        "XXA longer than XXR",
        lambda t: replace_line(t, 11, "XXA    1" + "  1.0" * 6),
        11,
        8,
        "XXA gives 6 rounds of points for player 1, more than the 5 rounds of XXR",
    ),
    (
        "XXA twice for a player",
        lambda t: add_line(t, "XXA    1  1.0"),
        16,
        8,
        "XXA for player 1 given twice (first on line 11)",
    ),
    (
        "XXP one player",
        lambda t: replace_line(t, 12, "XXP 1"),
        12,
        5,
        "XXP needs exactly two start numbers",
    ),
    (
        "XXP with themself",
        lambda t: replace_line(t, 12, "XXP 3 3"),
        12,
        7,
        "XXP pairs a player with themself",
    ),
    (
        "XXP unknown player",
        lambda t: replace_line(t, 12, "XXP 1 99"),
        12,
        7,
        "XXP: player 99 is not a player of the file",
    ),
    (
        "XXP not a number",
        lambda t: replace_line(t, 12, "XXP 1 b"),
        12,
        7,
        "XXP player 'b' is not a start number",
    ),
    (
        "XXS unknown code",
        lambda t: add_line(t, "XXS W=1.0 QQ=2"),
        16,
        11,
        "XXS code 'QQ' is not a known point code",
    ),
    ("XXS bad value", lambda t: add_line(t, "XXS W=one"), 16, 7, "XXS value 'one' is not a number"),
    ("XXS item without =", lambda t: add_line(t, "XXS W"), 16, 5, "XXS item 'W' is not code=value"),
    # --- 2025 records
    ("240 bad bye type", lambda t: put(t, 13, 5, "U"), 13, 5, "240 bye type 'U' is not F, H or Z"),
    (
        "240 contradicts the player line",
        lambda t: replace_line(t, 13, "240 H   2    2"),
        13,
        11,
        "240: player 2 has a H bye in round 2, but the player line says '0000 - U' in that round",
    ),
    ("240 misaligned", lambda t: put(t, 13, 15, "7"), 13, 15, "240: column 15 must be blank"),
    ("240 too short", lambda t: replace_line(t, 13, "240 H   4"), 13, 10, "240 line too short"),
    (
        "250 too short",
        lambda t: replace_line(t, 14, "250       1.0   1   2    1"),
        14,
        27,
        "250 line too short",
    ),
    (
        "250 zero game points",
        lambda t: put(t, 14, 10, " 0.0"),
        14,
        10,
        "250 game points '0.0' must be a non-zero number",
    ),
    (
        "250 rounds reversed",
        lambda t: put(t, 14, 15, "  3"),
        14,
        19,
        "250 last round is before the first round",
    ),
    (
        "260 unknown player",
        lambda t: put(t, 15, 18, "  42"),
        15,
        18,
        "260: player 42 is not a player of the file",
    ),
    (
        "260 round not a number",
        lambda t: put(t, 15, 5, "  ?"),
        15,
        5,
        "260 first round '?' is not a valid number",
    ),
    # --- tournament section (dates written other ways: WARNED below)
    (
        "header code glued to its text",
        lambda t: replace_line(t, 1, "012Damage"),
        1,
        4,
        "column 4 must be blank after the record code '012'",
    ),
    (
        "an indented record",
        lambda t: replace_line(t, 6, " " + t.split("\n")[5]),
        6,
        1,
        "a record must start at column 1 with its code",
    ),
    (
        "a line too short for a code",
        lambda t: add_line(t, "01"),
        16,
        1,
        "line too short: a record starts with a 3-character code",
    ),
]


# Read all the same, with a warning at this place (real-world files write dates other ways).
WARNED: list[tuple[str, Damage, int, int, str]] = [
    (
        "bad start date",
        lambda t: replace_line(t, 2, "042 2025/13/01"),
        2,
        5,
        "start date '2025/13/01' is not written YYYY/MM/DD; kept as written",
    ),
    (
        "bad end date",
        lambda t: replace_line(t, 3, "052 yesterday"),
        3,
        5,
        "end date 'yesterday' is not written YYYY/MM/DD",
    ),
    (
        "round date misaligned",
        lambda t: insert(t, 4, 92, " "),
        4,
        93,
        "round 1 date '25/03/01' is not a date (YY/MM/DD) starting at column 92",
    ),
    (
        "round date impossible",
        lambda t: put(t, 4, 102, "25/02/30"),
        4,
        102,
        "round 2 date '25/02/30' is not a date",
    ),
    (
        "text before the round dates",
        lambda t: put(t, 4, 5, "x"),
        4,
        5,
        "132 round dates must start at column 92",
    ),
]


@pytest.mark.parametrize(
    ("damage", "line", "column", "message"), [c[1:] for c in WARNED], ids=[c[0] for c in WARNED]
)
def test_dates_written_other_ways_are_read_with_a_warning_at_their_place(
    damage: Damage, line: int, column: int, message: str
) -> None:
    t = read_trf(damage(BASE))
    assert [(w.line, w.column) for w in t.warnings] == [(line, column)]
    assert t.warnings[0].message.startswith(message)


def test_base_sample_is_valid() -> None:
    read_trf(BASE)


@pytest.mark.parametrize(
    ("damage", "line", "column", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_damage_is_refused_with_its_place(
    damage: Damage, line: int, column: int, message: str
) -> None:
    text = damage(BASE)
    assert text != BASE
    with pytest.raises(TrfError) as caught:
        read_trf(text)
    err = caught.value
    assert (err.line, err.column) == (line, column), str(err)
    assert message in err.message
    assert str(err) == f"line {line}, column {column}: {err.message}"


def test_at_least_ten_kinds_of_damage_are_covered() -> None:
    assert len(CASES) >= 10


def test_trf_error_is_a_value_error_and_pickles() -> None:
    import pickle

    err = TrfError(3, 7, "bad")
    assert isinstance(err, ValueError)
    assert str(err) == "line 3, column 7: bad"
    again = pickle.loads(pickle.dumps(err))
    assert (again.line, again.column, again.message) == (3, 7, "bad")
