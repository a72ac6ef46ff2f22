"""lichess's Swiss form read from a flattened body: values, absences and refusals."""

from __future__ import annotations

from datetime import UTC, datetime

from arbiter.lichess.swiss.forms import (
    MANUAL_INTERVAL,
    auto_interval,
    forbidden_pairs,
    interval_seconds,
    parse_bool,
    parse_instant,
    swiss_form,
)


def test_booleans_in_any_case_and_instants_in_ms_or_iso():
    assert [parse_bool(v) for v in ("True", "FALSE", "1", "off", "maybe")] == [
        True,
        False,
        True,
        False,
        None,
    ]
    moment = datetime(2026, 7, 10, 23, 30, tzinfo=UTC)
    assert parse_instant("1783726200000") == moment
    assert parse_instant("2026-07-10T23:30:00Z") == moment
    assert parse_instant("2026-07-10T23:30:00") is None  # no zone: not an instant
    assert parse_instant("soon") is None


def test_required_fields_and_unknown_ones():
    values, errors = swiss_form({"nbRounds": "5", "teamColour": "blue"})
    assert set(errors) == {"clock.limit", "clock.increment"}
    assert values == {"nbRounds": 5}
    _, none_required = swiss_form({}, required=())
    assert none_required == {}


def test_empty_texts_and_neutral_conditions_are_absent():
    values, errors = swiss_form(
        {
            "clock.limit": "300",
            "clock.increment": "3",
            "nbRounds": "7",
            "description": "  ",
            "password": "",
            "position": "",
            "conditions.nbRatedGame.nb": "0",
            "conditions.titled": "false",
            "variant": "standard",
        }
    )
    assert errors == {}
    assert values == {
        "clock.limit": 300,
        "clock.increment": 3,
        "nbRounds": 7,
        "variant": "standard",
    }


def test_what_arbiter_cannot_honour_is_refused_by_field():
    _, errors = swiss_form(
        {
            "clock.limit": "300",
            "clock.increment": "0",
            "nbRounds": "101",
            "variant": "chess960",
            "position": "8/8/8/8/8/8/8/K6k w - - 0 1",
            "manualPairings": "a b",
            "conditions.allowList": "alice,bob",
            "conditions.minRating.rating": "1600",
            "conditions.maxRating.rating": "1500",
            "chatFor": "15",
            "roundInterval": "-5",
        }
    )
    assert set(errors) == {
        "nbRounds",
        "variant",
        "position",
        "manualPairings",
        "conditions.allowList",
        "conditions.maxRating.rating",
        "chatFor",
        "roundInterval",
    }


def test_round_intervals_auto_and_manual():
    assert interval_seconds(MANUAL_INTERVAL, 600, 5) is None
    assert interval_seconds(-1, 600, 5) == 60 == auto_interval(600, 5)  # rapid
    assert (
        auto_interval(15, 0) == 5 and auto_interval(60, 0) == 10 and auto_interval(5400, 30) == 300
    )
    assert interval_seconds(45, 600, 5) == 45


def test_forbidden_pairings_text():
    pairs, errors = forbidden_pairs("alice bob\n\ncarol\ndave erin frank\n")
    assert pairs == [("alice", "bob")]
    assert len(errors) == 2
