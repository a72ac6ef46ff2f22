"""Production settings under load: do the processes stay within PostgreSQL's connections?

Starts what docker-compose runs, on `config.settings.production` (the psycopg pool,
`CONN_MAX_AGE` 0): `manage.py serve --workers 4`, a Celery worker (prefork, `--concurrency`)
and Celery beat, on a database and a Redis database of their own. Seeds a team, a running
Swiss event (round 4 of 9 being played) and the users below, then runs 200 concurrent HTTP
clients for 60 s (arriving over the first 5 s), each on its own kept-alive connection, sending
what a TLS proxy would pass on (`X-Forwarded-Proto: https`):
- readers: event detail, standings, rounds, round detail (anonymous);
- entrants (team members with API tokens): join, then withdraw and rejoin in turn;
- players: report their board's result (a first report writes, a repeat is accepted as is);
- leaders' clients: correct results on other boards (each correction writes and recomputes
  the standings). One board is never reported, so the round stays open and the set of boards
  stays the same.
`pg_stat_activity` is sampled every 0.5 s. Prints the requests, the status histogram, the 5xx
count, the peak connection count against `max_connections`, and PASS/FAIL lines.
Shorter or smaller: --seconds, --clients.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_prod"
REDIS_URL = "redis://127.0.0.1:6379/3"  # a Redis database of its own, emptied at the start
LOG = "/tmp/bench-prod-load.log"
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "DJANGO_SECRET_KEY": "bench-only-" + "k" * 50,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
    "REDIS_URL": REDIS_URL,
    "ARBITER_CHANNEL_PREFIX": "bench-prod",  # pub/sub ignores the database number
}
os.environ.update(PRODUCTION_ENV)
# Settings are read when the processes start: theirs keep the pool (the production default);
# this process only seeds, on one plain connection it closes before the load.
SERVER_ENV = dict(os.environ)
os.environ["DATABASE_POOL_SIZE"] = "0"

import django  # noqa: E402
import psycopg  # noqa: E402
import redis  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402

from tests.processes import free_port, stop_group  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]
ENTRANTS = 30
REPORTERS = 15  # players' clients, one board each; leaders' clients take the boards after
# A client's loop: requests one after another while `running()` says so.
Loop = Callable[[Callable[[], bool]], None]


@dataclass
class Tally:
    """What every client saw: statuses, transport errors, latencies per kind of request."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter[str] = field(default_factory=Counter)
    latencies: dict[str, list[float]] = field(default_factory=dict)

    def add(self, kind: str, status: str, seconds: float) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.latencies.setdefault(kind, []).append(seconds)


class Client:
    """One HTTP/1.1 connection, kept alive, one request in flight (as a browser tab)."""

    def __init__(self, port: int, token: str | None, tally: Tally) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"X-Forwarded-Proto": "https", "Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        self.tally = tally

    def send(self, kind: str, method: str, path: str, body: dict[str, Any] | None = None) -> str:
        payload = None if body is None else json.dumps(body)
        started = time.monotonic()
        status = "error"
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, payload, self.headers)
                reply = self.connection.getresponse()
                reply.read()
                status = str(reply.status)
                break
            except (http.client.HTTPException, OSError) as exc:
                self.connection.close()  # reconnect once: the server may close a connection
                status = f"error: {type(exc).__name__}"
                if attempt == 2:
                    break
        self.tally.add(kind, status, time.monotonic() - started)
        return status


@dataclass
class Sampler:
    """`pg_stat_activity` every 0.5 s on one connection of its own (counted in the total).
    Each process started here names its connections (PGAPPNAME), so the bench database's
    connections are also counted per kind of process."""

    database: str
    total: list[int] = field(default_factory=list)
    ours: list[int] = field(default_factory=list)
    peak_by_process: Counter[str] = field(default_factory=Counter)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
            while not self.stop.wait(0.5):
                rows = c.execute(
                    "SELECT datname = %s, application_name, count(*) FROM pg_stat_activity "
                    "GROUP BY 1, 2",
                    [self.database],
                ).fetchall()
                self.total.append(sum(n for _, _, n in rows))
                self.ours.append(sum(n for ours, _, n in rows if ours))
                for ours, name, n in rows:
                    if ours:
                        self.peak_by_process[name] = max(self.peak_by_process[name], n)


def max_connections() -> int:
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres") as c:
        row = c.execute("SHOW max_connections").fetchone()
        assert row is not None
        return int(row[0])


@dataclass
class Seeded:
    event_id: int
    round_number: int
    leader_token: str
    entrant_tokens: list[str]
    reporters: list[tuple[str, int, str]]  # token, board id, the result that player reports
    corrected_boards: list[int]


