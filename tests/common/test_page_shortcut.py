"""The page shortcut (arbiter.common.page_shortcut): a shared page asked again is answered
from the web process's memory below Django, byte for byte and header for header what Django
answered, until the event's version moves; what only some readers may see never is.

The real Django ASGI application on the real database and shared cache, called in-process
through the ASGI interface as uvicorn calls it; only a counter sits between the shortcut and
Django, to tell which answered."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.asgi import get_asgi_application
from django.test import Client, override_settings
from django.utils import timezone

from arbiter.common import page_cache, page_shortcut
from arbiter.common.page_shortcut import PageShortcut
from arbiter.tournaments.models import SwissTournament
from arbiter.users.services import api_token_create
from tests.common.page_paths import swiss_paths, team_paths
from tests.factories.events import event_with_round, results_set
from tests.teamswiss.helpers import event_with_teams, round_stored
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db(transaction=True)

Headers = list[tuple[bytes, bytes]]


class Counted:
    """Django's application, counting the requests that reach it."""

    def __init__(self) -> None:
        self.app = get_asgi_application()
        self.calls = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.calls += 1
        await self.app(scope, receive, send)


class Answer:
    def __init__(self, status: int, headers: Headers, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    def header(self, name: str) -> str | None:
        for key, value in self.headers:
            if key.decode().lower() == name:
                return value.decode()
        return None


async def _call(app: Any, path: str, headers: Headers) -> Answer:
    route, _, query = path.partition("?")
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": route,
        "raw_path": route.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": headers
        if any(k == b"host" for k, _ in headers)
        else [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 40000),
        "server": ("testserver", 80),
    }
    sent: list[dict[str, Any]] = []
    finished = asyncio.Event()

    async def receive() -> dict[str, Any]:
        if not sent and not finished.is_set():
            finished.set()
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # no disconnect while the answer is written
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return Answer(start["status"], list(start.get("headers", [])), body)


class Served:
    def __init__(self) -> None:
        self.django = Counted()
        self.app = PageShortcut(self.django)

    def get(self, path: str, headers: Headers | None = None) -> Answer:
        # From this thread: Django runs the view here, on the test's own connection.
        return async_to_sync(_call)(self.app, path, headers or [])

    def get_counted(self, path: str, headers: Headers | None = None) -> tuple[Answer, bool]:
        """The answer, and whether Django gave it."""
        before = self.django.calls
        answer = self.get(path, headers)
        return answer, self.django.calls > before


@pytest.fixture
def served() -> Iterator[Served]:
    page_shortcut.shortcuts.clear()
    page_cache.local_pages.clear()
    # Served processes trust a published version (the tests' own default reads the database).
    with override_settings(READ_VERSION_SECONDS=10):
        yield Served()
    page_shortcut.shortcuts.clear()


def _read_twice(served: Served, paths: list[str]) -> set[str]:
    """Every page read twice; the paths whose second read Django answered. The two answers are
    the same status, body and headers."""
    by_django = set()
    for path in paths:
        first = served.get(path)
        assert first.status == 200, (path, first.body[:300])
        again, django = served.get_counted(path)
        assert (again.status, again.body) == (200, first.body), path
        assert sorted(again.headers) == sorted(first.headers), path
        if django:
            by_django.add(path)
    return by_django


def test_every_shared_page_of_both_kinds_is_answered_below_django(served: Served) -> None:
    individual = event_with_round(8, rounds=1)
    team = event_with_teams(teams=4)
    round_stored(team, pairs=[(0, 1), (2, 3)])
    paths = swiss_paths(individual.event.id) + team_paths(team.event.id)
    assert _read_twice(served, paths) == set()


def test_a_countdown_page_is_answered_below_django_until_its_second_runs_out(
    served: Served,
) -> None:
    built = event_with_round(8, rounds=1)
    start = timezone.now() + timedelta(seconds=300, milliseconds=500)
    SwissTournament.objects.filter(id=built.event.id).update(next_round_at=start)
    path = f"/api/swiss/{built.event.id}"
    first, django = served.get_counted(path)
    assert first.status == 200 and django
    left = json.loads(first.body)["nextRound"]["in"]
    ((_, entry),) = page_shortcut.shortcuts.entries.values()
    until = entry.page.valid_until
    assert until == (start - timedelta(seconds=left)).timestamp()
    # Within that second the entry answers; once it ran out, Django does, one second less.
    assert page_shortcut._state(entry, []) == ("current" if time.time() < until else "older")
    time.sleep(max(0.0, until - time.time()) + 0.05)
    assert page_shortcut._state(entry, []) == "older"
    later, django = served.get_counted(path)
    assert django and json.loads(later.body)["nextRound"]["in"] < left
    assert later.header("etag") != first.header("etag")


