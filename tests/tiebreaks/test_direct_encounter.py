"""Direct Encounter (C.07 article 6): values and rankings of tied groups."""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame, rank, tiebreak
from tests.tiebreaks.fixtures import (
    CYCLE_PLAYERS,
    CYCLE_ROUNDS,
    M_PLAYERS,
    M_ROUNDS,
    NOT_ALL_MET_PLAYERS,
    NOT_ALL_MET_ROUNDS,
)


def ranks(
    rounds: list[list[TiebreakGame]], players: list[Player], order: list[str]
) -> dict[str, int]:
    return {s.player_id: s.rank for s in rank(rounds, players, order)}


def test_fixture_m_a_and_d_drew_and_stay_tied() -> None:
    group = [M_PLAYERS[0], M_PLAYERS[3]]
    assert tiebreak("DE", "A", M_ROUNDS, group) == Decimal("0.5")
    assert tiebreak("DE", "D", M_ROUNDS, group) == Decimal("0.5")
    assert ranks(M_ROUNDS, M_PLAYERS, ["DE"]) == {"A": 1, "D": 1, "B": 3, "C": 4}


def test_six_point_three_leader_alone_whatever_the_missing_games() -> None:
    group = [Player("X"), Player("Y"), Player("Z")]
    values = [tiebreak("DE", p, NOT_ALL_MET_ROUNDS, group) for p in "XYZ"]
    assert values == [Decimal(2), Decimal(0), Decimal(0)]
    # X (2) beats the best Y or Z could reach (0 + 1); Y and Z never met: they stay tied.
    result = ranks(NOT_ALL_MET_ROUNDS, NOT_ALL_MET_PLAYERS, ["DE"])
    assert (result["X"], result["Y"], result["Z"]) == (1, 2, 2)


def test_six_point_three_no_separation_when_a_missing_game_could_catch_up() -> None:
    # X beat Y; Z met neither: Z could still reach 2 -> nobody is alone on top.
    rounds = [
        [TiebreakGame("X", "Y", 1), TiebreakGame("Z", "F1", 1)],
        [TiebreakGame("Y", "F1", 1), TiebreakGame("F2", "X", 1), TiebreakGame("Z", "F3", 0)],
    ]
    players = [Player(p) for p in ("X", "Y", "Z", "F1", "F2", "F3")]
    result = ranks(rounds, players, ["DE"])
    assert result["X"] == result["Y"] == result["Z"]


def test_six_point_two_reapplied_to_sub_ties() -> None:
    group = [Player(p) for p in ("P1", "P2", "P3", "P4")]
    assert [tiebreak("DE", p.id, CYCLE_ROUNDS, group) for p in group] == [2, 2, 1, 1]
    result = ranks(CYCLE_ROUNDS, CYCLE_PLAYERS, ["DE"])
    # level 1: {P1, P2} on 2, {P3, P4} on 1; level 2: P1 beat P2, P3 beat P4
    assert [result[p] for p in ("P1", "P2", "P3", "P4")] == [1, 2, 3, 4]


def test_six_point_one_two_repeated_encounters_are_averaged() -> None:
    rounds = [
        [TiebreakGame("A", "B", 1), TiebreakGame("C", "D", 1)],
        [TiebreakGame("B", "A", 0.5), TiebreakGame("D", "C", 1)],
        [TiebreakGame("C", "A", 1), TiebreakGame("D", "B", 1)],
        [TiebreakGame("B", "C", 1), TiebreakGame("A", "D", 1)],
    ]  # A beat B, then drew him: averaged, A 0.75 and B 0.25 in the group {A, B}
    players = [Player(p) for p in "ABCD"]
    assert tiebreak("DE", "A", rounds, players[:2]) == Decimal("0.75")
    assert tiebreak("DE", "B", rounds, players[:2]) == Decimal("0.25")
    # points A 2.5, C 2, D 2, B 1.5; C and D split their two games: 1/2 each, still tied
    assert ranks(rounds, players, ["DE"]) == {"A": 1, "C": 2, "D": 2, "B": 4}


def test_forfeits_do_not_count_in_a_swiss_direct_encounter() -> None:
    rounds = [
        [TiebreakGame("A", "B", 1, "forfeit-win"), TiebreakGame("C", "D", 1)],
        [TiebreakGame("B", "C", 1), TiebreakGame("D", "A", 1)],
    ]
    group = [Player("A"), Player("B")]
    assert tiebreak("DE", "A", rounds, group) == 0
    assert tiebreak("DE", "A", rounds, group, system="round-robin") == 1  # 15.2


def test_de_after_other_tiebreaks_only_ranks_the_remaining_ties() -> None:
    standings = rank(CYCLE_ROUNDS, CYCLE_PLAYERS, ["WIN", "DE"])
    by_id = {s.player_id: s for s in standings}
    assert by_id["P1"].values["DE"] == Decimal(2)  # its value in the tied group
    assert [s.player_id for s in standings[:4]] == ["P1", "P2", "P3", "P4"]
