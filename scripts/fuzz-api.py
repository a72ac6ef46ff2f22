"""The full-length API fuzz (issue 13): schemathesis over every operation of the served OpenAPI
schema against the real server, until at least --requests requests (default 20,000) are sent.

The server is what production runs, on PostgreSQL and Redis: `manage.py serve` (uvicorn), a
Celery worker and Celery beat, on a database, task queue and key prefix of their own (the
test settings: DEBUG off, fast password hashing). The world of tests/schema/world.py (a team
leader with an API token, running online and over-the-board events, an upcoming one) is built
first through the API and committed; then every operation gets its share of the requests,
pass after pass, with the strategies and checks of the `make test` fuzz
(tests/schema/fuzz.py): no 5xx, and every status, content type and body as documented.
Unlike the test, nothing is rolled back: each operation meets the state the ones before it
left (a cancelled event, a withdrawn player, results in).

Prints the requests, the status histogram, the 5xx count and each distinct failure (with a
curl command that reproduces it); exits 1 if there was any.
Usage: .venv/bin/python scripts/fuzz-api.py [--requests N] [--seed N]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NAME = f"fuzz_{os.getpid()}"
DB = f"arbiter_{NAME}"
LOGS = Path(f"/tmp/arbiter-{NAME}")
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
        "ARBITER_TEST_DATABASE_NAME": DB,  # the test settings then use it as it is
        "ARBITER_TEST_QUEUE": NAME,  # task queue, channel prefix and cache prefix
        "PYTHONUNBUFFERED": "1",
    }
)
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")

import django  # noqa: E402

django.setup()

import psycopg  # noqa: E402
import requests  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402

from tests.processes import LoggedProcess, free_port, start_process  # noqa: E402
from tests.schema.fuzz import CHECKS, cases, credentials, fuzzed_schema  # noqa: E402
from tests.schema.world import World, world_build  # noqa: E402

PY = str(ROOT / ".venv" / "bin" / "python")


def database(action: str) -> None:
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        if action == "create":
            c.execute(f"CREATE DATABASE {DB}")


def start_servers(port: int) -> list[LoggedProcess]:
    LOGS.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    celery = [PY, "-m", "celery", "-A", "config"]
    return [
        start_process(
            [*celery, "worker", "-Q", NAME, "-P", "solo", "-c", "1", "-n", f"{NAME}@%h"],
            env=env,
            log_path=LOGS / "worker.log",
        ),
        start_process(
            [*celery, "beat", "-s", str(LOGS / "beat-schedule")],
            env=env,
            log_path=LOGS / "beat.log",
        ),
        start_process(
            [PY, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            log_path=LOGS / "web.log",
        ),
    ]


def wait_until_healthy(base_url: str, processes: list[LoggedProcess]) -> None:
    """Health answers 200 once the web process serves and worker and beat have reported."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if not all(p.alive() for p in processes):
            raise SystemExit(
                "a server process stopped:\n" + "\n".join(p.log_tail() for p in processes)
            )
        try:
            with urllib.request.urlopen(f"{base_url}/api/health/", timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    raise SystemExit("the server did not become healthy in 120 s")


class Tally:
    def __init__(self) -> None:
        self.statuses: Counter[int] = Counter()
        self.failures: dict[tuple[str, str], str] = {}  # (operation, failure) -> curl
        self.failure_count: Counter[tuple[str, str]] = Counter()

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())


def fuzz_operation(
    operation: Any, world: World, base_url: str, examples: int, seed: int, tally: Tally
) -> None:
    session = requests.Session()

    @hypothesis_seed(seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases(operation), auth=credentials(world))
    def run(case: Any, auth: dict[str, str]) -> None:
        response = case.call(base_url=base_url, session=session, headers=auth, timeout=60)
        tally.statuses[response.status_code] += 1
        try:
            case.validate_response(response, checks=CHECKS, headers=auth)
        except Exception as failed:  # recorded, not raised: the run goes on to the end
            for failure in getattr(failed, "exceptions", [failed]):
                key = (operation.label, getattr(failure, "title", type(failure).__name__))
                tally.failure_count[key] += 1
                tally.failures.setdefault(key, case.as_curl_command(headers=auth))

    run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()

    database("create")
    processes: list[LoggedProcess] = []
    try:
        call_command("migrate", verbosity=0)
        world = world_build()
        connections.close_all()
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        processes = start_servers(port)
        wait_until_healthy(base_url, processes)

        schema = fuzzed_schema({"world": world})
        operations = [result.ok() for result in schema.get_all_operations()]
        tally = Tally()
        started = time.monotonic()
        passes = 0
        # Hypothesis stops early on an operation with few distinct requests (no parameters):
        # passes with other seeds go on until the target is reached.
        while tally.requests < args.requests:
            share = math.ceil((args.requests - tally.requests) / len(operations))
            for operation in operations:
                seed = args.seed + passes
                fuzz_operation(operation, world, base_url, max(share, 1), seed, tally)
            passes += 1
            print(f"pass {passes}: {tally.requests} requests so far", flush=True)
        elapsed = time.monotonic() - started
    finally:
        for process in processes:
            process.stop()
        connections.close_all()
        database("drop")

    server_errors = sum(n for status, n in tally.statuses.items() if status >= 500)
    documented_503 = tally.statuses.get(503, 0)
    print(f"\n{tally.requests} requests to {len(operations)} operations in {elapsed:.0f} s")
    print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items())))
    print(f"5xx answers: {server_errors} (503, which health documents: {documented_503})")
    failing = sum(tally.failure_count.values())
    print(f"distinct failures: {len(tally.failures)}, failing requests: {failing}")
    for (label, title), curl in sorted(tally.failures.items()):
        print(f"- {label}: {title} ({tally.failure_count[label, title]}x)\n    {curl}")
    print(f"server logs: {LOGS}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
