"""Public pages of both Swiss kinds are rendered once per read version, served with an ETag
(304 for a client that holds the page), renewed by every write, and never hold what only
some readers may see (docs/live.md, "Reads")."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from arbiter.common import page_cache
from arbiter.common.page_cache import Page
from tests.common.page_paths import swiss_paths, team_paths
from tests.factories.events import event_with_round, results_set
from tests.teamswiss.helpers import event_with_teams, round_stored
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _read_twice_second_without_the_database(paths: list[str]) -> None:
    """Every page read once (rendered), then again: the second read runs one query at most
    (the version, which tests read from the database: their transactions never publish)."""
    client = APIClient()
    first = {path: client.get(path) for path in paths}
    for path, answer in first.items():
        assert answer.status_code == 200, (path, answer.content[:300])
        assert answer["ETag"], path
    for path in paths:
        with CaptureQueriesContext(connection) as queries:
            again = client.get(path)
        assert again.status_code == 200
        assert again.content == first[path].content, path
        assert len(queries) <= 1, (path, [q["sql"] for q in queries])
        assert all("version" in q["sql"] for q in queries), path


def test_individual_pages_are_rendered_once_per_version() -> None:
    built = event_with_round(8, rounds=1)
    _read_twice_second_without_the_database(swiss_paths(built.event.id))


def test_team_pages_are_rendered_once_per_version() -> None:
    built = event_with_teams(teams=4)
    round_stored(built, pairs=[(0, 1), (2, 3)])
    _read_twice_second_without_the_database(team_paths(built.event.id))


def test_a_stale_etag_gets_the_new_page_and_a_current_one_304() -> None:
    built = event_with_round(4, rounds=1, num_rounds=2)
    paths = swiss_paths(built.event.id)
    client = APIClient()
    held = {path: client.get(path)["ETag"] for path in paths}
    for path in paths:
        assert client.get(path, HTTP_IF_NONE_MATCH=held[path]).status_code == 304
    results_set(built, ["1-0", "0-1"])  # a write: every page of the event has a new version
    for path in paths:
        answer = client.get(path, HTTP_IF_NONE_MATCH=held[path])
        if path.endswith("/rounds/1/") or "standings" in path or "results" in path:
            assert answer.status_code == 200, path  # its content changed
            assert answer["ETag"] != held[path], path
        assert client.get(path, HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304
    rows = client.get(f"/api/tournaments/swiss/{built.event.id}/rounds/1/").json()["pairings"]
    assert [row["result"] for row in rows] == ["1-0", "0-1"]


def test_an_edit_renews_the_event_page() -> None:
    built = event_with_round(4, rounds=1)
    path = f"/api/tournaments/swiss/{built.event.id}/"
    etag = APIClient().get(path)["ETag"]
    leader = client_of(built.leader)
    assert leader.patch(path, {"name": "Renamed Open"}, format="json").status_code == 200
    answer = APIClient().get(path, HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code == 200 and answer.json()["name"] == "Renamed Open"
    lichess = APIClient().get(f"/api/swiss/{built.event.id}")
    assert lichess.json()["name"] == "Renamed Open"


def test_a_team_edit_renews_the_team_event_page_and_viewers_get_their_own_fields() -> None:
    built = event_with_teams(teams=4)
    path = f"/api/team-swiss/{built.event.id}/"
    visitor = APIClient().get(path)
    assert visitor.json()["viewer_is_leader"] is False
    leader = client_of(built.leader)
    assert leader.get(path).json()["viewer_is_leader"] is True
    captain = client_of(built.captains[2]).get(path).json()
    assert (captain["viewer_is_leader"], captain["viewer_captain_of"]) == (False, 3)
    assert leader.patch(path, {"name": "Renamed League"}, format="json").status_code == 200
    answer = APIClient().get(path, HTTP_IF_NONE_MATCH=visitor["ETag"])
    assert answer.status_code == 200 and answer.json()["name"] == "Renamed League"


def _cached_pages(scope: str, object_id: int) -> list[tuple[str, Page]]:
    """Every page of the object in the shared cache and in this process's memory."""
    client = cache._cache.get_client(write=False)
    pattern = cache.make_and_validate_key(f"page:{scope}:{object_id}:*")
    found = [
        (key.decode(), pickle.loads(client.get(key))) for key in client.scan_iter(match=pattern)
    ]
    prefix = f"page:{scope}:{object_id}:"
    with page_cache.local_pages.lock:
        found += [
            (k, entry[1])
            for k, entry in page_cache.local_pages.entries.items()
            if k.startswith(prefix)
        ]
    return found


def test_hidden_standings_never_enter_the_public_cache() -> None:
    built = event_with_round(4, rounds=1, num_rounds=2, standings_hidden=True)
    event, player = built.event, built.users[0]
    base = f"/api/tournaments/swiss/{event.id}"
    readers: list[Any] = [client_of(built.leader), client_of(player), APIClient()]
    seen = []
    for reader in readers:  # the leader first: what they see must not reach the others
        seen.append(len(reader.get(f"{base}/standings/").json()["results"]))
        reader.get(f"{base}/team-standings/")
        reader.get(f"/api/swiss/{event.id}/results")
    assert seen == [4, 1, 0]
    pages = _cached_pages("swiss", event.id)
    hidden = [(key, page) for key, page in pages if "standings" in key or "results" in key]
    assert hidden, pages
    for key, page in hidden:
        assert (page.public, page.body) == (False, b""), key
    results_set(built, ["1-0", "1-0"])
    built.round = None
    event.refresh_from_db()
    # Still running (round 2 to come): still private.
    assert APIClient().get(f"{base}/standings/").json()["results"] == []
