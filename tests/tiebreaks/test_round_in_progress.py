"""A round in progress: tie-breaks after the complete rounds, points from every result
(docs/tiebreaks.md, "A round in progress"). Worked numbers: four players, two rounds played,
round 3 paired (A-D, B-C)."""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame, rank

PLAYERS = [Player("A", 2000), Player("B", 1900), Player("C", 1800), Player("D", 1700)]
ROUND_1 = [TiebreakGame("A", "B", Decimal(1)), TiebreakGame("C", "D", Decimal("0.5"))]
ROUND_2 = [TiebreakGame("A", "C", Decimal(1)), TiebreakGame("D", "B", Decimal(1))]


def table(standings):
    return {s.player_id: (s.rank, s.points, s.values["BH"], s.values["SB"]) for s in standings}


def test_after_round_two():
    # Scores A 2, D 1.5, C 0.5, B 0. BH(A) = B 0 + C 0.5; BH(C) = D 1.5 + A 2.
    assert table(rank([ROUND_1, ROUND_2], PLAYERS, ["BH", "SB"])) == {
        "A": (1, Decimal(2), Decimal("0.5"), Decimal("0.5")),
        "D": (2, Decimal("1.5"), Decimal("0.5"), Decimal("0.25")),
        "C": (3, Decimal("0.5"), Decimal("3.5"), Decimal("0.75")),
        "B": (4, Decimal(0), Decimal("3.5"), Decimal(0)),
    }


def test_an_unplayed_board_read_as_an_unplayed_round_is_what_made_bh_jump():
    # The old reading: round 3 paired, no result, so everybody "absent" in it (a VUR, article
    # 16): A's BH 0.5 -> 3 before any game of round 3 was played. The service no longer passes
    # an incomplete round to the engine.
    jumped = table(rank([ROUND_1, ROUND_2, []], PLAYERS, ["BH", "SB"]))
    assert jumped["A"][2] == Decimal(3)


def test_results_of_the_round_in_progress_count_for_points_only():
    # A-D drawn in round 3, B-C still playing: points 2.5 and 2, tie-breaks still after round 2.
    points = {"A": Decimal("2.5"), "D": Decimal(2)}
    standings = rank([ROUND_1, ROUND_2], PLAYERS, ["BH", "SB"], points=points)
    assert table(standings) == {
        "A": (1, Decimal("2.5"), Decimal("0.5"), Decimal("0.5")),
        "D": (2, Decimal(2), Decimal("0.5"), Decimal("0.25")),
        "C": (3, Decimal("0.5"), Decimal("3.5"), Decimal("0.75")),
        "B": (4, Decimal(0), Decimal("3.5"), Decimal(0)),
    }


def test_points_of_the_round_in_progress_reorder_the_standings():
    # Given points (as if D had beaten A and B had half a point more): D 2.5 ahead of A 2;
    # C and B tied on 0.5 are ordered by the tie-breaks after round 2 (BH equal, then SB).
    points = {"A": Decimal(2), "D": Decimal("2.5"), "B": Decimal("0.5")}
    standings = rank([ROUND_1, ROUND_2], PLAYERS, ["BH", "SB"], points=points)
    assert [(s.player_id, s.rank, s.points) for s in standings] == [
        ("D", 1, Decimal("2.5")),
        ("A", 2, Decimal(2)),
        ("C", 3, Decimal("0.5")),  # BH 3.5 = 3.5, SB 0.75 > 0
        ("B", 4, Decimal("0.5")),
    ]
