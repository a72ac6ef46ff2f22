"""A pool exhausted answers 503 with `Retry-After`, never 500 (issue 38), on every path.

Served: `manage.py serve` (uvicorn, the production middleware chain) with a pool of one
connection (`DATABASE_POOL_SIZE=1`) and a short wait for it (`DATABASE_POOL_TIMEOUT`). A request
of the server's own holds that connection, waiting for a table lock this test holds, as a
writer waits for its event's row lock in production. Every other request that needs the
database then finds the pool exhausted: a DRF read, a lichess read, the lichess stream and a
plain page outside /api/ answer 503 with `Retry-After` (JSON in the dialect's shape on API
paths, plain text elsewhere), a socket closes with 1013, each logged as one warning line and no
traceback; the browser app's shell, which reads nothing, still answers 200. Lock released,
the same requests answer 200. The server is fresh: these are its first requests.

One mechanism (arbiter.common.middleware), so every route inherits it: every route of the
native API, the lichess dialect and the calendars, enumerated from the URL resolver, is called
once with GET and once with POST while the pool is exhausted, and none answers 500.

In process: what Django raises when the pool's wait runs out (its OperationalError, psycopg's
PoolTimeout as the cause) is recognised, another database error is not, and a stream that
meets the pool exhausted once started ends after what it sent, with one warning line."""

from __future__ import annotations

import json
import logging
import re
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message
from pathlib import Path
from typing import Any

import psycopg
import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import OperationalError
from django.db.backends.postgresql.base import DatabaseWrapper
from django.http import HttpRequest, StreamingHttpResponse
from django.test import RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern
from psycopg_pool import ConnectionPool, PoolTimeout
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from arbiter.common.middleware import ApiJsonErrorsMiddleware, pool_exhausted
from arbiter.users.models import ApiToken
from arbiter.users.services import api_token_create
from tests.factories.teams import LeaderFactory
from tests.factories.tournaments import SwissTournamentFactory
from tests.timing import WAIT_SECONDS
from tests.web import web_server

POOL_TIMEOUT = 0.5  # the served process's wait for its one connection, in seconds
RETRY_AFTER = "2"
EXHAUSTED = "(database pool exhausted)"  # what each warning line says
PUT_OFF = "credential re-check put off"  # a held connection's re-check, not a refusal
RECHECK_SECONDS = 1.0
NATIVE, LICHESS, PAGE = "native", "lichess", "page"


@dataclass
class Server:
    port: int
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@dataclass
class Answer:
    status: int
    headers: Message
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class World:
    event_id: int
    team_slug: str
    username: str
    token: str


@pytest.fixture(scope="module")
def server(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("pool-exhausted")
    # A built bundle's manifest, so that the shell answers its page (it reads no database).
    dist = folder / "dist"
    dist.mkdir()
    (dist / "manifest.json").write_text(
        json.dumps({"src/main.tsx": {"file": "assets/main-AbCd1234.js", "isEntry": True}})
    )
    env = {
        "DATABASE_POOL_SIZE": "1",
        "DATABASE_POOL_TIMEOUT": str(POOL_TIMEOUT),
        "ARBITER_FRONTEND_DIST": str(dist),
        # Held connections re-read their token every second and a stream writes a keep-alive
        # every half second: a re-check falls inside a held pool (and a stream whose client
        # has gone ends within half a second).
        "ARBITER_SOCKET_AUTH_RECHECK_SECONDS": str(RECHECK_SECONDS),
        "ARBITER_STREAM_KEEPALIVE_SECONDS": "0.5",
    }
    log_path = folder / "web.log"
    with web_server(workers=1, env=env, log_path=log_path) as port:
        yield Server(port, log_path)


@pytest.fixture
def world(transactional_db: Any) -> World:
    membership = LeaderFactory()
    event = SwissTournamentFactory(team=membership.team, created_by=membership.user)
    _, token = api_token_create(user=membership.user, name="pool")
    return World(event.id, membership.team.slug, membership.user.username, token)


def _call(server: Server, path: str, *, token: str | None = None, post: bool = False) -> Answer:
    request = urllib.request.Request(
        server.url + path, method="POST" if post else "GET", data=b"{}" if post else None
    )
    if post:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        # Read the head only: a stream's body goes on for as long as it lives.
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
            body = b"" if "ndjson" in reply.headers.get("Content-Type", "") else reply.read()
            return Answer(reply.status, reply.headers, body)
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


def _socket_frame_or_close(server: Server, path: str) -> dict[str, Any] | int:
    """The socket's first frame, or the code it was closed with."""
    origin = {"Origin": server.url}  # a browser's socket: the Origin check lets it through
    try:
        with connect(f"ws://127.0.0.1:{server.port}{path}", additional_headers=origin) as socket:
            return dict(json.loads(socket.recv(timeout=WAIT_SECONDS)))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, closed
        return closed.rcvd.code


def _database() -> dict[str, Any]:
    db = settings.DATABASES["default"]
    return {
        "host": db["HOST"] or None,
        "port": db["PORT"] or None,
        "user": db["USER"] or None,
        "password": db["PASSWORD"] or None,
        "dbname": db["NAME"],
    }


def _waiting_for_a_lock() -> bool:
    """Whether a connection to the test database waits for a lock. Asked on a connection of
    its own: in the lock's transaction, pg_stat_activity would not change."""
    with psycopg.connect(**_database(), autocommit=True) as watch:
        row = watch.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
            (_database()["dbname"],),
        ).fetchone()
    return bool(row and row[0])


