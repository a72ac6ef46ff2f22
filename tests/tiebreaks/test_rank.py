"""rank(): ordering, shared ranks, missing values, the code catalogue."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tiebreaks import Player, Standing, TiebreakGame, UnknownTiebreak, rank, tiebreak
from tests.tiebreaks.fixtures import M_PLAYERS, M_ROUNDS


def test_rank_sorts_by_points_then_order_and_shares_ranks() -> None:
    standings = rank(M_ROUNDS, M_PLAYERS, ["BH", "SB"])
    assert [(s.player_id, s.rank, s.points) for s in standings] == [
        ("A", 1, Decimal("2.5")),
        ("D", 1, Decimal("2.5")),  # BH 3.5 and SB 2.25 both equal: shared rank
        ("B", 3, Decimal(1)),
        ("C", 4, Decimal(0)),
    ]
    assert standings[0] == Standing(
        "A", 1, Decimal("2.5"), {"BH": Decimal("3.5"), "SB": Decimal("2.25")}
    )


def test_rank_uses_each_tie_break_in_turn() -> None:
    standings = rank(M_ROUNDS, M_PLAYERS, ["BPG"])  # D played two Blacks, A none
    assert [(s.player_id, s.rank) for s in standings[:2]] == [("D", 1), ("A", 2)]


def test_tpn_ranks_ascending() -> None:
    standings = rank(M_ROUNDS, M_PLAYERS, ["TPN"])
    assert [(s.player_id, s.rank) for s in standings[:2]] == [("A", 1), ("D", 2)]


def test_missing_value_ranks_last() -> None:
    rounds = [[TiebreakGame("A", "", 1, "pairing-bye"), TiebreakGame("B", "C", 1)]]
    players = [Player("A", 2000), Player("B", 2100), Player("C", 1900)]
    standings = rank(rounds, players, ["TPR"])  # A played no game: no performance
    assert [(s.player_id, s.rank, s.values["TPR"]) for s in standings] == [
        ("B", 1, Decimal(2700)),
        ("A", 2, None),
        ("C", 3, Decimal(1300)),
    ]


def test_rank_values_equal_single_tiebreak_calls() -> None:
    order = ["BH/C1", "BH", "SB", "PS", "ARO", "TPR", "AOB", "FB/M1", "KS", "APPO", "STD"]
    for standing in rank(M_ROUNDS, M_PLAYERS, order):
        for code in order:
            assert standing.values[code] == tiebreak(code, standing.player_id, M_ROUNDS, M_PLAYERS)


@pytest.mark.parametrize("code", ["XYZ", "BH/C3", "PTS/C1", "KS/L", "KS/Lx", "ARO/L40", "", "BH/"])
def test_unknown_codes_raise(code: str) -> None:
    with pytest.raises(UnknownTiebreak):
        tiebreak(code, "A", M_ROUNDS, M_PLAYERS)
    with pytest.raises(ValueError):
        rank(M_ROUNDS, M_PLAYERS, ["BH", code])


def test_codes_are_case_insensitive_and_ge_is_rep() -> None:
    assert tiebreak("bh/c1", "A", M_ROUNDS, M_PLAYERS) == Decimal("3.5")
    assert tiebreak("GE", "A", M_ROUNDS, M_PLAYERS) == Decimal(3)


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([[TiebreakGame("A", "B", Decimal("0.7"))]], "result"),
        ([[TiebreakGame("A", "B", 1), TiebreakGame("A", "C", 0)]], "twice"),
        ([[TiebreakGame("A", "", 1)]], "bye kind"),
        ([[TiebreakGame("A", "B", 1, "half-bye")]], "bye kind"),
        ([[TiebreakGame("A", "B", 1, "lost-on-time")]], "kind"),
    ],
)
def test_bad_input_is_a_value_error(rounds: list[list[TiebreakGame]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rank(rounds, [Player("A"), Player("B"), Player("C")], ["BH"])


def test_bad_options_and_player() -> None:
    with pytest.raises(ValueError):
        tiebreak("BH", "A", M_ROUNDS, M_PLAYERS, regulations="2024")
    with pytest.raises(ValueError):
        tiebreak("BH", "A", M_ROUNDS, M_PLAYERS, system="knockout")
    with pytest.raises(ValueError):
        tiebreak("BH", "Z", M_ROUNDS, M_PLAYERS)
    with pytest.raises(ValueError):
        tiebreak("DE", "A", M_ROUNDS, [M_PLAYERS[1], M_PLAYERS[2]])


def test_results_accept_every_numeric_type() -> None:
    from fractions import Fraction

    rounds = [
        [TiebreakGame("A", "B", Fraction(1, 2)), TiebreakGame("C", "D", 0.5)],
        [TiebreakGame("A", "C", Decimal(1))],
    ]
    players = [Player(p) for p in "ABCD"]
    assert [tiebreak("PTS", p, rounds, players) for p in "ABCD"] == [
        Decimal("1.5"),
        Decimal("0.5"),
        Decimal("0.5"),
        Decimal("0.5"),
    ]


ALL_CODES = [
    "PTS",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "PS",
    "PS/C1",
    "PS/M1",
    "REP",
    "STD",
    "TPN",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "AOB",
    "FB",
    "FB/C1",
    "SB",
    "SB/C1",
    "SB/C2",
    "SB/M2",
    "KS",
    "KS/L-1",
    "KS/L+2",
    "ARO",
    "ARO/C1",
    "ARO/M2",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("system", ["swiss", "round-robin"])
def test_rank_values_equal_tiebreak_on_generated_events(seed: int, system: str) -> None:
    from tests.tiebreaks.generator import generate

    event = generate(seed, "2026" if seed % 2 else "2023")
    regulations = event.regulations
    standings = rank(event.rounds, event.players, ALL_CODES, regulations=regulations, system=system)
    for standing in standings[::3]:
        for code in ALL_CODES:
            single = tiebreak(
                code,
                standing.player_id,
                event.rounds,
                event.players,
                regulations=regulations,
                system=system,
            )
            assert standing.values[code] == single, (code, standing.player_id)
