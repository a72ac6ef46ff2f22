"""Team standings against gacrux (FIDE's checker) on generated team Swiss events.

Each event (tests/tiebreaks/team_generator.py) is written as TRF-2026 team text by the
product's export (arbiter.trf.team_trf.team_event_to_trf, arbiter.trf.writer.write_trf), read
and ranked by gacrux in-process, and compared with team_standings on the event itself
(team_differential.compare_team_trf): every team's match and game points, every value of
every code below, and every final rank. 40 events in the normal suite (about 6 s);
ARBITER_SLOW=1 runs 1,000. The one known difference (DE
averages of teams that met three times) and how gacrux's FB is run (on its own before the
BH family) are described in team_differential.py.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Final

import pytest

from arbiter.trf.team_event import BoardGame, TeamEvent
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.team_differential import compare_team_trf
from tests.tiebreaks.team_generator import generate_team_event

EVENTS = 1000 if os.environ.get("ARBITER_SLOW") == "1" else 60
CHUNK = 20
VALUE_CODES: Final = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH:GP", "BH:GP/C1", "BH:MP/C1", "SB", "SB/C1", "SB:GP",
    "ESB", "EMMSB", "EMGSB", "EMGSB/C1", "EGMSB", "EGGSB", "PS", "PS/C1", "WIN", "WIN:GP",
    "BC", "TPN", "MPVGP", "KS", "KS:GP", "KS/L40", "KS/L-1", "KS/L+2",
    "SSSC", "SSSC/C1", "SSSC:GP",
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
    ("EDEC",),
    ("EDET",),
    ("EDEB",),
    ("EDEBT",),
    ("EDEBB",),
    ("GP", "EDET"),
    ("DE", "EDEBB"),
    ("FB", "FB/C1", "FB:GP", "FB:GP/C1", "FB/M1"),
    ("FB", "BH", "SB"),
)


def compare_seed(seed: int, **shape: int) -> tuple[list[str], int]:
    event = generate_team_event(seed, **shape)
    text = write_trf(team_event_to_trf(event))
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


def test_a_round_in_progress_equals_gacrux_after_the_complete_rounds() -> None:
    # The TRF holds every round; in the event the last round has a board without a result,
    # so our standings are those after the round before, and gacrux is asked for those.
    differences: list[str] = []
    for seed in range(10):
        event = generate_team_event(seed)
        text = write_trf(team_event_to_trf(event))
        matches = list(event.matches)
        k = next(
            k
            for k, match in enumerate(matches)
            if match.round == event.total_rounds and match.black is not None
        )
        games = (replace(matches[k].games[0], result=""), *matches[k].games[1:])
        matches[k] = replace(matches[k], games=games)
        in_progress = replace(event, matches=tuple(matches))
        for order in ORDERS[:4]:
            found, _ = compare_team_trf(text, replace(in_progress, tiebreaks=order), f"{seed}")
            differences += found
    assert differences == []


def _last_round_nobody_came(event: TeamEvent) -> TeamEvent:
    """The event with its first last-round match forfeited by both teams, nobody named."""
    matches = list(event.matches)
    k = next(
        k
        for k, match in enumerate(matches)
        if match.round == event.total_rounds and match.black is not None
    )
    games = tuple(BoardGame(g.board, None, None, "--") for g in matches[k].games)
    matches[k] = replace(matches[k], games=games)
    return replace(event, matches=tuple(matches))


@pytest.mark.parametrize("engine_input", [False, True])
def test_a_last_round_match_neither_team_came_to_equals_gacrux(engine_input: bool) -> None:
    # A forfeit loss in a team's last round counts 0 in its adjusted score (C.07 16.3), a
    # zero-point bye there a draw: the export's 330 record gives gacrux our values, the
    # pairing engine's two 240 Z byes do not (the difference issue 30 found, seed 1004).
    differences: list[str] = []
    for seed in range(10):
        event = _last_round_nobody_came(generate_team_event(seed))
        text = write_trf(team_event_to_trf(event, engine_input=engine_input))
        for order in (VALUE_CODES, ORDERS[-2]):
            found, _ = compare_team_trf(text, replace(event, tiebreaks=order), f"{seed}")
            differences += found
    assert (differences != []) is engine_input
