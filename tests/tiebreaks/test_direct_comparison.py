"""EGF Direct Comparison (DC), iterative, on the European Go Congress 2009 example."""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame, rank, tiebreak
from tests.tiebreaks.fixtures import CYCLE_PLAYERS, CYCLE_ROUNDS

GROUP = [Player(p) for p in ("P1", "P2", "P3", "P4")]


def test_dc_level_one_is_the_wins_score_inside_the_group() -> None:
    values = [tiebreak("DC", p.id, CYCLE_ROUNDS, GROUP) for p in GROUP]
    assert values == [Decimal(2), Decimal(2), Decimal(1), Decimal(1)]


def test_iterative_dc_orders_p1_p2_p3_p4() -> None:
    standings = rank(CYCLE_ROUNDS, CYCLE_PLAYERS, ["DC"])
    assert [(s.player_id, s.rank) for s in standings[:4]] == [
        ("P1", 1),
        ("P2", 2),
        ("P3", 3),
        ("P4", 4),
    ]
    assert [s.values["DC"] for s in standings[:4]] == [2, 2, 1, 1]


def test_dc_level_two_inside_each_sub_group() -> None:
    assert tiebreak("DC", "P1", CYCLE_ROUNDS, GROUP[:2]) == 1
    assert tiebreak("DC", "P2", CYCLE_ROUNDS, GROUP[:2]) == 0
    assert tiebreak("DC", "P3", CYCLE_ROUNDS, GROUP[2:]) == 1


def _without_p3_p4_game() -> list[list[TiebreakGame]]:
    rounds = [list(games) for games in CYCLE_ROUNDS]
    rounds[0][1] = TiebreakGame("P3", "F1", 1)  # P3 and P4 never meet; P4 lost that game anyway
    return rounds


def test_swiss_group_not_all_met_the_same_number_of_times_gets_zero() -> None:
    rounds = _without_p3_p4_game()
    values = [tiebreak("DC", p.id, rounds, GROUP) for p in GROUP]
    assert values == [0, 0, 0, 0]
    standings = rank(rounds, CYCLE_PLAYERS, ["DC"])
    tied = [s.rank for s in standings if s.player_id in ("P1", "P2", "P3", "P4")]
    assert len(set(tied)) == 1


def test_round_robin_is_not_subject_to_the_same_number_rule() -> None:
    rounds = _without_p3_p4_game()
    values = [tiebreak("DC", p.id, rounds, GROUP, system="round-robin") for p in GROUP]
    assert values == [2, 2, 0, 1]


def test_draws_count_half() -> None:
    rounds = [[TiebreakGame("A", "B", 0.5)]]
    assert tiebreak("DC", "A", rounds, [Player("A"), Player("B")]) == Decimal("0.5")
