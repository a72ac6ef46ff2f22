"""One hostile-input corpus (tests/common/hostile_corpus.py) against every write endpoint of
every dialect: the native API (`/api/...`, team Swiss included) and the lichess dialect.

The endpoints are enumerated from Django's URL resolver, not listed here: every route of the
`api` and `lichess` namespaces whose view accepts POST, PUT, PATCH or DELETE (a DRF view's
handlers; a plain function view, lichess's streams, declares none: it gets POST, the
dialect's write), so an endpoint is covered the day it is added. The OpenAPI schema is the
independent check that nothing was missed: each write operation it documents must be among
those run, and their number is the floor. The schema also gives each endpoint's body fields,
so "every string field" is that endpoint's.
Read endpoints (GET) get the hostile query once each.

Path parameters name real objects, built by the factories (an online event with live games, an
event before its start with a registered player, a forbidden pair, a claim and a co-host, a
team Swiss event in round 1, a team with a join request), and each request is signed in as
the user the handler serves: the event's (or team's) leader, who also plays on the online
event's first board. Native endpoints get the leader's session, lichess ones their API
token. Each endpoint is also called anonymously with a plausible body, and signed in with
it: the count of endpoints that accept it is printed, the share of the corpus that reaches
past the parsers into the services (the others refuse it there: "already joined", "round 1
is still being played").

What every answer must be: no 5xx (a read may answer a 5xx its schema documents: the health
check's 503, no worker runs here); JSON (`{"message", "extra"}` on native paths, `{"error": …}`
on lichess ones) unless it is a read's own document or a 204; no Python exception text.
"Nothing stored", by the case's level (hostile_corpus's docstring):
- a `request` or `path` case, and on native endpoints a `field` case, must be refused (4xx)
  and leave the database as it was: a digest of every app table's rows (their content,
  without `last_used_at` and `last_login`, which reading a token or a session updates)
  compared with the world's before any request, for the tables PostgreSQL counts as written;
- the anonymous call must be refused likewise, unless the schema says the endpoint serves
  anonymous users (login, register);
- every other answer may succeed (an empty body on "withdraw", the lichess dialect ignoring a
  field it does not read), but no row it writes may hold the case's hostile text (NUL, CR/LF
  or a bidi override sent in one-line text).
Each request runs in a savepoint rolled back after it, so every request meets the same world.

A subset runs against a served process on `make run`'s configuration (SQLite, DEBUG on),
where defects were seen on the lichess paths: the `request` cases on every lichess endpoint
that needs no game, the hostile query on their reads, and paths no route has."""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from arbiter.games.models import ArbiterCall
from arbiter.teams.models import Membership
from arbiter.teamswiss.models import TeamSwissPlayer
from arbiter.tournaments.models import (
    ClaimStatus,
    CoHostStatus,
    EntryClaim,
    EventMode,
    ForbiddenPairing,
)
from arbiter.users.models import User
from arbiter.users.services import api_token_create
from tests.common.hostile_corpus import (
    CASES,
    HOSTILE_QUERY,
    LICHESS_FORM,
    NO_BODY,
    Case,
    Obj,
    Sent,
    Target,
    body_shape,
)
from tests.factories.events import event_with_players, event_with_round
from tests.factories.teams import JoinRequestFactory, MembershipFactory, TeamFactory
from tests.factories.tournaments import TimeControlFactory
from tests.factories.users import UserFactory
from tests.processes import served
from tests.teamswiss.helpers import event_with_teams, round_stored
from tests.tournaments.live.test_embedded_mode import embedded_setup

WRITES = ("post", "put", "patch", "delete")
NATIVE, LICHESS = "native", "lichess"
# Python's own words in an answer: an exception's text passed through to the client.
PYTHON_TEXT = re.compile(
    r"Traceback|set_int_max_str_digits|Exceeds the limit|\(char \d+\)|Expecting (?:value|"
    r"property name|',' delimiter|':' delimiter)|Unterminated string|Extra data|Invalid "
    r"control character|Errno|codec can't|invalid literal|object of type|NoneType|maximum "
    r"recursion|out of range for type"
)
VOLATILE_COLUMNS = ("last_used_at", "last_login")


# --- the endpoints, from the URL conf -----------------------------------------------------