def seed(players: int) -> Seeded:
    """The event of the live bench (benchmarks/swiss_fixture.py), team members to join it, and
    API tokens for everyone who writes."""
    from arbiter.teams.models import Membership
    from arbiter.tournaments.models import SwissPairing
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=players, rounds_done=3, total_rounds=9)
    round_number = event.current_round
    entrants = User.objects.bulk_create(User(username=f"entrant{i:03d}") for i in range(ENTRANTS))
    Membership.objects.bulk_create(
        Membership(team=event.team, user=u, role=Membership.Role.MEMBER) for u in entrants
    )
    boards = list(
        SwissPairing.objects.filter(round__tournament=event, round__number=round_number)
        .select_related("white__user")
        .order_by("board")
    )
    open_boards = boards[:-1]  # the last board stays without a result: the round stays open
    reporters = []
    for i, b in enumerate(open_boards[:REPORTERS]):
        white = b.white.user
        assert white is not None, "the bench seeds account holders only"
        reporters.append((api_token_create(user=white, name="bench")[1], b.id, RESULTS[i % 3]))
    return Seeded(
        event_id=event.id,
        round_number=round_number,
        leader_token=api_token_create(user=leader, name="bench")[1],
        entrant_tokens=[api_token_create(user=u, name="bench")[1] for u in entrants],
        reporters=reporters,
        corrected_boards=[b.id for b in open_boards[REPORTERS:]],
    )


