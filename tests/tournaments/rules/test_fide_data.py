"""The FIDE data rules (no database): FIDE IDs, federation codes, and the arbiters' 102/112
text, written and read back."""

from __future__ import annotations

import pytest

from arbiter.tournaments.rules.fide_data import (
    arbiter_from_record,
    arbiter_record,
    federation_problem,
    fide_id_problem,
)


@pytest.mark.parametrize("text", ["", "1", "1503014", "12345678901"])
def test_fide_ids_are_ascii_digits_up_to_eleven(text: str) -> None:
    assert fide_id_problem(text) is None


@pytest.mark.parametrize("text", ["123456789012", "15O3014", "1503 014", "²", "١٢٣", "-1"])
def test_anything_else_is_no_fide_id(text: str) -> None:
    assert fide_id_problem(text) is not None


@pytest.mark.parametrize(
    ("code", "ok"),
    [
        ("", True),
        ("NOR", True),
        ("FID", True),
        ("nor", False),
        ("NO", False),
        ("NORW", False),
        ("N0R", False),
        ("ÅLA", False),
    ],
)
def test_federation_codes_are_three_capital_letters(code: str, ok: bool) -> None:
    assert (federation_problem(code) is None) is ok


@pytest.mark.parametrize(
    ("name", "fide_id", "text"),
    [
        ("Hansen, Kari", "1509012", "Hansen, Kari (1509012)"),
        ("  Hansen,   Kari ", "", "Hansen, Kari"),
        ("", "1509012", ""),
        ("IA Larreategi Arana, Mikel", "22232540", "IA Larreategi Arana, Mikel (22232540)"),
    ],
)
def test_an_arbiter_is_written_name_then_id(name: str, fide_id: str, text: str) -> None:
    assert arbiter_record(name, fide_id) == text
    if text:
        assert arbiter_from_record(text) == (" ".join(name.split()), fide_id)


def test_a_record_without_an_id_in_parentheses_is_all_name() -> None:
    assert arbiter_from_record("IA Mikel Larreategi Arana") == ("IA Mikel Larreategi Arana", "")
    assert arbiter_from_record("Smith (FA)") == ("Smith (FA)", "")
