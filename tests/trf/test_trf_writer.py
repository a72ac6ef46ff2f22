"""The canonical writer: exact bytes, round trips, and refusals of unwritable data."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from trf_samples import BASE
from trf_strategies import tournaments

from arbiter.trf import read_trf, write_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament

E = RoundEntry


def base_tournament() -> Tournament:
    d = Decimal
    return Tournament(
        header={"052": "2025/03/03", "012": "Damage Open", "042": "2025/03/01"},
        round_dates=["25/03/01", "25/03/02", "25/03/03"],
        players=[
            PlayerRecord(
                4,
                "Delta, Di",
                rating=2100,
                points=d("1.5"),
                rank=3,
                rounds=[E(3, "b", "1"), E(1, "w", "="), E(2, "b", "-")],
            ),
            PlayerRecord(
                2,
                "Bravo, Bob",
                rating=2200,
                points=d(2),
                rank=2,
                rounds=[E(1, "b", "0"), E(None, "-", "U"), E(4, "w", "+")],
            ),
            PlayerRecord(
                1,
                "Alpha, Ann",
                sex="w",
                title="IM",
                rating=2400,
                federation="NOR",
                fide_id="1503014",
                birth_date="1990/01/01",
                points=d("2.5"),
                rank=1,
                rounds=[E(2, "w", "1"), E(4, "b", "="), E(3, "w", "1")],
            ),
            PlayerRecord(
                3,
                "Charlie, Cy",
                rating=2000,
                points=d("0.5"),
                rank=4,
                rounds=[E(4, "w", "0"), E(None, "-", "H"), E(1, "b", "0")],
            ),
        ],
        total_rounds=5,
        initial_colour="white1",
        accelerations={1: [d(1), d(1)]},
        forbidden_pairs=[(1, 3)],
        bye_records=[("H", "4", "2")],
        acceleration_records=[("", "1.0", "1", "2", "1", "2")],
        forbidden_records=[("1", "5", "1", "3")],
    )


def test_exact_bytes_of_the_base_sample() -> None:
    assert write_trf(base_tournament()) == BASE


def test_players_are_written_by_start_number_and_read_back_so() -> None:
    t = read_trf(write_trf(base_tournament()))
    assert [p.start_number for p in t.players] == [1, 2, 3, 4]


def test_every_line_ends_with_newline() -> None:
    text = write_trf(base_tournament())
    assert text.endswith("\n") and "\r" not in text
    assert write_trf(Tournament()) == ""


def test_canonical_order_of_records() -> None:
    t = base_tournament()
    t.header.update({"192": "FIDE_DUTCH_2025", "122": "90'+30\"", "112": "A\nB"})
    t.point_values = {"W": Decimal(1), "PAB": Decimal("0.5"), "WW": Decimal(1)}
    t.other_records = ["### last", "DAT 0001 X"]
    codes = [line[:3] for line in write_trf(t).splitlines()]
    assert codes == [
        "012",
        "042",
        "052",
        "112",
        "112",
        "122",
        "132",
        "192",
        "001",
        "001",
        "001",
        "001",
        "XXR",
        "XXC",
        "XXS",
        "XXA",
        "XXP",
        "240",
        "250",
        "260",
        "###",
        "DAT",
    ]
    assert "XXS WW=1.0 PAB=0.5 W=1.0\n" in write_trf(t)


def test_unpaired_and_pending_blocks_are_written_in_full() -> None:
    t = Tournament(
        players=[
            PlayerRecord(1, "A", points=Decimal(0), rounds=[E(None, "-", " "), E(2, "w", " ")]),
            PlayerRecord(2, "B", points=Decimal(0), rounds=[E(None, "-", "Z"), E(1, "b", " ")]),
        ]
    )
    lines = write_trf(t).splitlines()
    assert lines[0][91:] == "0000 -       2 w  "
    assert lines[1][91:] == "0000 - Z     1 b  "
    assert read_trf(write_trf(t)) == t


def test_text_fields_are_written_stripped() -> None:
    t = Tournament(players=[PlayerRecord(1, "  Padded, Name  ", federation=" NO", title="GM ")])
    again = read_trf(write_trf(t))
    assert (again.players[0].name, again.players[0].federation) == ("Padded, Name", "NO")
    assert again.players[0].title == "GM"


def test_points_formatting() -> None:
    t = Tournament(players=[PlayerRecord(1, "A", points=Decimal("0.25"))])
    assert write_trf(t)[80:84] == "0.25"
    t.players[0].points = Decimal(10)
    assert write_trf(t)[80:84] == "10.0"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: setattr(t.players[0], "name", "x" * 34), "longer than 33"),
        (lambda t: setattr(t.players[0], "start_number", 10000), "not between 1 and 9999"),
        (lambda t: setattr(t.players[1], "start_number", 1), "used twice"),
        (lambda t: setattr(t.players[0], "rating", -5), "not a non-negative integer"),
        (lambda t: setattr(t.players[0], "points", Decimal("100.5")), "longer than 4"),
        (lambda t: t.players[0].rounds.append(E(3, "w", "H")), "cannot have an opponent"),
        (lambda t: t.players[0].rounds.append(E(None, "w", "Z")), "needs an opponent"),
        (lambda t: t.players[0].rounds.append(E(3, "-", "1")), "needs colour w or b"),
        (lambda t: t.players[0].rounds.append(E(3, "x", "1")), "colour"),
        (lambda t: setattr(t, "initial_colour", "green"), "XXC value"),
        (lambda t: setattr(t, "total_rounds", 0), "not a positive integer"),
        (lambda t: t.point_values.update(QQ=Decimal(1)), "not known point codes"),
        (lambda t: t.header.update({"132": "x"}), "header code"),
        (lambda t: t.header.update({"AB2": "x"}), "header code"),
        (lambda t: t.header.update({"012": "a\rb"}), "line break"),
        (lambda t: t.other_records.append("001    9 x"), "code the reader interprets"),
        (lambda t: t.other_records.append("XXR 3"), "code the reader interprets"),
        (lambda t: t.other_records.append("  "), "blank"),
        (lambda t: t.other_records.append(" ### x"), "indented"),
        (lambda t: t.bye_records.append(("H", "3")), "needs a type, a round and a player"),
        (lambda t: t.acceleration_records.append(("1",)), "needs 6 fields"),
        (lambda t: t.forbidden_records.append(("1", "2", "3")), "two rounds and two players"),
        (lambda t: t.accelerations.update({1: [Decimal("100")]}), "longer than 4"),
    ],
)
def test_unwritable_data_raises_value_error(change, message: str) -> None:
    t = base_tournament()
    change(t)
    with pytest.raises(ValueError, match=message):
        write_trf(t)


def test_writer_does_not_change_its_input() -> None:
    t = base_tournament()
    before = dataclasses.replace(t, players=[dataclasses.replace(p) for p in t.players])
    write_trf(t)
    assert t == before


# One property test for both round trips: generating the tournaments is most of its time.
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_write_then_read_gives_equal_data_and_writing_again_identical_bytes(
    t: Tournament,
) -> None:
    text = write_trf(t)
    assert write_trf(t) == text  # the same Tournament always gives the same bytes
    again = read_trf(text)
    assert write_trf(again) == text
    t.players.sort(key=lambda p: p.start_number)  # the file order is by start number
    assert again == t