@dataclass(frozen=True)
class Endpoint:
    route: str  # Django's route, e.g. "api/teams/<str:slug>/join/"
    method: str
    dialect: str
    params: dict[str, str]  # path parameter -> converter (int, str, slug, path)
    view: str

    @property
    def openapi_path(self) -> str:
        return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", self.route)

    def url(self, values: dict[str, Any]) -> str:
        def value(match: re.Match[str]) -> str:
            return str(values[match.group(1)])

        return "/" + re.sub(r"<(?:\w+:)?(\w+)>", value, self.route)

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.openapi_path}"


def _routes(
    patterns: list[Any], prefix: str = "", namespaces: tuple[str, ...] = ()
) -> Iterator[tuple[str, URLPattern, tuple[str, ...]]]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern.pattern, RoutePattern):
            yield prefix + str(pattern.pattern), pattern, namespaces


def endpoints() -> tuple[list[Endpoint], list[Endpoint]]:
    """(write endpoints, read endpoints) of the native API and the lichess dialect."""
    writes, reads = [], []
    for route, pattern, namespaces in _routes(get_resolver().url_patterns):
        if "lichess" in namespaces:
            dialect = LICHESS
        elif route.startswith("api/") and "admin" not in namespaces:
            dialect = NATIVE
        else:
            continue  # the browser app's shell, the calendars at the root, the admin
        # Path parameters by converter: <int:id> is "int", a bare <name> is "str".
        params = {name: kind or "str" for kind, name in re.findall(r"<(?:(\w+):)?(\w+)>", route)}
        callback = pattern.callback
        view = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
        name = f"{callback.__module__}.{getattr(view or callback, '__name__', '?')}"
        if view is None:  # a function view declares no methods: the dialect's write, POST
            methods: list[str] = ["post"]
        else:
            allowed = getattr(view, "http_method_names", WRITES)
            methods = [m for m in WRITES if m in allowed and hasattr(view, m)]
            # Not the schema and its docs page: generated documents, seconds each.
            if hasattr(view, "get") and not view.__module__.startswith("drf_spectacular"):
                reads.append(Endpoint(route, "get", dialect, params, name))
        writes += [Endpoint(route, m, dialect, params, name) for m in methods]
    return writes, reads


# --- the world the requests meet ----------------------------------------------------------


@dataclass
class Actor:
    user: User
    token: str
    session: str = ""


@dataclass
class Scene:
    params: dict[str, Any]
    actor: Actor
    known: dict[str, Any] = field(default_factory=dict)  # body field -> a value it may take


@dataclass
class World:
    scenes: list[Scene]


def _actor(user: User) -> Actor:
    _, plain = api_token_create(user=user, name="corpus")
    client = APIClient()
    client.force_login(user)
    return Actor(user, plain, client.cookies[settings.SESSION_COOKIE_NAME].value)


