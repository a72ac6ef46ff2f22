"""When the countdown part of lichess's `GET /api/swiss/{id}` changes: the cached page's bytes
hold exactly until then (arbiter.lichess.swiss.shapes.swiss_json_timed_until)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from arbiter.lichess.swiss.shapes import (
    RECENTLY_FINISHED,
    swiss_json_timed,
    swiss_json_timed_until,
)

NOW = datetime(2026, 12, 6, 12, 0, 0, 250_000, tzinfo=UTC)


def _timed_and_until(**clock: Any) -> tuple[dict[str, Any], datetime | None]:
    return swiss_json_timed(**clock, now=NOW), swiss_json_timed_until(**clock, now=NOW)


def test_the_countdown_holds_until_its_whole_second_runs_out() -> None:
    start = NOW + timedelta(seconds=90, milliseconds=600)
    timed, until = _timed_and_until(next_round_at=start, finished_at=None, over=False)
    assert timed["nextRound"]["in"] == 90
    assert until == NOW + timedelta(milliseconds=600)
    # Up to that moment the answer is the same; just after it, one second less.
    at = swiss_json_timed(next_round_at=start, finished_at=None, over=False, now=until)
    after = swiss_json_timed(
        next_round_at=start, finished_at=None, over=False, now=until + timedelta(microseconds=1)
    )
    assert at == timed
    assert after["nextRound"]["in"] == 89


def test_a_round_start_already_due_and_an_event_without_one_do_not_expire() -> None:
    due = NOW - timedelta(seconds=3)
    assert _timed_and_until(next_round_at=due, finished_at=None, over=False)[1] is None
    assert _timed_and_until(next_round_at=None, finished_at=None, over=False) == ({}, None)


def test_recently_finished_holds_until_its_half_hour_ends() -> None:
    finished = NOW - timedelta(minutes=10)
    timed, until = _timed_and_until(next_round_at=None, finished_at=finished, over=True)
    assert timed == {"isRecentlyFinished": True}
    assert until == finished + RECENTLY_FINISHED
    long_ago = NOW - RECENTLY_FINISHED - timedelta(seconds=1)
    assert _timed_and_until(next_round_at=None, finished_at=long_ago, over=True) == ({}, None)
