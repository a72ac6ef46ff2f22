"""Matching a PGN file's games to a round's boards by names, FIDE IDs and board numbers.
No database."""

from __future__ import annotations

import pytest

from arbiter.otb.rules.matching import (
    BoardPlayers,
    GameNames,
    MatchStatus,
    Person,
    board_match,
    round_and_board,
)
from arbiter.otb.rules.names import name_fits, name_known, name_words, same_name

BOARDS = [
    BoardPlayers(1, Person(("Carlsen, Magnus",), "1503014"), Person(("Nepomniachtchi, Ian",))),
    BoardPlayers(2, Person(("Øst-Hansen, Jacob",)), Person(("Kowalska, Alice", "alice_k"))),
    BoardPlayers(3, Person(("Smith, John",)), Person(("Doe, Jane",))),
]


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("Magnus Carlsen", "Carlsen, Magnus"),
        ("CARLSEN Magnus", "Carlsen, Magnus"),
        ("Ost-Hansen, Jacob", "Øst-Hansen, Jacob"),
        ("Jose Garcia", "José García"),
        ("alice_k", "alice_k"),
    ],
)
def test_the_same_name_written_another_way(written: str, name: str) -> None:
    assert same_name(written, name)


def test_a_name_that_fits_by_initials_or_fewer_words() -> None:
    assert name_fits("Carlsen, M.", "Carlsen, Magnus")
    assert name_fits("Magnus Carlsen", "Carlsen, Sven Magnus Øen")
    assert not name_fits("Carlsen, M.", "Carlsen, Henrik")
    assert not name_fits("M. C.", "Carlsen, Magnus")  # initials alone name nobody
    assert not same_name("Smtih, John", "Smith, John")


def test_placeholders_name_nobody() -> None:
    assert name_words("Ł. Żółć") == ("l", "zolc")
    assert not name_known("?") and not name_known("NN") and not name_known("")
    assert name_known("Doe, Jane")


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        (GameNames(white="Magnus Carlsen", black="Ian Nepomniachtchi", round_tag="1.1"), 1),
        (GameNames(white="Carlsen M.", black="Nepomniachtchi, I", round_tag="1"), 1),
        (GameNames(white="Ost-Hansen Jacob", black="ALICE_K", round_tag="1.2"), 2),
        (GameNames(white="Smith, John", black="Doe, Jane", round_tag="1.5"), 3),  # names decide
        (GameNames(white="?", black="?", round_tag="1", board_tag="3"), 3),  # board alone
        (GameNames(white="x", black="Nepomniachtchi", white_fide_id="1503014"), 1),
    ],
)
def test_games_matched_to_their_board(tags: GameNames, expected: int) -> None:
    match = board_match(1, BOARDS, tags)
    assert (match.status, match.board) == (MatchStatus.MATCHED, expected), match.message


def test_one_mismatched_name_reports_its_board_and_the_name() -> None:
    match = board_match(1, BOARDS, GameNames(white="Smtih, John", black="Doe, Jane"))
    assert (match.status, match.board) == (MatchStatus.NAME_MISMATCH, 3)
    assert match.message == (
        "Board 3: White 'Smtih, John' is no player of round 1 (the board's white player is "
        "'Smith, John')."
    )


@pytest.mark.parametrize(
    ("tags", "status", "board"),
    [
        (GameNames(white="Doe, Jane", black="Smith, John"), MatchStatus.COLOURS_SWAPPED, 3),
        (
            GameNames(white="Smith, John", black="Ian Nepomniachtchi"),
            MatchStatus.DIFFERENT_BOARDS,
            None,
        ),
        (GameNames(white="Who", black="Nobody"), MatchStatus.NO_BOARD, None),
        (GameNames(white="?", black="?"), MatchStatus.NO_BOARD, None),
        (GameNames(white="Carlsen", black="Doe", round_tag="2.1"), MatchStatus.OTHER_ROUND, None),
    ],
)
def test_games_not_matched_say_why(tags: GameNames, status: MatchStatus, board: int | None) -> None:
    match = board_match(1, BOARDS, tags)
    assert (match.status, match.board) == (status, board), match.message


def test_a_name_two_players_share_matches_neither() -> None:
    twins = [
        BoardPlayers(1, Person(("Berg, Anna",)), Person(("Lie, Ola",))),
        BoardPlayers(2, Person(("Berg, Anna",)), Person(("Dahl, Kari",))),
    ]
    match = board_match(1, twins, GameNames(white="Anna Berg", black="Ola Lie"))
    assert match.status == MatchStatus.NO_BOARD
    assert "several players" in match.message


@pytest.mark.parametrize(
    ("round_tag", "board_tag", "expected"),
    [("3.12", "", (3, 12)), ("3", "7", (3, 7)), ("?", "", (None, None)), ("-", "A", (None, None))],
)
def test_round_and_board_numbers_from_the_tags(
    round_tag: str, board_tag: str, expected: tuple[int | None, int | None]
) -> None:
    assert round_and_board(GameNames("", "", round_tag=round_tag, board_tag=board_tag)) == expected