def world_build() -> World:
    # A three-hour clock and first-move time: the games stay live for the whole run.
    clock = TimeControlFactory(limit_seconds=10800, increment_seconds=0)
    online = event_with_round(
        4, rounds=1, mode=EventMode.ONLINE, time_control=clock, no_show_seconds=10800
    )
    board = online.boards[0]
    host, opponent = board.white.user, board.black.user
    assert host is not None and opponent is not None
    team = online.event.team
    Membership.objects.filter(team=team, user=host).update(role=Membership.Role.LEADER)
    spare, _ = api_token_create(user=host, name="spare")
    request = JoinRequestFactory(team=team)
    call = ArbiterCall.objects.create(game=board.game, caller=opponent, reason="other")
    online_scene = Scene(
        {
            "tournament_id": online.event.id,
            "swiss_id": online.event.id,
            "pairing_id": board.id,
            "game_id": board.game.id,
            "call_id": call.id,
            "uci": "e2e4",
            "answer": "yes",
            "username": opponent.username,
            "slug": team.slug,
            "team_id": team.slug,
            "request_id": request.id,
            "token_id": spare.id,
            "number": 1,
        },
        _actor(host),
    )

    upcoming = event_with_players(3, registered=1)
    first, second, registered = upcoming.entries
    assert first.user is not None and second.user is not None
    pair = ForbiddenPairing.objects.create(tournament=upcoming.event, player1=first, player2=second)
    claimer = UserFactory()
    MembershipFactory(team=upcoming.event.team, user=claimer)
    claim = EntryClaim.objects.create(
        participant=registered, user=claimer, status=ClaimStatus.WAITING
    )
    cohost = TeamFactory()
    upcoming.event.cohosts.create(team=cohost, status=CoHostStatus.INVITED)
    upcoming_scene = Scene(
        {
            "tournament_id": upcoming.event.id,
            "pair_id": pair.id,
            "entry_id": registered.id,
            "claim_id": claim.id,
            "team": cohost.slug,
            "username": first.user.username,
            "number": 1,
        },
        _actor(upcoming.leader),
    )

    league = event_with_teams(teams=4, boards=2)
    round_stored(league, pairs=[(0, 1), (2, 3)])
    squad = league.event.teams.get(tpn=1)
    invited = TeamSwissPlayer.objects.create(  # an account listed, not yet confirmed
        team=squad,
        event=league.event,
        order=squad.players.count() + 1,
        name="Invited Reserve",
        invited=UserFactory(),
        invited_by=league.leader,
        invited_at=timezone.now(),
    )
    league_scene = Scene(
        {
            "event_id": league.event.id,
            "number": 1,
            "tpn": 1,
            "table": 1,
            "board": 1,
            "player": invited.id,
        },
        _actor(league.leader),
    )
    soon_ms = int((timezone.now() + timedelta(days=2)).timestamp() * 1000)
    online_scene.known = {
        "team": team.slug,
        "tiebreak_order": "BH",
        **{name: opponent.username for name in ("player1", "player", "user", "username")},
        **{name: host.username for name in ("player2", "captain")},
        # lichess's form: a valid create or edit
        **{"startsAt": soon_ms, "date": soon_ms, "forbiddenPairings": "", "nbRounds": 3},
        **{"clock.limit": 180, "clock.increment": 2, "roundInterval": 60, "password": ""},
    }
    upcoming_scene.known = {
        "team": cohost.slug,
        "tiebreak_order": "BH",
        **{name: first.user.username for name in ("player1", "player", "user", "username")},
        "player2": second.user.username,
    }
    league_scene.known = {"team": league.event.host.slug, "captain": league.leader.username}
    return World([online_scene, upcoming_scene, league_scene])


def scene_for(world: World, endpoint: Endpoint) -> Scene:
    for scene in world.scenes:
        if all(name in scene.params for name in endpoint.params):
            return scene
    raise AssertionError(f"no scene names every parameter of {endpoint}")


# --- what the database holds -------------------------------------------------------------


def _tables() -> list[str]:
    return sorted(
        {
            model._meta.db_table
            for model in apps.get_models(include_auto_created=True)
            if model._meta.app_config.name.startswith("arbiter.")
            and model._meta.managed
            and not model._meta.proxy
        }
    )


class Database:
    """What the app tables hold: a digest of each table's rows (their content, without the
    columns reading a token or a session updates), and which tables a request wrote
    (PostgreSQL's counters of the rows the current transaction inserted, updated or deleted),
    so only those are digested again."""

    def __init__(self) -> None:
        self.tables = _tables()
        self.baseline = self.digests(self.tables)

    def writes(self) -> dict[str, int]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT relname, n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_xact_user_tables"
                " WHERE relname = ANY(%s)",
                [self.tables],
            )
            return dict(cursor.fetchall())

    def digests(self, tables: list[str]) -> dict[str, str]:
        row = "(to_jsonb(t) - ARRAY[" + ", ".join(f"'{c}'" for c in VOLATILE_COLUMNS) + "])::text"
        sql = " UNION ALL ".join(
            f"SELECT '{table}', count(*) || md5(coalesce(string_agg({row}, ',' ORDER BY {row}),"
            f" '')) FROM {connection.ops.quote_name(table)} t"
            for table in tables
        )
        with connection.cursor() as cursor:
            cursor.execute(sql)
            return dict(cursor.fetchall())

    def changed(self, before: dict[str, int]) -> list[str]:
        """The tables whose content differs from the world's, of those written since `before`."""
        after = self.writes()
        touched = [table for table, count in after.items() if count != before.get(table, 0)]
        if not touched:
            return []
        now = self.digests(touched)
        return sorted(table for table in touched if now[table] != self.baseline[table])


