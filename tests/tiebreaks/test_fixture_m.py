"""Every code on fixture M (docs: shared tie-break spec, section 3), computed by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tiebreaks import tiebreak
from tests.tiebreaks.fixtures import M_PLAYERS, M_ROUNDS


def value(code: str, player: str) -> Decimal | None:
    return tiebreak(code, player, M_ROUNDS, M_PLAYERS)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("PTS", {"A": "2.5", "B": "1", "C": "0", "D": "2.5"}),
        ("WIN", {"A": "2", "B": "1", "C": "0", "D": "2"}),
        ("WON", {"A": "2", "B": "1", "C": "0", "D": "2"}),
        ("BPG", {"A": "0", "B": "3", "C": "1", "D": "2"}),
        ("BWG", {"A": "0", "B": "1", "C": "0", "D": "1"}),
        # running totals: A 1, 1.5, 2.5; B 0, 1, 1; D 1, 1.5, 2.5
        ("PS", {"A": "5", "B": "2", "C": "0", "D": "5"}),
        ("PS/C1", {"A": "4", "B": "2", "C": "0", "D": "4"}),  # drop the round-1 total only
        ("PS/C2", {"A": "2.5", "B": "1", "C": "0", "D": "2.5"}),
        ("PS/M1", {"A": "1.5", "B": "1", "C": "0", "D": "1.5"}),  # also drops the last total
        ("PS/M2", {"A": "0", "B": "0", "C": "0", "D": "0"}),
        ("REP", {"A": "3", "B": "3", "C": "3", "D": "3"}),
        ("STD", {"A": "2.5", "B": "1", "C": "0", "D": "2.5"}),
        ("TPN", {"A": "1", "B": "2", "C": "3", "D": "4"}),
        # opponents' scores: A {B 1, D 2.5, C 0}; B {A 2.5, C 0, D 2.5}; C {D, B, A}
        ("BH", {"A": "3.5", "B": "5", "C": "6", "D": "3.5"}),
        ("BH/C1", {"A": "3.5", "B": "5", "C": "5", "D": "3.5"}),
        ("BH/C2", {"A": "2.5", "B": "2.5", "C": "2.5", "D": "2.5"}),
        ("BH/M1", {"A": "1", "B": "2.5", "C": "2.5", "D": "1"}),
        ("BH/M2", {"A": "0", "B": "0", "C": "0", "D": "0"}),  # more cuts than values: 0
        # SB(A) = 1 x 1 + 1/2 x 2.5 + 1 x 0; D: beat C (0) and B (1), drew A
        ("SB", {"A": "2.25", "B": "0", "C": "0", "D": "2.25"}),
        ("SB/C1", {"A": "2.25", "B": "0", "C": "0", "D": "2.25"}),
        ("SB/C2", {"A": "1.25", "B": "0", "C": "0", "D": "1.25"}),
        ("SB/M1", {"A": "1", "B": "0", "C": "0", "D": "1"}),  # C and the top (2.5) cut
        ("SB/M2", {"A": "0", "B": "0", "C": "0", "D": "0"}),
        # KS limit 1.5 (50 % of 3): only A and D qualify
        ("KS", {"A": "0.5", "B": "0", "C": "0", "D": "0.5"}),
        ("KS/L-1", {"A": "1.5", "B": "0", "C": "0", "D": "1.5"}),  # limit 1: B qualifies
        ("KS/L+2", {"A": "0.5", "B": "0", "C": "0", "D": "0.5"}),  # limit 2.5
        ("KS/L40", {"A": "0.5", "B": "0", "C": "0", "D": "0.5"}),  # limit 1.2: B does not
    ],
)
def test_fixture_m_values(code: str, expected: dict[str, str]) -> None:
    assert {player: value(code, player) for player in expected} == {
        player: Decimal(number) for player, number in expected.items()
    }


def test_aob_averages_the_bh_of_opponents_met() -> None:
    # B met A (BH 3.5), C (6), D (3.5): 13 / 3 = 4.33 (two decimals below 9 rounds)
    assert value("AOB", "B") == Decimal("4.33")
    assert value("AOB", "A") == Decimal("4.83")  # B 5, D 3.5, C 6 -> 14.5 / 3


def test_fore_buchholz_draws_every_last_round_game() -> None:
    # last round drawn: B 1.5, D 2, C 0.5 -> FB(A) = 4
    assert value("FB", "A") == Decimal("4")
    assert value("FB/C1", "A") == Decimal("3.5")  # without C (0.5)
    assert value("FB/C2", "A") == Decimal(2)  # without C and B (1.5)
    assert value("FB/M1", "A") == Decimal("1.5")  # without C and D (2)
    assert value("FB/M2", "A") == Decimal(0)


@pytest.mark.parametrize(
    ("code", "player", "expected"),
    [
        ("ARO", "A", 2100),  # (2200 + 2100 + 2000) / 3
        ("ARO/C1", "A", 2150),
        ("ARO/C2", "A", 2200),
        ("ARO/M1", "A", 2100),
        ("ARO/M2", "A", None),  # every game cut: no value (gacrux; Held, exercise 18)
        ("ARO", "B", 2167),  # (2400 + 2000 + 2100) / 3 = 2166.67
        ("TPR", "A", 2373),  # 2100 + dp(0.83) = 273
        ("TPR", "C", 1433),  # 2233 - 800 (0 %)
        ("PTP", "C", 1300),  # zero score: lowest opponent 2100 - 800
        ("PTP", "A", 2389),
    ],
)
def test_fixture_m_rating_codes(code: str, player: str, expected: int | None) -> None:
    assert value(code, player) == (None if expected is None else Decimal(expected))


def test_ptp_is_the_lowest_rating_reaching_the_score() -> None:
    # A scored 2.5 against 2200, 2100, 2000. At 2389 the table gives .75 + .84 + .91 = 2.50;
    # at 2388 .74 + .84 + .91 = 2.49.
    assert value("PTP", "A") == Decimal(2389)


def test_apro_and_appo_average_the_opponents_performances() -> None:
    assert {p: value("TPR", p) for p in "ABCD"} == {"A": 2373, "B": 2042, "C": 1433, "D": 2473}
    # B met A, C, D: (2373 + 1433 + 2473) / 3 = 2093
    assert value("APRO", "B") == Decimal(2093)
    # PTP: A 2389, C 1300, D 2518 -> (2389 + 1300 + 2518) / 3 = 2069
    assert value("PTP", "D") == Decimal(2518)
    assert value("APPO", "B") == Decimal(2069)