@contextmanager
def pool_held(server: Server, world: World) -> Iterator[None]:
    """The server's only pooled connection taken: a request signed in with the token waits,
    with that connection, for the lock this test holds on the tokens' table. On leaving, the
    lock is released and that request answers 200."""
    lock = psycopg.connect(**_database())
    lock.execute(f'LOCK TABLE "{ApiToken._meta.db_table}" IN ACCESS EXCLUSIVE MODE')
    held: list[Answer] = []
    holder = threading.Thread(
        target=lambda: held.append(_call(server, "/api/auth/me/", token=world.token))
    )
    holder.start()
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while not _waiting_for_a_lock():
            assert time.monotonic() < deadline, "the server's request never waited"
            time.sleep(0.05)
        yield
    finally:
        lock.rollback()
        lock.close()
        holder.join(WAIT_SECONDS)
    assert [answer.status for answer in held] == [200]


def _exhausted_lines(server: Server) -> int:
    """The refusals logged so far (a held connection's re-check put off is not one)."""
    return sum(EXHAUSTED in line and PUT_OFF not in line for line in server.log().splitlines())


def _busy(answer: Answer, dialect: str) -> list[str]:
    """What is wrong with `answer` as the answer of an exhausted pool ([] if nothing)."""
    problems = []
    if answer.status != 503:
        problems.append(f"status {answer.status}")
    if answer.headers.get("Retry-After") != RETRY_AFTER:
        problems.append(f"Retry-After {answer.headers.get('Retry-After')!r}")
    if dialect == PAGE:
        if not answer.headers.get("Content-Type", "").startswith("text/plain"):
            problems.append(f"Content-Type {answer.headers.get('Content-Type')!r}")
        return problems
    try:
        body = answer.json()
    except ValueError:
        return [*problems, f"not JSON: {answer.body[:200]!r}"]
    keys = {"error"} if dialect == LICHESS else {"message", "extra"}
    if set(body) != keys or not all(body[key] is not None for key in keys):
        problems.append(f"body {body!r}")
    return problems


