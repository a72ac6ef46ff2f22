"""`rows_update` writes exactly what `bulk_update` would, on both databases' paths; `row_delete`
deletes one row by its key."""

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection

from arbiter.common.bulk import row_delete, rows_update
from arbiter.games.services import time_control_get_or_create
from arbiter.teams.models import Team
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.users.models import User

pytestmark = pytest.mark.django_db


def _event() -> tuple[SwissTournament, list[SwissParticipant]]:
    leader = User.objects.create_user("leader", password="x")
    team = Team.objects.create(name="T", slug="t")
    event = SwissTournament.objects.create(
        team=team,
        created_by=leader,
        name="E",
        num_rounds=3,
        start_time=datetime.now(UTC),
        time_control=time_control_get_or_create(limit_seconds=180, increment_seconds=2),
    )
    users = [User.objects.create_user(f"u{i}", password="x") for i in range(3)]
    entries = [
        SwissParticipant.objects.create(tournament=event, user=u, rating=1500) for u in users
    ]
    return event, entries


def _written(entries: list[SwissParticipant]) -> list[tuple[Any, ...]]:
    return list(
        SwissParticipant.objects.filter(id__in=[e.id for e in entries])
        .order_by("id")
        .values_list("points", "rank", "tiebreaks", "start_number")
    )


def test_rows_update_writes_each_rows_own_values() -> None:
    _, entries = _event()
    values = [
        (Decimal("2.5"), 1, {"BH": "7.5", "SB": None}, 4),
        (Decimal("0"), 3, {}, None),
        (Decimal("1.5"), 2, {"name": 'quote \' and "double"'}, 1),
    ]
    for entry, (points, rank, tiebreaks, start) in zip(entries, values, strict=True):
        entry.points, entry.rank, entry.tiebreaks, entry.start_number = (
            points,
            rank,
            tiebreaks,
            start,
        )
    rows_update(entries[:2] + entries[2:], ["points", "rank", "tiebreaks", "start_number"])
    assert connection.vendor == "postgresql"  # the VALUES path, not bulk_update's
    assert _written(entries) == values


def test_rows_update_leaves_other_fields_and_rows_alone() -> None:
    event, entries = _event()
    entries[0].rank, entries[0].rating = 9, 2000  # rating is not among the fields written
    rows_update([entries[0]], ["rank"])
    fresh = SwissParticipant.objects.get(id=entries[0].id)
    assert (fresh.rank, fresh.rating) == (9, 1500)
    assert SwissParticipant.objects.get(id=entries[1].id).rank == entries[1].rank
    assert SwissTournament.objects.get(id=event.id).name == "E"


def test_rows_update_writes_nulls_datetimes_and_foreign_keys() -> None:
    event, _ = _event()
    other = User.objects.create_user("other", password="x")
    when = datetime(2026, 11, 23, 12, 30, tzinfo=UTC)
    event.next_round_at, event.created_by, event.min_rating = when, other, 1200
    rows_update([event], ["next_round_at", "created_by", "min_rating"])
    fresh = SwissTournament.objects.get(id=event.id)
    assert (fresh.next_round_at, fresh.created_by_id, fresh.min_rating) == (when, other.id, 1200)
    event.next_round_at = event.min_rating = None
    rows_update([event], ["next_round_at", "min_rating"])
    fresh = SwissTournament.objects.get(id=event.id)
    assert (fresh.next_round_at, fresh.min_rating) == (None, None)


def test_rows_update_of_nothing_writes_nothing(
    django_assert_num_queries: Any,
) -> None:
    with django_assert_num_queries(0):
        rows_update([], ["rank"])


def test_row_delete_deletes_that_row_alone_and_counts_it() -> None:
    _, entries = _event()
    assert row_delete(SwissParticipant, entries[1].id) == 1
    remaining = set(SwissParticipant.objects.values_list("id", flat=True))
    assert remaining == {entries[0].id, entries[2].id}
    assert row_delete(SwissParticipant, entries[1].id) == 0  # gone already: nothing else goes
    assert set(SwissParticipant.objects.values_list("id", flat=True)) == remaining
