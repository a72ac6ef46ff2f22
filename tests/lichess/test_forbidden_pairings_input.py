"""lichess's `forbiddenPairings` text (issue, defect 8): the permission is checked before any
line is looked at, and the lines' names are found in one query, not two per line."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arbiter.tournaments.models import EventMode, ForbiddenPairing
from tests.factories.events import event_with_players
from tests.lichess.swiss.helpers import bearer_client, post_json

pytestmark = pytest.mark.django_db


def _edit(client: Any, event_id: int, text: str) -> tuple[Any, int]:
    with CaptureQueriesContext(connection) as queries:
        response = post_json(
            client, f"/api/swiss/{event_id}/edit?patch=1", {"forbiddenPairings": text}
        )
    return response, len(queries.captured_queries)


def test_a_caller_who_leads_nothing_is_refused_before_any_line_is_looked_up():
    built = event_with_players(4, mode=EventMode.ONLINE)
    a, b, *_ = built.users
    client = bearer_client(built.users[2])  # a player, not a leader
    _edit(client, built.event.id, "")  # the token's first use is recorded once: not counted
    one, one_count = _edit(client, built.event.id, f"{a.username} {b.username}")
    many, many_count = _edit(
        client, built.event.id, "\n".join(f"nobody{i} other{i}" for i in range(1500))
    )
    assert one.status_code == many.status_code == 401
    assert many.json() == {"error": "This user cannot edit this swiss"}
    assert many_count == one_count, (one_count, many_count)


def test_a_leaders_lines_are_looked_up_in_bulk():
    built = event_with_players(6, mode=EventMode.ONLINE)
    names = [user.username for user in built.users]
    client = bearer_client(built.leader)
    _edit(client, built.event.id, "")
    one, one_count = _edit(client, built.event.id, f"{names[0]} {names[1]}")
    assert one.status_code == 200, one.content
    lines = [f"{names[i]} {names[j]}" for i in range(6) for j in range(6) if i < j]
    text = "\n".join(lines * 50)  # 750 lines, each pair many times
    many, many_count = _edit(client, built.event.id, text)
    assert many.status_code == 200, many.content
    assert ForbiddenPairing.objects.filter(tournament=built.event).count() == 15
    assert many_count <= one_count + 5, (one_count, many_count)  # not a query per line


def test_unknown_names_are_all_reported_and_nothing_is_changed():
    built = event_with_players(4, mode=EventMode.ONLINE)
    a, b, c, _ = built.users
    client = bearer_client(built.leader)
    assert _edit(client, built.event.id, f"{a.username} {b.username}")[0].status_code == 200
    response, _ = _edit(
        client,
        built.event.id,
        f"{c.username} ghost\nphantom {a.username}\n{a.username.upper()} {c.username}\nx y z",
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "forbiddenPairings": [
                "Line 4: two usernames separated by a space.",
                "ghost is not a player of this tournament.",
                "phantom is not a player of this tournament.",
            ]
        }
    }
    kept = ForbiddenPairing.objects.filter(tournament=built.event)
    assert [(p.player1.user, p.player2.user) for p in kept] == [(a, b)]