def client_loops(port: int, seeded: Seeded, clients: int, tally: Tally) -> list[Loop]:
    """One loop per client: a tenth are entrants, a tenth report or correct results (half
    players, half leaders), the rest read. Each loop sends one request after another."""
    base = f"/api/tournaments/swiss/{seeded.event_id}"
    reads = [
        ("event detail", f"{base}/"),
        ("standings", f"{base}/standings/"),
        ("rounds", f"{base}/rounds/"),
        ("round detail", f"{base}/rounds/{seeded.round_number}/"),
    ]
    writers = max(2, clients // 10)

    def reader(k: int) -> Loop:
        def loop(running: Callable[[], bool]) -> None:
            client, n = Client(port, None, tally), k
            while running():
                kind, path = reads[n % len(reads)]
                client.send(kind, "GET", path)
                n += 1

        return loop

    def entrant(token: str) -> Loop:
        def loop(running: Callable[[], bool]) -> None:
            client = Client(port, token, tally)
            if running():
                client.send("join", "POST", f"{base}/join/", {})
            n = 0
            while running():
                action = ("withdraw", "rejoin")[n % 2]
                client.send(action, "POST", f"{base}/{action}/")
                n += 1

        return loop

    def reporter(token: str, board: int, result: str) -> Loop:
        def loop(running: Callable[[], bool]) -> None:
            client = Client(port, token, tally)
            while running():
                path = f"{base}/pairings/{board}/result/"
                client.send("result (player)", "POST", path, {"result": result})

        return loop

    def corrector(boards: list[int]) -> Loop:
        def loop(running: Callable[[], bool]) -> None:
            client, n = Client(port, seeded.leader_token, tally), 0
            while running():
                path = f"{base}/pairings/{boards[n % len(boards)]}/result/"
                client.send("result (leader)", "POST", path, {"result": RESULTS[n % 3]})
                n += 1

        return loop

    loops: list[Loop] = [entrant(t) for t in seeded.entrant_tokens[:writers]]
    loops += [reporter(*r) for r in seeded.reporters[: writers // 2]]
    correctors = writers - writers // 2
    loops += [corrector(seeded.corrected_boards[k::correctors]) for k in range(correctors)]
    loops += [reader(k) for k in range(clients - len(loops))]
    random.Random(1).shuffle(loops)  # the ramp brings in readers and writers alike
    return loops


def start(name: str, command: list[str], logs: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**SERVER_ENV, "PGAPPNAME": name},  # libpq names the process's connections
        start_new_session=True,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )


def wait_until_served(port: int, workers: int) -> None:
    deadline = time.monotonic() + 60
    while Path(LOG).read_text().count("Started server process") < workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{workers} web processes did not start: see {LOG}")
        time.sleep(0.2)
    while True:
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            probe.request("GET", "/api/health/", headers={"X-Forwarded-Proto": "https"})
            if probe.getresponse().status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the web server does not answer: see {LOG}")
        time.sleep(0.2)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(tally: Tally, sampler: Sampler, seconds: float, budget: str, limit: int) -> bool:
    requests = sum(tally.statuses.values())
    errors_5xx = sum(n for s, n in tally.statuses.items() if s.startswith("5"))
    failed = sum(n for s, n in tally.statuses.items() if s.startswith("error"))
    print(f"requests: {requests} in {seconds:.1f} s = {requests / seconds:.0f}/s")
    print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items())))
    for kind, values in sorted(tally.latencies.items()):
        print(
            f"  {kind}: {len(values)} requests, p50 {statistics.median(values) * 1000:.0f} ms, "
            f"p95 {percentile(values, 0.95) * 1000:.0f} ms"
        )
    peak, peak_ours = max(sampler.total, default=0), max(sampler.ours, default=0)
    print(
        f"PostgreSQL connections (pg_stat_activity, {len(sampler.total)} samples every 0.5 s): "
        f"peak {peak} in all (peak {peak_ours} on the bench database; budget {budget}), "
        f"max_connections {limit}"
    )
    by_process = sampler.peak_by_process.items()
    print("  peak per kind of process: " + ", ".join(f"{n or '?'} {c}" for n, c in by_process))
    within = 0 < peak < limit
    print(f"5xx responses: {errors_5xx} {'PASS' if errors_5xx == 0 else 'FAIL'}")
    print(f"failed requests (no HTTP answer): {failed} {'PASS' if failed == 0 else 'FAIL'}")
    print(f"peak connections {peak} < max_connections {limit}: {'PASS' if within else 'FAIL'}")
    return errors_5xx == 0 and failed == 0 and within


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=200)
    # Clients arrive over the first seconds, as real ones do: 200 at the same instant (20
    # joins among them, each recomputing the standings under the event's lock) is a burst no
    # site sees, and it measures the burst rather than the production settings.
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds until all clients run")
    # The burst that no site sees, but a server must survive: every client's first request at
    # the same instant (writes to one event wait in arbiter.common.write_gate).
    parser.add_argument(
        "--all-at-once", action="store_true", help="start every client at the same instant"
    )
    parser.add_argument("--workers", type=int, default=4, help="web processes")
    parser.add_argument("--concurrency", type=int, default=4, help="Celery worker processes")
    parser.add_argument("--players", type=int, default=64)
    args = parser.parse_args()
    if args.all_at_once:
        args.ramp = 0.0

    recreate_database(DB)
    redis.Redis.from_url(REDIS_URL).flushdb()
    django.setup()
    from django.db import connections

    seeded = seed(args.players)
    connections.close_all()
    limit = max_connections()
    pool = int(SERVER_ENV.get("DATABASE_POOL_SIZE", "10"))
    budget = (
        f"{args.workers} web × pool {pool} + {args.concurrency} Celery = "
        f"{args.workers * pool + args.concurrency}"
    )

    logs = open(LOG, "w")  # noqa: SIM115 (closed at the end)
    port = free_port()
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    quiet = ["-l", "warning"]
    serve = ["manage.py", "serve", "--port", str(port), "--workers", str(args.workers)]
    processes = [
        start("web", [sys.executable, *serve], logs),
        start("celery worker", [*celery, "worker", "-c", str(args.concurrency), *quiet], logs),
        start("celery beat", [*celery, "beat", "-s", "/tmp/bench-prod-beat", *quiet], logs),
    ]
    sampler = Sampler(DB)
    tally = Tally()
    try:
        wait_until_served(port, args.workers)
        arrival = "all at once" if args.all_at_once else f"arriving over {args.ramp:.0f} s"
        print(
            f"{args.clients} clients ({arrival}) for {args.seconds:.0f} s "
            f"against {args.workers} web "
            f"processes, Celery worker (concurrency {args.concurrency}) and beat, on "
            "config.settings.production"
        )
        threading.Thread(target=sampler.run, daemon=True).start()
        deadline = time.monotonic() + args.seconds

        def running() -> bool:
            return time.monotonic() < deadline

        loops = client_loops(port, seeded, args.clients, tally)
        together = threading.Barrier(len(loops))
        started = time.monotonic()

        def arrive(k: int, loop: Loop) -> None:
            if args.all_at_once:
                together.wait()
            else:
                time.sleep(k * args.ramp / len(loops))
            loop(running)

        with ThreadPoolExecutor(len(loops)) as threads:
            for future in [threads.submit(arrive, k, loop) for k, loop in enumerate(loops)]:
                future.result()
        elapsed = time.monotonic() - started
        sampler.stop.set()
        ok = report(tally, sampler, elapsed, budget, limit)
    finally:
        sampler.stop.set()
        for process in processes:
            stop_group(process)
        logs.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
