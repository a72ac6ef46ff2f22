"""Which requests the write gate holds: writes under an event's path (found by its URL name),
not reads, not other paths, not the joins it lets through."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from arbiter.common.write_gate import EventPaths

EVENT = "/api/tournaments/swiss/12/"


@pytest.mark.parametrize(
    ("method", "path", "event"),
    [
        ("post", f"{EVENT}pairings/3/result/", "12"),
        ("patch", EVENT, "12"),
        ("delete", f"{EVENT}forbidden-pairings/4/", "12"),
        ("post", f"{EVENT}join/", None),  # hashing a password holds no connection
        ("get", f"{EVENT}standings/", None),  # reads are never held
        ("post", "/api/tournaments/swiss/", None),  # creating an event writes to none yet
        ("post", "/api/teams/", None),
    ],
)
def test_the_gate_holds_writes_to_one_event(method: str, path: str, event: str | None) -> None:
    paths = EventPaths("api:swiss:detail", ["api:swiss:join"])
    request = getattr(RequestFactory(), method)(path)
    assert paths.event_written(request) == event


@pytest.mark.parametrize(
    ("method", "path", "event"),
    [
        ("post", "/api/swiss/12/edit", "12"),
        ("post", "/api/swiss/12/edit/", "12"),
        ("post", "/api/swiss/12/withdraw", "12"),
        ("post", "/api/swiss/12/schedule-next-round", "12"),
        ("post", "/api/swiss/12/join", None),  # as on Arbiter's own path
        ("get", "/api/swiss/12/results", None),
        ("post", "/api/swiss/new/club", None),
    ],
)
def test_lichess_paths_to_an_event_share_its_gate(method: str, path: str, event: str | None):
    paths = EventPaths("lichess:swiss", ["lichess:swiss-join"], "swiss_id")
    request = getattr(RequestFactory(), method)(path)
    assert paths.event_written(request) == event