def test_an_exhausted_pool_answers_503_with_retry_after_then_200_once_free(
    server: Server, world: World
) -> None:
    event = world.event_id
    # The API reads are signed in with the token, which is read from the database first: none
    # can be answered from the page cache without a connection (that would rightly be a 200).
    reads = {
        "DRF read": (f"/api/tournaments/swiss/{event}/", NATIVE, world.token),
        "lichess read": (f"/api/swiss/{event}", LICHESS, world.token),
        "lichess stream": ("/api/stream/event", LICHESS, world.token),
        "page outside /api/ (iCal)": (f"/swiss/{event}.ics", PAGE, None),
    }
    socket = f"/ws/tournaments/swiss/{event}/"
    lines_before = _exhausted_lines(server)
    with pool_held(server, world):
        started = time.monotonic()
        busy = {name: _call(server, path, token=token) for name, (path, _, token) in reads.items()}
        socket_closed = _socket_frame_or_close(server, socket)
        # Five waits for the pool's timeout (the former 10 s would be 50 s).
        spent = time.monotonic() - started
        shell = _call(server, f"/swiss/{event}")
    problems = {name: _busy(busy[name], dialect) for name, (_, dialect, _) in reads.items()}
    assert not any(problems.values()), problems
    assert socket_closed == 1013
    assert spent < 5 * (POOL_TIMEOUT + 1.5), spent
    assert shell.status == 200 and b'<div id="root">' in shell.body

    free = {name: _call(server, path, token=token) for name, (path, _, token) in reads.items()}
    assert {name: answer.status for name, answer in free.items()} == dict.fromkeys(reads, 200)
    assert free["DRF read"].json()["id"] == event
    assert free["lichess read"].json()["id"] == str(event)
    hello = _socket_frame_or_close(server, socket)
    assert isinstance(hello, dict) and hello["event"] == "hello", hello

    # One warning line per refusal (four answers, one socket), and no traceback at all.
    assert _exhausted_lines(server) - lines_before == len(reads) + 1
    log = server.log()
    assert "Traceback" not in log and "Exception inside application" not in log


def test_held_connections_put_their_re_check_off_and_stay_open_when_the_pool_is_exhausted(
    server: Server, world: World
) -> None:
    """A stream and a socket, both opened with the token, re-read it while the pool is held:
    each logs one line naming its path, no traceback, and both are still open afterwards (the
    twin paths share `arbiter.realtime.recheck`)."""
    socket_path = f"/ws/tournaments/swiss/{world.event_id}/"
    bearer = {"Authorization": f"Bearer {world.token}"}
    request = urllib.request.Request(server.url + "/api/stream/event", headers=bearer)
    with (
        urllib.request.urlopen(request, timeout=WAIT_SECONDS) as stream,
        connect(f"ws://127.0.0.1:{server.port}{socket_path}", additional_headers=bearer) as socket,
    ):
        assert stream.status == 200
        assert json.loads(socket.recv(timeout=WAIT_SECONDS))["event"] == "hello"
        with pool_held(server, world):
            # Two periods and the pool's wait: each connection re-checks at least once.
            time.sleep(2 * RECHECK_SECONDS + POOL_TIMEOUT + 0.5)
        assert stream.readline() == b"\n"  # a keep-alive: the stream goes on
        assert socket.ping().wait(WAIT_SECONDS)  # the socket too
    log = server.log()
    for kind, path in (("Stream", "/api/stream/event"), ("Socket", socket_path)):
        assert f"{kind} {PUT_OFF}: {path} {EXHAUSTED}" in log, kind
    assert "Traceback" not in log and "re-check failed" not in log


# --- every route -----------------------------------------------------------------------------


_PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


@dataclass(frozen=True)
class Route:
    route: str  # Django's, e.g. "api/swiss/<str:swiss_id>/join"
    dialect: str

    def path(self, world: World) -> str:
        def value(name: str) -> str:
            if name.endswith("username"):
                return world.username
            if "slug" in name or name.startswith("team"):
                return world.team_slug
            return str(world.event_id)

        return "/" + _PARAM.sub(lambda found: value(found.group(1)), self.route)


# Generated documents, not reads of the database (seconds each), and the health check, whose
# 503 says which part is down (the database, here), its own documented answer.
SKIPPED = ("api/schema/", "api/docs/", "api/health/")


