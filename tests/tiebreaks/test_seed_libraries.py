"""The documented examples of the seed libraries we replace (docs/seeds), answered our way.

Where a seed follows FIDE we give the same number; where it does not (byes "excluded" from
Buchholz, unrated opponents "skipped") the expected value is FIDE's, noted in each test.
"""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame, tiebreak
from tests.tiebreaks.fixtures import M_PLAYERS, M_ROUNDS

RATED = [Player("A", 1800), Player("B", 1600), Player("C", 1700), Player("D", 1900)]
# average-rating / performance-rating quick start: A beats B, draws C, beats D (D had White),
# then takes a half-point bye.
ARO_GAMES = [
    [TiebreakGame("A", "B", 1)],
    [TiebreakGame("A", "C", 0.5)],
    [TiebreakGame("D", "A", 0)],
    [TiebreakGame("A", "", 0.5, "half-bye")],
]


def test_average_rating_quick_start() -> None:
    assert tiebreak("ARO", "A", ARO_GAMES, RATED) == Decimal(1733)  # (1600+1700+1900)/3
    assert tiebreak("ARO/C1", "A", ARO_GAMES, RATED) == Decimal(1800)  # without B


def test_average_rating_with_an_unrated_player_follows_fide() -> None:
    # The seed skips unrated opponents; FIDE drops rating tie-breaks when unrated players
    # take part, so there is no value.
    players = [*RATED[:3], Player("D")]
    assert tiebreak("ARO", "A", ARO_GAMES, players) is None


def test_buchholz_family_where_the_seed_follows_fide() -> None:
    # No unplayed rounds in fixture M: the seed functions' plain sums are FIDE's answers.
    expected = {
        "BH": "3.5",  # buchholz
        "BH/C1": "3.5",  # buchholzCut1
        "BH/C2": "2.5",  # buchholzCut2
        "BH/M1": "1",  # buchholzMedian1
        "BH/M2": "0",  # buchholzMedian2
        "AOB": "4.83",  # averageOpponentsBuchholz (B 5, D 3.5, C 6)
        "FB": "4",  # foreBuchholz: last round treated as drawn
    }
    assert {code: tiebreak(code, "A", M_ROUNDS, M_PLAYERS) for code in expected} == {
        code: Decimal(value) for code, value in expected.items()
    }


def test_buchholz_quick_start_counts_the_bye_as_fide_says() -> None:
    # Seed quick start: A beats B, loses to C, draws D (D White), half-point bye in R4.
    # The seed "excludes byes" (0 + 1 + 0.5 = 1.5). FIDE 16.3/16.4: B, C and D are absent in
    # every other round; absences after their last game count as draws for A's Buchholz
    # (B 0 + 3 x 1/2 = 1.5, C 0 + 1 + 1/2 + 1/2 = 2, D 0 + 0 + 1/2 + 1/2 = 1) and the
    # half-bye is a dummy with A's own 2 points (cap 1/2 x 4 = 2).
    games = [
        [TiebreakGame("A", "B", 1)],
        [TiebreakGame("A", "C", 0)],
        [TiebreakGame("D", "A", 0.5)],
        [TiebreakGame("A", "", 0.5, "half-bye")],
    ]
    players = [Player(p) for p in "ABCD"]
    assert tiebreak("PTS", "A", games, players) == Decimal(2)
    assert tiebreak("BH", "A", games, players) == Decimal("6.5")


def test_direct_encounter_quick_start() -> None:
    # A beats B, draws C; C beats B. Group {A, B, C}: A 1.5, B 0, C 1.5.
    games = [
        [TiebreakGame("A", "B", 1)],
        [TiebreakGame("A", "C", 0.5)],
        [TiebreakGame("B", "C", 0)],
    ]
    group = [Player("A"), Player("B"), Player("C")]
    assert [tiebreak("DE", p.id, games, group) for p in group] == [
        Decimal("1.5"),
        Decimal(0),
        Decimal("1.5"),
    ]
