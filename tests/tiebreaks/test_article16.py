"""Article 16 (Swiss unplayed rounds): adjusted scores, dummy caps, Cut-1 exception."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tiebreaks import Player, TiebreakGame, tiebreak
from arbiter.tiebreaks.article16 import adjusted_scores
from arbiter.tiebreaks.scores import prepare
from tests.tiebreaks.fixtures import (
    ABCD,
    CUT_PLAYERS,
    CUT_ROUNDS,
    F16_PLAYERS,
    F16_ROUNDS,
    SB_BYE_ROUNDS,
    SB_ROUNDS,
)


def adjusted(rounds: list[list[TiebreakGame]], players: list[Player]) -> dict[str, Decimal]:
    event = prepare(rounds, players)
    return {pid: Decimal(s) / 2 for pid, s in zip(event.ids, adjusted_scores(event), strict=True)}


def test_f16_raw_and_adjusted_scores() -> None:
    assert [tiebreak("PTS", p, F16_ROUNDS, F16_PLAYERS) for p in "ABCD"] == [
        Decimal("2.5"),
        Decimal(1),
        Decimal(1),
        Decimal(1),
    ]
    # D: forfeit loss (awarded 0) + draw + last-round half-bye as a draw = 1;
    # B: 0 + 1 + last-round absence as a draw = 1.5
    assert adjusted(F16_ROUNDS, F16_PLAYERS) == {
        "A": Decimal("2.5"),
        "B": Decimal("1.5"),
        "C": Decimal(1),
        "D": Decimal(1),
    }


@pytest.mark.parametrize("regulations", ["2023", "2026"])
def test_f16_buchholz(regulations: str) -> None:
    def bh(player: str) -> Decimal | None:
        return tiebreak("BH", player, F16_ROUNDS, F16_PLAYERS, regulations=regulations)

    assert bh("A") == Decimal("3.5")  # B 1.5 + D 1 + C 1
    # D: forfeit loss -> dummy min(own 1, C 1) = 1; A 2.5; half-bye -> dummy 1
    assert bh("D") == Decimal("4.5")


def test_missing_round_entry_is_an_absence() -> None:
    explicit = [*F16_ROUNDS[:2], [*F16_ROUNDS[2], TiebreakGame("B", "", 0, "zero-bye")]]
    for player in "ABCD":
        assert tiebreak("BH", player, explicit, F16_PLAYERS) == tiebreak(
            "BH", player, F16_ROUNDS, F16_PLAYERS
        )


def test_only_terminal_requested_byes_become_draws() -> None:
    # X: zero-bye R1 (followed by a played round: awarded 0), forfeit loss R3 and zero-bye R4
    # after his last elected round: the forfeit loss stays 0, the final bye becomes 1/2.
    rounds = [
        [TiebreakGame("X", "", 0, "zero-bye"), TiebreakGame("Y", "Z", 1)],
        [TiebreakGame("X", "Y", 1), TiebreakGame("Z", "", 1, "pairing-bye")],
        [TiebreakGame("X", "Z", 0, "forfeit-loss"), TiebreakGame("Y", "", 0.5, "half-bye")],
        [TiebreakGame("X", "", 0, "zero-bye"), TiebreakGame("Y", "Z", 0.5)],
    ]
    players = [Player("X"), Player("Y"), Player("Z")]
    assert adjusted(rounds, players) == {
        "X": Decimal("1.5"),  # 0 + 1 + 0 + 1/2
        "Y": Decimal(2),  # 1 + 0 + 1/2 (followed by a played round) + 1/2
        "Z": Decimal("2.5"),  # 0 + 1 (PAB) + 1 (forfeit win) + 1/2
    }


def test_withdrawal_turns_every_later_round_into_a_draw_for_opponents() -> None:
    rounds = [
        [TiebreakGame("W", "A", 1), TiebreakGame("B", "C", 1)],
        [TiebreakGame("A", "B", 0.5), TiebreakGame("C", "", 1, "pairing-bye")],
        [TiebreakGame("A", "C", 1), TiebreakGame("B", "", 1, "pairing-bye")],
    ]  # W withdrew after round 1: absent in rounds 2 and 3
    players = [Player(p) for p in ("W", "A", "B", "C")]
    assert adjusted(rounds, players)["W"] == Decimal(2)  # 1 + 1/2 + 1/2
    assert tiebreak("BH", "A", rounds, players) == Decimal("5.5")  # W 2 + B 2.5 + C 1


def test_dummy_cap_2026_for_a_requested_bye() -> None:
    # H scores 3.5 in 4 rounds with a half-bye in R2 followed by play: dummy = own 3.5 under
    # the 2023 rules, min(3.5, 1/2 x 4 = 2) under the 2026 rules.
    rounds = [
        [TiebreakGame("H", "A", 1), TiebreakGame("B", "C", 1)],
        [
            TiebreakGame("H", "", 0.5, "half-bye"),
            TiebreakGame("A", "B", 0),
            TiebreakGame("C", "", 1, "pairing-bye"),
        ],
        [TiebreakGame("B", "H", 0), TiebreakGame("A", "C", 0.5)],
        [TiebreakGame("H", "C", 1), TiebreakGame("A", "B", 0.5)],
    ]
    players = [Player(p) for p in ("H", "A", "B", "C")]
    # opponents: A 1 (0 + 0 + 1/2 + 1/2), B 2.5 (1 + 1 + 0 + 1/2), C 1.5 (0 + 1 + 1/2 + 0)
    assert tiebreak("PTS", "H", rounds, players) == Decimal("3.5")
    assert tiebreak("BH", "H", rounds, players, regulations="2023") == Decimal("8.5")
    assert tiebreak("BH", "H", rounds, players, regulations="2026") == Decimal(7)
    # SB: 1 x 1 + 1/2 x dummy + 1 x 2.5 + 1 x 1.5
    assert tiebreak("SB", "H", rounds, players, regulations="2023") == Decimal("6.75")
    assert tiebreak("SB", "H", rounds, players, regulations="2026") == Decimal(6)


def test_dummy_cap_2026_for_a_forfeit_uses_the_opponents_adjusted_score() -> None:
    # G wins R1 by forfeit against L, who then withdraws (adjusted: 0 + 1/2 + 1/2 = 1).
    rounds = [
        [TiebreakGame("G", "L", 1, "forfeit-win"), TiebreakGame("A", "B", 1)],
        [TiebreakGame("G", "A", 1), TiebreakGame("B", "", 1, "pairing-bye")],
        [TiebreakGame("G", "B", 1), TiebreakGame("A", "", 1, "pairing-bye")],
    ]
    players = [Player(p) for p in ("G", "L", "A", "B")]
    assert adjusted(rounds, players)["L"] == Decimal(1)
    # A 2, B 1 (0 + 1 + 0); dummy 3 (2023) or min(3, 1) (2026)
    assert tiebreak("BH", "G", rounds, players, regulations="2023") == Decimal(6)
    assert tiebreak("BH", "G", rounds, players, regulations="2026") == Decimal(4)


def test_cut1_exception_cuts_the_vur_for_buchholz() -> None:
    assert tiebreak("PTS", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal(2)
    # contributions 1 (O1), 2 (half-bye dummy, a VUR), 3 (O2), 3 (O3)
    assert tiebreak("BH", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal(9)
    assert tiebreak("BH/C1", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal(7)  # not 8
    assert tiebreak("BH/C2", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal(6)  # then O1
    assert tiebreak("BH/M1", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal(4)


def test_pairing_bye_is_not_preferred_by_the_cut() -> None:
    # Same as the Cut-1 example but R2 is a pairing-allocated bye (1 point, not a VUR):
    # own score 2.5, dummy min(2.5, 2) = 2; the normal lowest value (O1's 1) is cut.
    rounds = [
        CUT_ROUNDS[0],
        [TiebreakGame("P", "", 1, "pairing-bye"), *CUT_ROUNDS[1][1:]],
        *CUT_ROUNDS[2:],
    ]
    assert tiebreak("BH", "P", rounds, CUT_PLAYERS) == Decimal(9)
    assert tiebreak("BH/C1", "P", rounds, CUT_PLAYERS) == Decimal(8)


def test_sonneborn_berger_cuts() -> None:
    values = {code: tiebreak(code, "A", SB_ROUNDS, ABCD) for code in ("SB", "SB/C1", "SB/C2")}
    assert values == {"SB": Decimal("2.75"), "SB/C1": Decimal("2.25"), "SB/C2": Decimal("1.5")}


@pytest.mark.parametrize(
    ("regulations", "expected"),
    [
        # 2026: B 1.5, dummy min(2.5, 1.5) x 1/2 = 0.75 (VUR), C 0.5 x 1
        ("2026", {"SB": "2.75", "SB/C1": "2", "SB/C2": "1.5"}),
        # 2023: dummy 2.5 x 1/2 = 1.25 (VUR): still the higher candidate, cut first
        ("2023", {"SB": "3.25", "SB/C1": "2", "SB/C2": "1.5"}),
    ],
)
def test_sonneborn_berger_cut1_exception(regulations: str, expected: dict[str, str]) -> None:
    values = {
        code: tiebreak(code, "A", SB_BYE_ROUNDS, ABCD, regulations=regulations) for code in expected
    }
    assert values == {code: Decimal(v) for code, v in expected.items()}


def test_sonneborn_berger_exception_prefers_the_vur_on_equal_contributions() -> None:
    # P: O1 contributes 1 x 1 = 1, the half-bye dummy 2 x 1/2 = 1 (VUR): the VUR is cut,
    # which leaves O2 (3 x 1/2) and O3 (3 x 0).
    assert tiebreak("SB", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal("3.5")
    assert tiebreak("SB/C1", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal("2.5")
    # C2 then cuts the lowest-scored opponent left (O1, 1) -> 1.5
    assert tiebreak("SB/C2", "P", CUT_ROUNDS, CUT_PLAYERS) == Decimal("1.5")


def test_fore_buchholz_keeps_last_round_byes() -> None:
    # F16: D's last-round half-bye is not a paired game, it stays; B's absence too.
    # A's opponents for FB: B (no last-round game: adjusted 1.5), D (1), C (paired with A
    # in the last round: 1 - 0 + 1/2 = 1.5).
    assert tiebreak("FB", "A", F16_ROUNDS, F16_PLAYERS) == Decimal(4)


def test_forfeit_cap_against_an_opponent_whose_bye_precedes_a_pab() -> None:
    # Like Held's #9: N loses twice, takes a half-bye (followed later by a PAB, so category
    # 16.2.3: awarded 1/2), loses R4 by forfeit to M, gets the PAB in R5: adjusted 1.5.
    # M scores 2.5; fillers F1..F6 play one game each (their absences after it are draws,
    # before it are awarded 0): F3 2.5, F4 2, F5 2, F6 0.5.
    rounds = [
        [TiebreakGame("F1", "N", 1), TiebreakGame("M", "F3", 0.5)],
        [TiebreakGame("F2", "N", 1), TiebreakGame("F4", "M", 0.5)],
        [TiebreakGame("N", "", 0.5, "half-bye"), TiebreakGame("F5", "M", 1)],
        [TiebreakGame("M", "N", 1, "forfeit-win")],
        [TiebreakGame("N", "", 1, "pairing-bye"), TiebreakGame("M", "F6", 0.5)],
    ]
    players = [Player(p) for p in ("M", "N", "F1", "F2", "F3", "F4", "F5", "F6")]
    assert adjusted(rounds, players)["N"] == Decimal("1.5")
    assert tiebreak("PTS", "M", rounds, players) == Decimal("2.5")
    # 2.5 + 2 + 2 + dummy + 0.5: dummy 2.5 (2023) or min(2.5, 1.5) (2026)
    assert tiebreak("BH", "M", rounds, players, regulations="2023") == Decimal("9.5")
    assert tiebreak("BH", "M", rounds, players, regulations="2026") == Decimal("8.5")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        # C's forfeit win is a win (WIN) but not a game won (WON); it is a round elected to play
        ("WIN", {"A": 2, "B": 1, "C": 1, "D": 0}),
        ("WON", {"A": 2, "B": 1, "C": 0, "D": 0}),
        ("REP", {"A": 3, "B": 2, "C": 3, "D": 1}),  # absence, forfeit loss, half-bye excluded
        ("BPG", {"A": 0, "B": 2, "C": 1, "D": 1}),  # D's forfeit with Black is not a game
        ("BWG", {"A": 0, "B": 1, "C": 0, "D": 0}),
        ("STD", {"A": "2.5", "B": 1, "C": 1, "D": 1}),  # the half-bye is worth a draw
        ("PS", {"A": 5, "B": 2, "C": 3, "D": "1.5"}),  # D: 0, 0.5, 1
    ],
)
def test_f16_counting_codes(code: str, expected: dict[str, int | str]) -> None:
    values = {p: tiebreak(code, p, F16_ROUNDS, F16_PLAYERS) for p in expected}
    assert values == {p: Decimal(v) for p, v in expected.items()}
