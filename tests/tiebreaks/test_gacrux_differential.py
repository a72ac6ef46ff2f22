"""Differential test against gacrux, FIDE's tie-break checker, on generated Swiss events.

200 tournaments per rule set in the normal suite (2023 and 2026 rules); ARBITER_SLOW=1 runs
2,000 per rule set. Every value of every code both libraries support must agree, except the
documented deliberate differences (see tests/tiebreaks/differential.py).
"""

from __future__ import annotations

import os

import pytest

from tests.tiebreaks.differential import compare

PER_RULE_SET = 2000 if os.environ.get("ARBITER_SLOW") == "1" else 200
CHUNK = 20
CHUNKS = [(start, min(start + CHUNK, PER_RULE_SET)) for start in range(0, PER_RULE_SET, CHUNK)]


@pytest.mark.parametrize("regulations", ["2023", "2026"])
@pytest.mark.parametrize(("first", "stop"), CHUNKS)
def test_values_and_ranks_equal_gacrux(regulations: str, first: int, stop: int) -> None:
    mismatches: list[str] = []
    for seed in range(first, stop):
        found, _ = compare(seed, regulations)
        mismatches.extend(found)
    assert mismatches == []


def test_normal_suite_covers_at_least_200_tournaments_per_rule_set() -> None:
    covered = sum(stop - first for first, stop in CHUNKS)
    assert covered == PER_RULE_SET >= 200
