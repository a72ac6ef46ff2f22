"""TRF data -> the tiebreak model's rounds of games and players."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.tiebreaks.model import Player, TiebreakGame
from arbiter.trf import read_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from tests.trf.trf_samples import BASE

E = RoundEntry
ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)


def test_base_sample() -> None:
    rounds, players = to_tiebreak_model(read_trf(BASE))
    assert players == [Player("1", 2400), Player("2", 2200), Player("3", 2000), Player("4", 2100)]
    assert rounds == [
        [TiebreakGame("1", "2", ONE), TiebreakGame("3", "4", ZERO)],
        [
            TiebreakGame("2", "", ONE, "pairing-bye"),
            TiebreakGame("3", "", HALF, "half-bye"),
            TiebreakGame("4", "1", HALF),
        ],
        [TiebreakGame("1", "3", ONE), TiebreakGame("2", "4", ONE, "forfeit-win")],
    ]


def pair(white_code: str, black_code: str, colours: tuple[str, str] = ("w", "b")) -> Tournament:
    return Tournament(
        players=[
            PlayerRecord(1, "A", rounds=[E(2, colours[0], white_code)]),
            PlayerRecord(2, "B", rounds=[E(1, colours[1], black_code)]),
        ]
    )


@pytest.mark.parametrize(
    ("codes", "game"),
    [
        (("1", "0"), TiebreakGame("1", "2", ONE)),
        (("=", "="), TiebreakGame("1", "2", HALF)),
        (("0", "1"), TiebreakGame("1", "2", ZERO)),
        (("W", "L"), TiebreakGame("1", "2", ONE)),
        (("D", "D"), TiebreakGame("1", "2", HALF)),
        (("L", "W"), TiebreakGame("1", "2", ZERO)),
        (("+", "-"), TiebreakGame("1", "2", ONE, "forfeit-win")),
        (("-", "+"), TiebreakGame("1", "2", ZERO, "forfeit-loss")),
        (("-", "-"), TiebreakGame("1", "2", ZERO, "double-forfeit")),
    ],
)
def test_games_between_two_players(codes: tuple[str, str], game: TiebreakGame) -> None:
    rounds, _ = to_tiebreak_model(pair(*codes))
    assert rounds == [[game]]


def test_black_side_listed_first_still_gives_white_first() -> None:
    t = pair("0", "1", ("b", "w"))  # player 1 had black and lost
    assert to_tiebreak_model(t)[0] == [[TiebreakGame("2", "1", ONE)]]


def test_without_colours_the_lower_start_number_is_white() -> None:
    t = Tournament(
        players=[
            PlayerRecord(5, "A", rounds=[E(3, "-", "+")]),
            PlayerRecord(3, "B", rounds=[E(5, "-", "-")]),
        ]
    )
    assert to_tiebreak_model(t)[0] == [[TiebreakGame("3", "5", ZERO, "forfeit-loss")]]


@pytest.mark.parametrize(
    ("code", "game"),
    [
        ("U", TiebreakGame("1", "", ONE, "pairing-bye")),
        ("F", TiebreakGame("1", "", ONE, "full-bye")),
        ("H", TiebreakGame("1", "", HALF, "half-bye")),
        ("Z", TiebreakGame("1", "", ZERO, "zero-bye")),
        ("-", TiebreakGame("1", "", ZERO, "zero-bye")),
        ("+", TiebreakGame("1", "", ONE, "full-bye")),
    ],
)
def test_unpaired_codes(code: str, game: TiebreakGame) -> None:
    t = Tournament(players=[PlayerRecord(1, "A", rounds=[E(None, "-", code)])])
    assert to_tiebreak_model(t)[0] == [[game]]


def test_blank_and_missing_rounds_and_pending_games_give_no_game() -> None:
    t = Tournament(
        players=[
            PlayerRecord(1, "A", rounds=[E(None, "-", " "), E(2, "w", " ")]),
            PlayerRecord(2, "B", rounds=[E(None, "-", "H"), E(1, "b", " ")]),
            PlayerRecord(3, "C", rounds=[]),
        ]
    )
    rounds, players = to_tiebreak_model(t)
    assert rounds == [[TiebreakGame("2", "", HALF, "half-bye")], []]
    assert [p.id for p in players] == ["1", "2", "3"]


def test_unrated_is_none() -> None:
    t = Tournament(players=[PlayerRecord(1, "A", rating=0), PlayerRecord(2, "B", rating=None)])
    assert to_tiebreak_model(t) == ([], [Player("1", None), Player("2", None)])


def test_inconsistent_sides_raise_value_error() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        to_tiebreak_model(pair("1", "1"))
    t = Tournament(players=[PlayerRecord(1, "A", rounds=[E(2, "w", "1")]), PlayerRecord(2, "B")])
    with pytest.raises(ValueError, match="has no entry"):
        to_tiebreak_model(t)