def test_a_page_for_visitors_only_never_answers_a_signed_in_reader(served: Served) -> None:
    built = event_with_teams(teams=4)
    path = f"/api/team-swiss/{built.event.id}/"
    visitor = served.get(path)
    assert _json(visitor)["viewer_is_leader"] is False
    assert served.get_counted(path)[1] is False  # visitors: answered below Django
    browser = Client()
    browser.force_login(built.leader)
    cookie = f"sessionid={browser.cookies['sessionid'].value}; theme=dark".encode()
    for _ in range(2):
        leader, django = served.get_counted(path, [(b"cookie", cookie)])
        assert django and _json(leader)["viewer_is_leader"] is True
    assert served.get_counted(path, [(b"cookie", b"theme=dark")])[1] is False


def test_a_write_is_seen_at_once_and_a_held_page_gets_304(served: Served) -> None:
    built = event_with_round(4, rounds=1, num_rounds=2)
    path = f"/api/tournaments/swiss/{built.event.id}/rounds/1/"
    first = served.get(path)
    etag = first.header("etag")
    assert etag
    held, django = served.get_counted(path, [(b"if-none-match", etag.encode())])
    assert (held.status, held.body, django) == (304, b"", False)
    assert held.header("etag") == etag and held.header("content-length") is None
    results_set(built, ["1-0", "0-1"])  # committed: the version moves, this process knows it
    after, django = served.get_counted(path, [(b"if-none-match", etag.encode())])
    assert (after.status, django) == (200, True)
    assert [row["result"] for row in _json(after)["pairings"]] == ["1-0", "0-1"]
    again, django = served.get_counted(path)
    assert (again.body, django) == (after.body, False)


def test_a_request_with_credentials_always_reaches_django(served: Served) -> None:
    built = event_with_round(4, rounds=1)
    path = f"/api/tournaments/swiss/{built.event.id}/"
    assert served.get(path).status == 200
    for _ in range(2):
        refused, django = served.get_counted(path, [(b"authorization", b"Bearer not-a-token")])
        assert (refused.status, django) == (401, True)
    token = api_token_create(user=built.users[0], name="reader")[1]
    signed, django = served.get_counted(path, [(b"authorization", f"Bearer {token}".encode())])
    assert (signed.status, django) == (200, True)


def test_hidden_standings_are_never_answered_below_django(served: Served) -> None:
    built = event_with_round(4, rounds=1, num_rounds=2, standings_hidden=True)
    base = f"/api/tournaments/swiss/{built.event.id}"
    for path in (
        f"{base}/standings/",
        f"{base}/team-standings/",
        f"/api/swiss/{built.event.id}/results",
    ):
        for _ in range(2):
            answer, django = served.get_counted(path)
            assert answer.status == 200 and django, path
    assert _json(served.get(f"{base}/standings/"))["results"] == []


def test_the_request_headers_an_answer_depends_on_are_part_of_its_key(served: Served) -> None:
    built = event_with_round(6, rounds=1)
    path = f"/api/tournaments/swiss/{built.event.id}/standings/?page_size=2"
    plain = served.get(path)
    other_host, django = served.get_counted(path, [(b"host", b"localhost")])
    assert django and _json(other_host)["next"] != _json(plain)["next"]
    refused, django = served.get_counted(path, [(b"accept", b"image/png")])
    assert (refused.status, django) == (406, True)
    assert served.get_counted(path)[1] is False  # the first request's entry still answers


def test_an_answer_that_sets_a_cookie_or_is_not_the_page_is_never_kept() -> None:
    page = page_cache.json_page({"name": "Open"}, version=1)
    length = str(len(page.body)).encode()
    start = {"type": "http.response.start", "status": 200, "headers": [(b"content-length", length)]}
    assert page_shortcut._shortcut_of(page, start, []) is not None
    cookie = {**start, "headers": [(b"content-length", length), (b"set-cookie", b"sessionid=x")]}
    assert page_shortcut._shortcut_of(page, cookie, []) is None
    assert page_shortcut._shortcut_of(page, {**start, "status": 404}, []) is None
    other = {**start, "headers": [(b"content-length", b"3")]}
    assert page_shortcut._shortcut_of(page, other, []) is None


