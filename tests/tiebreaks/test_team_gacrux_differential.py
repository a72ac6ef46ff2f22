"""Team standings against gacrux (FIDE's checker) on generated team Swiss events.

Each event (tests/tiebreaks/team_generator.py) is written as TRF-2026 team text
(team_trf_text.py), read and ranked by gacrux in-process, and compared with
team_standings on the event itself (team_differential.compare_team_trf): every team's match
and game points, every value of every code below, and every final rank. 80 events in the
normal suite (about 10 s); ARBITER_SLOW=1 runs 1,000. The one known difference (DE
averages of teams that met three times) is described in team_differential.py.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Final

import pytest

from tests.tiebreaks.team_differential import compare_team_trf
from tests.tiebreaks.team_generator import generate_team_event
from tests.tiebreaks.team_trf_text import team_trf_text

EVENTS = 1000 if os.environ.get("ARBITER_SLOW") == "1" else 80
CHUNK = 20
VALUE_CODES: Final = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH:GP", "BH:GP/C1", "BH:MP/C1", "SB", "SB/C1", "SB:GP",
    "ESB", "EMMSB", "EMGSB", "EMGSB/C1", "EGMSB", "EGGSB", "PS", "PS/C1", "WIN", "WIN:GP",
    "BC", "TPN", "MPVGP",
)  # fmt: skip
ORDERS: Final = (
    VALUE_CODES,
    ("DE",),
    ("EDE",),
    ("BH/C1", "DE", "SB"),
    ("EMGSB", "EDE", "BH"),
    ("DE:GP", "BH"),
    ("TBR",),
    ("BBE",),
    ("GP", "TBR"),
    ("BC", "BBE", "EDE"),
)


def compare_seed(seed: int, **shape: int) -> tuple[list[str], int]:
    event = generate_team_event(seed, **shape)
    text = team_trf_text(event)
    differences: list[str] = []
    compared = 0
    for order in ORDERS:
        found, count = compare_team_trf(text, replace(event, tiebreaks=order), f"seed {seed}")
        differences += found
        compared += count
    return differences, compared


@pytest.mark.parametrize("first", range(0, EVENTS, CHUNK))
def test_generated_events_equal_gacrux(first: int) -> None:
    differences: list[str] = []
    compared = 0
    for seed in range(first, first + CHUNK):
        found, count = compare_seed(seed)
        differences += found
        compared += count
    assert differences == []
    assert compared > 100 * CHUNK


def test_a_large_field_of_six_boards_equals_gacrux() -> None:
    differences, compared = compare_seed(7, teams=40, boards=6, rounds=7)
    assert differences == []
    assert compared > 40 * len(VALUE_CODES)
