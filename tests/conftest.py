"""Suite-wide fixtures. The suite needs real PostgreSQL and Redis: it stops loudly without them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

# Property tests judge correctness, not speed: a wall-clock deadline per example fails at
# random on a loaded 2-core machine (speed targets live in `make bench`).
hypothesis_settings.register_profile("arbiter", deadline=None)
hypothesis_settings.load_profile("arbiter")

# The rule engines' tests (pairing, tie-breaks, TRF, the checker, the import layers) and the
# apps' rules tested on plain values (Glicko-2, what is rated, a game's rules, which paths the
# write gate holds): no database, no Redis. `pytest -m pure` runs them without either.
PURE_DIRS = ("checker", "pairing", "ratingreport", "tiebreaks", "trf")
PURE_FILES = (
    "test_architecture.py",
    "test_permissions_one_place.py",
    "ratings/test_glicko2.py",
    "ratings/test_what_is_rated.py",
    "games/test_rules.py",
    "common/test_write_gate_paths.py",
    "tournaments/rules/test_prizes.py",
    "tournaments/rules/test_board_results.py",
    "differential/test_team_differential.py",
    "exports/test_formats.py",
    "test_openapi_diff.py",
)
# Tests that run the pairing engines or FIDE's tools (gacrux, bbpPairings, py4swiss) as
# programs: no services either, but minutes, not seconds; `-m reference` selects them.
REFERENCE_FILES = {
    "checker/test_checker.py",
    "checker/test_public_samples.py",
    "checker/test_team_checker.py",
    "pairing/test_acceleration.py",
    "pairing/test_cli.py",
    "pairing/test_colours.py",
    "pairing/test_engine_versions.py",
    "pairing/test_events.py",
    "pairing/test_failures.py",
    "pairing/test_fallback.py",
    "pairing/test_forbidden.py",
    "pairing/test_limits_follow_the_field.py",
    "pairing/test_trf_request.py",
    "pairing/test_warm_engine.py",
    "pairing/team/test_pair_team_round.py",
    "tiebreaks/test_aro_cuts.py",
    "tiebreaks/test_bye_then_forfeit.py",
    "tiebreaks/test_cli.py",
    "tiebreaks/test_gacrux_differential.py",
    "differential/test_team_differential.py",
    "trf/test_trf_gacrux.py",
    "trf/test_team_trf_gacrux.py",
    "trf/test_trf_public_samples.py",
}
# Fixtures that reach PostgreSQL or Redis; a test using one is never pure.
SERVICE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server", "client_for"}
# The longest tests (10-55 s each on two cores, most of it waiting on the processes they
# start), longest first: each pytest-xdist process starts with its share of them
# (`_long_tests_first`). In collection order (pytest-django's: database tests, transactional
# tests, then the others) most came last, and one process still ran them, at a fraction of a
# core, after the others had finished. A test missing here is only scheduled less well.
LONG_TESTS = (
    "demo/test_seed_demo_served.py",
    "ops/test_redis_outage.py",
    "lichess/test_berserk_event.py",
    "lichess/board/test_many_streams.py",
    "differential/test_gacrux_differential.py::test_our_path_equals_gacrux_on_seeded_tournaments",
    "ops/test_worker_and_beat_killed.py",
    "games/test_end_to_end.py",
    "tournaments/live/test_embedded_concurrency.py",
    "tournaments/live/test_one_engine_per_event.py",
    "tournaments/live/test_rounds_by_themselves.py",
    "tournaments/live/test_worker_killed.py",
    "demo/test_seed_demo.py",
    "pairing/test_events.py::test_a_301_player_11_round_event",
    "tournaments/live/test_embedded_mode.py",
    "tournaments/apis/test_full_event.py",
    "ops/test_cross_node.py",
    "ops/test_pgbouncer.py",
    "ops/test_topology_script.py",
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "services: needs PostgreSQL and Redis")
    config.addinivalue_line(
        "markers", "pure: a rule-engine test that needs neither PostgreSQL nor Redis (-m pure)"
    )
    config.addinivalue_line(
        "markers", "reference: runs the pairing engines or FIDE's tools as programs, no services"
    )


def _no_services(item: pytest.Item) -> str | None:
    """ "pure" or "reference" for a test that needs no service, else None."""
    parts = item.path.relative_to(item.config.rootpath / "tests").parts
    where = parts[0] in PURE_DIRS or "/".join(parts) in PURE_FILES
    uses_services = item.get_closest_marker("django_db") is not None or bool(
        SERVICE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )
    if not where or uses_services:
        return None
    return "reference" if "/".join(parts) in REFERENCE_FILES else "pure"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        kind = _no_services(item)
        if kind:
            item.add_marker(getattr(pytest.mark, kind))
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    items[:] = _long_tests_first(items, workers)


def _long_rank(item: pytest.Item) -> int | None:
    for rank, prefix in enumerate(LONG_TESTS):
        if item.nodeid.startswith("tests/" + prefix):
            return rank
    return None


def _long_tests_first(items: list[pytest.Item], shares: int) -> list[pytest.Item]:
    """The same items, LONG_TESTS dealt in turn to the head of each of `shares` shares.

    pytest-xdist's worksteal (make test) first hands each of its n processes one share, in
    collection order: the next `len(left) // processes_left` items; an idle process later
    takes from the end of another's. Each share then starts with its long tests, which wait
    on their processes while the short ones keep the cores busy. Every process collects the
    same items and knows `shares`, so all of them order alike, as pytest-xdist requires."""
    ranks = {id(item): _long_rank(item) for item in items}
    long = sorted((i for i in items if ranks[id(i)] is not None), key=lambda i: ranks[id(i)])
    rest = iter([item for item in items if ranks[id(item)] is None])
    ordered: list[pytest.Item] = []
    left = len(items)
    for share in range(shares):
        size = left // (shares - share)
        left -= size
        mine = long[share::shares]
        ordered += mine + list(islice(rest, max(0, size - len(mine))))
    return ordered + list(rest)


@pytest.fixture(scope="session", autouse=True)
def _real_services_required(
    request: pytest.FixtureRequest, django_db_blocker: Any
) -> Iterator[None]:
    """Fail the whole run if PostgreSQL or Redis is unreachable: never fall back silently.
    A run of tests that need neither (`-m pure`, `-m reference`) does not check."""
    if all(_no_services(item) for item in request.session.items):
        yield
        return
    import redis
    from django.conf import settings
    from django.db import connection

    problems = []
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        problems.append(f"database engine is {settings.DATABASES['default']['ENGINE']}")
    else:
        with django_db_blocker.unblock():
            try:
                connection.ensure_connection()
            except Exception as exc:
                problems.append(f"PostgreSQL unreachable: {exc}")
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        problems.append(f"Redis unreachable at {settings.REDIS_URL!r}: {exc}")
    if problems:
        pytest.exit("Real services required: " + "; ".join(problems), returncode=3)
    yield
    # Tasks left in this run's private queue (no worker consumed them) are dropped.
    redis.Redis.from_url(settings.REDIS_URL).delete(settings.CELERY_TASK_DEFAULT_QUEUE)


@pytest.fixture(scope="session", autouse=True)
def _static_files_found_once() -> Iterator[None]:
    """Django's test client loads the middleware afresh for each client, and WhiteNoise's then
    lists, stats and builds the headers of every static file the finders know (about 200) each
    time: in tests/tournaments/apis and tests/teams alone 1,440 times, 24 s of CPU, a third
    of theirs. What it finds depends only on the settings and on the files (the suite changes
    neither but through override_settings): found once, then reused until a setting changes.
    A served process (`manage.py serve`) lists them once when it starts, as before."""
    from django.core.signals import setting_changed
    from whitenoise.middleware import WhiteNoiseMiddleware

    scan = WhiteNoiseMiddleware.add_files_from_finders
    found: dict[str, Any] = {}

    def add_files_from_finders(self: WhiteNoiseMiddleware) -> None:
        if found:
            self.files.update(found)
            return
        before = dict(self.files)
        scan(self)
        found.update({url: file for url, file in self.files.items() if before.get(url) is not file})

    def forget(**kwargs: Any) -> None:
        found.clear()

    setting_changed.connect(forget, weak=False, dispatch_uid="tests._static_files_found_once")
    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders
    yield
    WhiteNoiseMiddleware.add_files_from_finders = scan
    setting_changed.disconnect(dispatch_uid="tests._static_files_found_once")


def _own_cache_keys_deleted() -> None:
    """Deletes this run's keys from the shared cache (Redis database 1), no one else's."""
    import redis
    from django.conf import settings

    config = settings.CACHES["default"]
    client = redis.Redis.from_url(config["LOCATION"])
    keys = list(client.scan_iter(match=f"{config['KEY_PREFIX']}:*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture(scope="session", autouse=True)
def _cache_clear_is_this_runs() -> Iterator[None]:
    """`cache.clear()` empties the whole Redis database, which every pytest-xdist process
    (each under a key prefix of its own) and the servers they start share: two throttle tests
    that called it wiped another process's live-push marks in the middle of its test, which
    then failed (`assert None == 1` in test_live_push_caught_up.py). In the suite it deletes
    this process's keys only, as `_fresh_cache` does before each test."""
    from django.core.cache.backends.redis import RedisCache

    clear = RedisCache.clear
    RedisCache.clear = lambda self: _own_cache_keys_deleted()
    yield
    RedisCache.clear = clear


@pytest.fixture(autouse=True)
def _fresh_cache(request: pytest.FixtureRequest) -> None:
    """Throttle counters and live-push state live in the cache; every test starts with none.
    Only this run's keys go (`_own_cache_keys_deleted`): the Redis database is shared by the
    test runs started in parallel, each under a key prefix of its own."""
    if _no_services(request.node):
        return
    _own_cache_keys_deleted()


@pytest.fixture
def api_client() -> Any:
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def client_for() -> Callable[[Any], Any]:
    """An API client authenticated as the given user (session login, CSRF not enforced)."""
    from rest_framework.test import APIClient

    def make(user: Any) -> Any:
        client = APIClient()
        client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def ci_mode() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def pytest_unconfigure(config: pytest.Config) -> None:
    """config.asgi, imported by some tests, installs the server's collector pause log; at the
    end pytest has closed the streams its lines would go to."""
    from config.collector import pause_watch_remove

    pause_watch_remove()
