"""Points of round entries and players (standard values and XXS overrides)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.trf import entry_points, player_points
from arbiter.trf.model import PlayerRecord, RoundEntry

E = RoundEntry
D = Decimal


@pytest.mark.parametrize(
    ("entry", "points"),
    [
        (E(2, "w", "1"), D(1)),
        (E(2, "b", "1"), D(1)),
        (E(2, "w", "W"), D(1)),
        (E(2, "w", "="), D("0.5")),
        (E(2, "b", "D"), D("0.5")),
        (E(2, "w", "0"), D(0)),
        (E(2, "b", "L"), D(0)),
        (E(2, "w", "+"), D(1)),
        (E(2, "-", "+"), D(1)),
        (E(2, "b", "-"), D(0)),
        (E(None, "-", "U"), D(1)),
        (E(None, "-", "F"), D(1)),
        (E(None, "-", "H"), D("0.5")),
        (E(None, "-", "Z"), D(0)),
        (E(None, "-", "-"), D(0)),
        (E(None, "-", "+"), D(1)),
        (E(None, "-", " "), D(0)),
        (E(2, "w", " "), D(0)),
    ],
)
def test_standard_values(entry: RoundEntry, points: Decimal) -> None:
    assert entry_points(entry) == points
    assert entry_points(entry, {}) == points


def test_specific_codes_win_over_generic_ones() -> None:
    values = {"W": D(3), "BW": D("2.5"), "D": D(1), "L": D("-1"), "PAB": D(2), "FL": D(0)}
    assert entry_points(E(2, "w", "1"), values) == D(3)  # WW unset -> W
    assert entry_points(E(2, "b", "1"), values) == D("2.5")  # BW
    assert entry_points(E(2, "w", "+"), values) == D(3)  # FW unset -> W
    assert entry_points(E(None, "-", "F"), values) == D(3)  # FPB unset -> W
    assert entry_points(E(None, "-", "H"), values) == D(1)  # HPB unset -> D
    assert entry_points(E(2, "w", "0"), values) == D("-1")  # WL unset -> L
    assert entry_points(E(None, "-", "Z"), values) == D("-1")  # ZPB unset -> L
    assert entry_points(E(2, "b", "-"), values) == D(0)  # FL
    assert entry_points(E(None, "-", "-"), values) == D(0)  # absent priced as FL
    assert entry_points(E(None, "-", "U"), values) == D(2)  # PAB; W does not cover it
    assert entry_points(E(None, "-", "U"), {"W": D(3)}) == D(1)


def test_player_points_sums_the_rounds() -> None:
    player = PlayerRecord(1, "A", rounds=[E(2, "w", "1"), E(None, "-", "H"), E(3, "b", "=")])
    assert player_points(player) == D(2)
    assert player_points(player, {"HPB": D(0)}) == D("1.5")
    assert player_points(PlayerRecord(2, "B")) == D(0)