def _json(answer: Answer) -> Any:
    return json.loads(answer.body)


def test_the_readers_of_a_new_version_ask_django_once(served: Served) -> None:
    """A ping's readers arrive together: one asks Django for the new page; the others get the
    page of a moment ago meanwhile (at most STALE_SECONDS), then the new one from memory."""
    built = event_with_round(4, rounds=1, num_rounds=2)
    path = f"/api/tournaments/swiss/{built.event.id}/rounds/1/"
    old = served.get(path)
    results_set(built, ["1-0", "0-1"])

    async def together() -> list[Answer]:
        return list(await asyncio.gather(*(_call(served.app, path, []) for _ in range(20))))

    before = served.django.calls
    answers = async_to_sync(together)()
    assert served.django.calls - before == 1
    new = next(a for a in answers if a.body != old.body)
    assert {a.body for a in answers} == {old.body, new.body}
    assert [row["result"] for row in _json(new)["pairings"]] == ["1-0", "0-1"]
    after, django = served.get_counted(path)
    assert (after.body, django) == (new.body, False)


def test_a_reader_holding_the_previous_page_waits_for_the_new_one(served: Served) -> None:
    built = event_with_round(4, rounds=1, num_rounds=2)
    path = f"/api/tournaments/swiss/{built.event.id}/rounds/1/"
    etag = served.get(path).header("etag")
    assert etag
    results_set(built, ["1-0", "0-1"])
    held = [(b"if-none-match", etag.encode())]

    async def together() -> list[Answer]:
        first = asyncio.ensure_future(_call(served.app, path, []))
        await asyncio.sleep(0)  # the first reader is with Django
        return [
            await first,
            *await asyncio.gather(*(_call(served.app, path, held) for _ in range(5))),
        ]

    before = served.django.calls
    answers = async_to_sync(together)()
    assert served.django.calls - before == 1
    assert {(a.status, a.body) for a in answers} == {(200, answers[0].body)}
    assert [row["result"] for row in _json(answers[0])["pairings"]] == ["1-0", "0-1"]


def test_a_refresh_that_takes_too_long_lets_the_readers_ask_django(served: Served) -> None:
    built = event_with_round(4, rounds=1, num_rounds=2)
    path = f"/api/tournaments/swiss/{built.event.id}/rounds/1/"
    served.get(path)
    results_set(built, ["1-0", "0-1"])
    key = next(iter(page_shortcut.shortcuts.entries))
    stuck = asyncio.new_event_loop().create_future()
    page_shortcut._refreshing[key] = (time.monotonic() - page_shortcut.STALE_SECONDS, stuck)
    try:
        fresh, django = served.get_counted(path)
    finally:
        page_shortcut._refreshing.clear()
    assert django and [row["result"] for row in _json(fresh)["pairings"]] == ["1-0", "0-1"]


def test_a_signed_in_reader_never_gets_a_visitors_page_while_it_is_refreshed(
    served: Served,
) -> None:
    """The answers given while another reader refreshes an entry (the page of a moment ago)
    follow the same rules as the others: never a visitors' page to a session."""
    built = event_with_teams(teams=4)
    path = f"/api/team-swiss/{built.event.id}/"
    served.get(path)
    leader = client_of(built.leader)
    assert leader.patch(path, {"name": "Renamed League"}, format="json").status_code == 200
    key = next(iter(page_shortcut.shortcuts.entries))
    in_flight = asyncio.new_event_loop().create_future()
    page_shortcut._refreshing[key] = (time.monotonic(), in_flight)  # another reader is with Django
    browser = Client()
    browser.force_login(built.leader)
    cookie = f"sessionid={browser.cookies['sessionid'].value}".encode()
    try:
        mine, django = served.get_counted(path, [(b"cookie", cookie)])
        visitor, visitor_django = served.get_counted(path)
    finally:
        page_shortcut._refreshing.clear()
    assert django and _json(mine)["viewer_is_leader"] is True
    assert _json(mine)["name"] == "Renamed League"
    assert (
        not visitor_django and _json(visitor)["viewer_is_leader"] is False
    )  # the page of a moment ago