def _routes(patterns: list[Any], prefix: str = "", namespaces: tuple[str, ...] = ()) -> list[Route]:
    found: list[Route] = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            found += _routes(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            continue
        route = prefix + str(pattern.pattern)
        if not isinstance(pattern, URLPattern) or not isinstance(pattern.pattern, RoutePattern):
            continue  # the admin's and the browser app's regular expressions
        if "admin" in namespaces or route.startswith(SKIPPED):
            continue
        if "lichess" in namespaces:
            found.append(Route(route, LICHESS))
        else:
            found.append(Route(route, NATIVE if route.startswith("api/") else PAGE))
    return found


def test_every_route_meets_an_exhausted_pool_with_503_never_500(
    server: Server, world: World
) -> None:
    routes = _routes(get_resolver().url_patterns)
    assert len({route.dialect for route in routes}) == 3 and len(routes) > 100

    def one(call: tuple[Route, bool]) -> tuple[Route, bool, Answer]:
        route, post = call
        return route, post, _call(server, route.path(world), token=world.token, post=post)

    lines_before = _exhausted_lines(server)
    calls = [(route, post) for route in routes for post in (False, True)]
    with pool_held(server, world), ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(one, calls))

    statuses = Counter(answer.status for _, _, answer in answers)
    print(f"{len(answers)} calls on {len(routes)} routes: {dict(sorted(statuses.items()))}")
    problems = {
        f"{'POST' if post else 'GET'} {route.path(world)}": wrong
        for route, post, answer in answers
        if answer.status >= 500 and (wrong := _busy(answer, route.dialect))
    }
    assert not problems, problems
    # Most calls need the database at once (the token is read first): they met the pool.
    assert statuses[503] >= len(answers) // 2, statuses
    assert _exhausted_lines(server) - lines_before == statuses[503]
    assert "Traceback" not in server.log()
    assert _call(server, f"/api/swiss/{world.event_id}").status == 200


# --- in process: what Django raises, and a stream ------------------------------------------


@pytest.fixture
def held_pool(transactional_db: Any) -> Iterator[ConnectionPool]:
    """A real pool of one connection to the test database, that connection taken."""
    conninfo = psycopg.conninfo.make_conninfo(**{k: v for k, v in _database().items() if v})
    pool = ConnectionPool(conninfo, min_size=1, max_size=1, timeout=0.2, open=True)
    taken = pool.getconn()
    try:
        yield pool
    finally:
        pool.putconn(taken)
        pool.close()


@pytest.mark.django_db(transaction=True)
def test_what_django_raises_for_an_exhausted_pool_is_recognised_and_nothing_else() -> None:
    options = {"pool": {"min_size": 1, "max_size": 1, "timeout": 0.2}}
    config = {**settings.DATABASES["default"], "OPTIONS": options, "CONN_MAX_AGE": 0}
    holder = DatabaseWrapper(config, alias="pool-exhausted-test")
    waiter = DatabaseWrapper(config, alias="pool-exhausted-test")  # the same pool
    try:
        holder.ensure_connection()
        with pytest.raises(OperationalError) as raised:
            waiter.ensure_connection()
        assert isinstance(raised.value.__cause__, PoolTimeout)
        assert pool_exhausted(raised.value)
    finally:
        holder.close()
        holder.close_pool()
    with pytest.raises(psycopg.OperationalError) as other:
        psycopg.connect(**{**_database(), "dbname": "no_such_database_for_this_test"})
    assert not pool_exhausted(other.value)
    assert not pool_exhausted(ValueError("no"))


def _stream_through_middleware(response: StreamingHttpResponse) -> StreamingHttpResponse:
    request: HttpRequest = RequestFactory().get("/api/stream/event")

    def view(request: HttpRequest) -> StreamingHttpResponse:
        return response

    answered = ApiJsonErrorsMiddleware(view)(request)
    assert isinstance(answered, StreamingHttpResponse)
    return answered


def test_a_stream_meeting_an_exhausted_pool_ends_after_what_it_sent(
    held_pool: ConnectionPool, caplog: pytest.LogCaptureFixture
) -> None:
    def lines() -> Iterator[bytes]:
        yield b"sent\n"
        held_pool.getconn()  # every connection taken: PoolTimeout after 0.2 s
        yield b"never\n"

    async def async_lines() -> AsyncIterator[bytes]:
        yield b"sent\n"
        held_pool.getconn()
        yield b"never\n"

    async def read(response: StreamingHttpResponse) -> list[bytes]:
        return [part async for part in response]

    with caplog.at_level(logging.WARNING, logger="django.request"):
        sync = _stream_through_middleware(StreamingHttpResponse(lines()))
        assert list(sync) == [b"sent\n"]
        asynchronous = _stream_through_middleware(StreamingHttpResponse(async_lines()))
        assert async_to_sync(read)(asynchronous) == [b"sent\n"]
    ended = [r for r in caplog.records if EXHAUSTED in r.getMessage()]
    assert len(ended) == 2 and all(r.exc_info is None for r in ended)
    assert "/api/stream/event" in ended[0].getMessage()