def holds(table: str, marker: str) -> bool:
    """Whether a row of `table` holds `marker` in any text value."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT to_jsonb(t)::text FROM {connection.ops.quote_name(table)} t")
        return any(_text_holds(json.loads(row), marker) for (row,) in cursor.fetchall())


def _text_holds(value: Any, marker: str) -> bool:
    if isinstance(value, str):
        return marker in value
    if isinstance(value, dict):
        return any(_text_holds(v, marker) for v in value.values())
    if isinstance(value, list):
        return any(_text_holds(v, marker) for v in value)
    return False


# --- one request and what is wrong with its answer ----------------------------------------


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    content: bytes


_CLIENTS: dict[tuple[str, int | None], APIClient] = {}


def _client(endpoint: Endpoint, actor: Actor | None) -> APIClient:
    """One client per credential, reused (a test client loads the middleware on its first
    request); the session cookie is set again each time, as a login or logout changes it."""
    key = (endpoint.dialect, None if actor is None else actor.user.id)
    client = _CLIENTS.get(key)
    if client is None:
        client = _CLIENTS[key] = APIClient(raise_request_exception=False)
    client.cookies.clear()
    if actor is not None and endpoint.dialect == LICHESS:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {actor.token}")
    elif actor is not None:  # a session: the native API's token-minting endpoint takes no token
        client.cookies[settings.SESSION_COOKIE_NAME] = actor.session
    return client


def send(endpoint: Endpoint, scene: Scene, sent: Sent, *, anonymous: bool = False) -> Answer:
    url = endpoint.url({**scene.params, **sent.path})
    if sent.query:
        url = f"{url}?{sent.query}"
    client = _client(endpoint, None if anonymous else scene.actor)
    reply = client.generic(endpoint.method.upper(), url, sent.body, sent.content_type)
    return Answer(reply.status_code, reply.get("Content-Type", ""), reply.content)


def answer_problems(
    endpoint: Endpoint, answer: Answer, *, refused: bool, documented: set[int]
) -> list[str]:
    status, text = answer.status, answer.content.decode(errors="replace")
    problems = []
    # A read may answer a 5xx its schema documents: the health check's 503 (no worker here).
    if status >= 500 and not (endpoint.method == "get" and status in documented):
        problems.append(f"{status}")
    if PYTHON_TEXT.search(text):
        problems.append(f"Python text: {text[:160]!r}")
    if refused and status < 400:
        problems.append(f"accepted ({status})")
    if status == 204 or (endpoint.method == "get" and (status < 400 or status in documented)):
        return problems  # no body, or a read's own content type (NDJSON, PGN, TRF, iCalendar)
    if not answer.content_type.startswith("application/json"):
        return [*problems, f"not JSON ({status} {answer.content_type}): {text[:80]!r}"]
    try:
        body = json.loads(text)
    except ValueError:
        return [*problems, f"malformed JSON: {text[:80]!r}"]
    if status >= 400:
        if endpoint.dialect == LICHESS and not (isinstance(body, dict) and "error" in body):
            problems.append(f"not lichess's error shape: {text[:120]!r}")
        if endpoint.dialect == NATIVE and not (
            isinstance(body, dict) and set(body) == {"message", "extra"}
        ):
            problems.append(f"not the native error shape: {text[:120]!r}")
    return problems


def must_refuse(case: Case, endpoint: Endpoint, target: Target) -> bool:
    if case.level in ("request", "path"):
        return True
    if case.level != "field" or endpoint.dialect == LICHESS:
        return False
    return case.refused_when is None or case.refused_when(target)


@dataclass
class Run:
    db: Database
    documented: dict[str, set[int]]  # endpoint -> the statuses its schema documents
    requests: int = 0
    refused: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def one(
        self,
        endpoint: Endpoint,
        scene: Scene,
        sent: Sent,
        label: str,
        *,
        refused: bool,
        marker: str | None = None,
        anonymous: bool = False,
    ) -> Answer:
        """Send `sent` in a savepoint rolled back after it; record what is wrong."""
        self.requests += 1
        self.refused += refused
        documented = self.documented.get(str(endpoint), set())
        with transaction.atomic():
            before = self.db.writes()
            answer = send(endpoint, scene, sent, anonymous=anonymous)
            self.statuses[answer.status] += 1
            problems = answer_problems(endpoint, answer, refused=refused, documented=documented)
            if (refused or marker) and answer.status < 500:
                try:
                    changed = self.db.changed(before)
                except DatabaseError as exc:
                    problems.append(f"left the transaction broken: {exc}")
                    changed = []
                if refused and changed:
                    problems.append(f"stored in {', '.join(changed)}")
                holding = [table for table in changed if marker and holds(table, marker)]
                if holding:
                    problems.append(f"stored {marker!r} in {', '.join(holding)}")
            transaction.set_rollback(True)
        self.problems += [f"{endpoint} [{label}]: {problem}" for problem in problems]
        return answer


def schema_operations() -> tuple[dict[str, Any], dict[str, Any]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema["paths"], schema["components"]["schemas"]


def _operation(endpoint: Endpoint, paths: dict[str, Any]) -> dict[str, Any] | None:
    operation = paths.get(endpoint.openapi_path, {}).get(endpoint.method)
    return operation if isinstance(operation, dict) else None


def target_for(
    endpoint: Endpoint, paths: dict[str, Any], components: dict[str, Any], known: dict[str, Any]
) -> Target:
    shape: Obj | None = body_shape(_operation(endpoint, paths), components)
    if shape is not None:
        return Target(shape, known, endpoint.params)
    open_shape = LICHESS_FORM if endpoint.dialect == LICHESS else NO_BODY
    return Target(open_shape, known, endpoint.params, declared=False)


def serves_anonymous(endpoint: Endpoint, paths: dict[str, Any]) -> bool:
    operation = _operation(endpoint, paths)
    return operation is None or {} in operation.get("security", [{}])


def documented_statuses(paths: dict[str, Any]) -> dict[str, set[int]]:
    return {
        f"{method.upper()} {path}": {int(code) for code in operation["responses"] if code.isdigit()}
        for path, operations in paths.items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and "responses" in operation
    }


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_write_endpoint_refuses_the_hostile_corpus() -> None:
    writes, reads = endpoints()
    paths, components = schema_operations()
    documented = {
        f"{method.upper()} {path}"
        for path, operations in paths.items()
        for method in operations
        if method in WRITES
    }
    # The schema is the independent count: every write it documents was found, and the walk
    # cannot pass by finding nothing.
    assert documented - {str(endpoint) for endpoint in writes} == set()
    assert len(writes) >= len(documented) > 50

    world = world_build()
    run = Run(Database(), documented_statuses(paths))
    reached = 0  # endpoints that accept the plausible body: the corpus reaches their services
    for endpoint in writes:
        scene = scene_for(world, endpoint)
        target = target_for(endpoint, paths, components, scene.known)
        plausible = Sent(target.plausible())
        for case in CASES:
            sent = case.build(target)
            if sent is not None:
                refused = must_refuse(case, endpoint, target)
                run.one(endpoint, scene, sent, case.name, refused=refused, marker=case.marker)
        refused = not serves_anonymous(endpoint, paths)
        run.one(endpoint, scene, plausible, "anonymous", refused=refused, anonymous=True)
        reached += run.one(endpoint, scene, plausible, "plausible", refused=False).status < 300
    for endpoint in reads:
        sent = Sent(b"", query=HOSTILE_QUERY)
        run.one(endpoint, scene_for(world, endpoint), sent, "hostile_query", refused=False)

    dialects = Counter(endpoint.dialect for endpoint in writes)
    fives = sum(n for status, n in run.statuses.items() if status >= 500)
    print(
        f"\nhostile corpus: {len(writes)} write endpoints ({dialects[NATIVE]} native, "
        f"{dialects[LICHESS]} lichess) x {len(CASES)} cases (those that apply) + anonymous + "
        f"a plausible body (accepted by {reached}), and {len(reads)} reads with a hostile "
        f"query: {run.requests} requests, {run.refused} that must be refused; statuses "
        f"{dict(sorted(run.statuses.items()))}; 5xx: {fives}; problems: {len(run.problems)}"
    )
    assert run.problems == [], "\n".join(sorted(run.problems))


# --- the served subset: make run's embedded configuration ------------------------------------

SERVED_SETUP = """
from datetime import timedelta
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

leader = User.objects.create_user("corpus", password="x")
team = Team.objects.create(name="Corpus", slug="corpus")
Membership.objects.create(team=team, user=leader, role="leader")
event = tournament_create(team=team, user=leader, name="Corpus Swiss", num_rounds=3,
    start_time=timezone.now() + timedelta(days=1), clock_limit_seconds=180,
    clock_increment_seconds=2, round_interval_seconds=60)
_, token = api_token_create(user=leader, name="corpus")
print(event.id, token)
"""
# Beyond the endpoints: a path no route has, and a stream's method, under make run's DEBUG
# (a stream is a plain view: Django's CSRF check answers a POST before its 405).
SERVED_PROBES = (
    ("GET", "/api/swiss/", LICHESS, {404}),
    ("GET", "/api/no-such-thing/", NATIVE, {404}),
    ("POST", "/api/stream/event", LICHESS, {403, 405}),
)


def _served_send(url: str, method: str, sent: Sent, token: str) -> Answer:
    request = urllib.request.Request(
        url + (f"?{sent.query}" if sent.query else ""),
        data=sent.body if method != "GET" else None,
        method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": sent.content_type},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return Answer(reply.status, reply.headers.get("Content-Type", ""), reply.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers.get("Content-Type", ""), error.read())


def _row_counts(database: Path) -> dict[str, int]:
    with closing(sqlite3.connect(database)) as db:
        tables = [
            name
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not name.startswith(("sqlite_", "django_session"))
        ]
        return {name: db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in tables}


def test_served_lichess_paths_refuse_what_no_parser_reads(tmp_path: Path) -> None:
    """The lichess paths (an event and a team, no game) and their reads on a served process
    with `make run`'s defaults (SQLite, DEBUG on): the `request` cases and the hostile query,
    4xx JSON in lichess's shape, no row written (SQLite's row counts before and after)."""
    env, (swiss_id, token) = embedded_setup(tmp_path, SERVED_SETUP)
    writes, reads = endpoints()
    documented = documented_statuses(schema_operations()[0])
    params = {"swiss_id": swiss_id, "team_id": "corpus"}
    lichess = [e for e in writes + reads if e.dialect == LICHESS and set(e.params) <= set(params)]
    # Terminating last: should it accept a body it must refuse, the event is gone after it.
    lichess.sort(key=lambda e: e.route.endswith("terminate"))
    target = Target(LICHESS_FORM, {}, {})
    cases = [case for case in CASES if case.level == "request"]
    problems: list[str] = []
    requests = 0
    before = _row_counts(tmp_path / "embedded.sqlite3")
    with served(env=env, log_path=tmp_path / "served.log") as server:
        for endpoint in lichess:
            reading = endpoint.method == "get"
            sents = (
                [Sent(b"", query=HOSTILE_QUERY)]
                if reading
                else [sent for case in cases if (sent := case.build(target)) is not None]
            )
            for sent in sents:
                requests += 1
                answer = _served_send(
                    server.url + endpoint.url(params), endpoint.method.upper(), sent, token
                )
                found = answer_problems(
                    endpoint,
                    answer,
                    refused=not reading,
                    documented=documented.get(str(endpoint), set()),
                )
                problems += [f"served {endpoint}: {problem}" for problem in found]
        for method, path, dialect, statuses in SERVED_PROBES:
            requests += 1
            probe = Endpoint(path.lstrip("/"), method.lower(), dialect, {}, "probe")
            answer = _served_send(server.url + path, method, Sent(b"{}"), token)
            found = answer_problems(probe, answer, refused=True, documented=set())
            if answer.status not in statuses:
                found.append(f"{answer.status}, not {statuses}")
            problems += [f"served {method} {path}: {problem}" for problem in found]
    after = _row_counts(tmp_path / "embedded.sqlite3")
    changed = sorted(table for table in after if after[table] != before.get(table))
    print(f"\nserved hostile corpus: {len(lichess)} lichess endpoints, {requests} requests")
    assert problems == [], "\n".join(problems)
    assert changed == [], "rows written by refused requests"
