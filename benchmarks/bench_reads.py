"""Public reads of a big event on the production topology, against the cheapest view (issue 38).

Starts what docker-compose runs, on `config.settings.production` (the psycopg pool): `manage.py
serve --workers 2`, a Celery worker and beat, on a PostgreSQL database, a Redis database and a
channel prefix of their own. Seeds a 1,000-player individual Swiss event in round 5 (rounds 1-4
complete, round 5 paired with half its boards' results in), then loads it with wrk:

1. throughput at 200 connections (`wrk -t2 -c200`) of the liveness view `GET /api/health/live/`
   (no query, no cache: the cheapest Django view, the baseline), the event detail, the first
   page of the standings, round 5's pairings and lichess's `GET /api/swiss/{id}`; each read
   must reach 0.5x the liveness view's requests/s of the same run;
2. p99 latency at 10 connections of each (target <= 250 ms);
3. with 20 leader result corrections per second posted through the REST API on a fixed
   schedule (round 5's boards that have a result; the others keep the round open): standings
   p99 at 10 connections (target <= 400 ms) and staleness. A poller reads the event detail's
   `standings_version` (and the standings page's `Arbiter-Version` header when it has one)
   every 100 ms; the version a write produced is its board's `result_version`, read from the
   database right after the write is acknowledged. Staleness of a write = when the first poll
   showing that version (or a later one) came back, minus the acknowledgement (target max
   <= 2 s); a read is also stale if it misses a write acknowledged before it was sent.

Every request that answers 5xx is counted, in every phase (target: 0). wrk counts statuses
with a small Lua script (`--if-none-match`: each wrk thread sends back the last ETag it got,
as a browser revalidating would). Exits 0 whatever the figures: PASS/FAIL lines say.
Shorter: --seconds (each wrk run), --write-seconds, --quick (a short check that it works).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from queue import Queue
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_reads"
REDIS_URL = "redis://127.0.0.1:6379/4"  # a Redis database of its own, emptied at the start
LOG = "/tmp/bench-reads.log"
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "DJANGO_SECRET_KEY": "bench-only-" + "r" * 50,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
    "REDIS_URL": REDIS_URL,
    "ARBITER_CHANNEL_PREFIX": "bench-reads",  # pub/sub ignores the database number
}
os.environ.update(PRODUCTION_ENV)
# The servers keep the pool (the production default); this process only seeds, on one plain
# connection it closes before the load.
SERVER_ENV = dict(os.environ)
os.environ["DATABASE_POOL_SIZE"] = "0"

import django  # noqa: E402
import psycopg  # noqa: E402
import redis  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402

from tests.processes import free_port, stop_group  # noqa: E402

PLAYERS = 1000
ROUNDS_DONE = 4  # round 5 is being played
TOTAL_ROUNDS = 9
RESULTS = ["1-0", "0-1", "1/2-1/2"]
HEADERS = {"X-Forwarded-Proto": "https"}  # what a TLS proxy passes on (production redirects)
THROUGHPUT_RATIO = 0.5
P99_TARGET = 0.250
P99_UNDER_WRITES_TARGET = 0.400
STALENESS_TARGET = 2.0
POLL_SECONDS = 0.1
WRITE_RATE = 20.0
# Leader clients taking the scheduled writes: enough that the schedule holds while a write
# takes a second (a slow write delays no other, as with many leaders and players).
WRITERS = 32

# Counts every status per wrk thread; `done` adds the threads up and prints one JSON line.
WRK_SCRIPT = r"""
wrk.headers["X-Forwarded-Proto"] = "https"
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  counts = {}
  revalidate = args[1] == "etag"
  etag = nil
end
function request()
  if revalidate and etag then
    wrk.headers["If-None-Match"] = etag
  end
  return wrk.format()
end
function response(status, headers, body)
  local key = tostring(status)
  counts[key] = (counts[key] or 0) + 1
  if revalidate then
    for name, value in pairs(headers) do
      if string.lower(name) == "etag" then etag = value end
    end
  end
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local c = thread:get("counts")
    if c then
      for k, v in pairs(c) do total[k] = (total[k] or 0) + v end
    end
  end
  local parts = {}
  for k, v in pairs(total) do table.insert(parts, string.format('"%s": %d', k, v)) end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests": %d, "duration_us": %d, "bytes": %d, ' ..
    '"connect": %d, "read": %d, "write": %d, "status_errors": %d, "timeout": %d, ' ..
    '"p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, "statuses": {%s}}\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    table.concat(parts, ", ")))
end
"""


# --- the machine and wrk ----------------------------------------------------------------------


def machine_info() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        memory = Path("/proc/meminfo").read_text().splitlines()[0].split()[1]
        gib = f"{int(memory) / 1024 / 1024:.1f} GiB"
    except OSError:
        gib = "?"
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    return f"{os.cpu_count()} CPUs ({model}), {gib} RAM, {platform.platform()}; loadavg {load}"


def wrk_path() -> str | None:
    """wrk, installed from Debian's package if missing (as scripts/services.sh installs the
    services: apt-get, never a downloaded binary)."""
    found = shutil.which("wrk")
    if found or os.geteuid() != 0 or not shutil.which("apt-get"):
        return found
    print("wrk is missing: apt-get install wrk")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "install", "-y", "-qq", "wrk"], ["apt-get", "update", "-qq"]):
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=False)
        if shutil.which("wrk"):
            return shutil.which("wrk")
    subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], env=env, check=False)
    return shutil.which("wrk")


@dataclass
class WrkRun:
    label: str
    connections: int
    requests: int = 0
    seconds: float = 0.0
    p50: float = 0.0
    p99: float = 0.0
    max: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)
    socket_errors: dict[str, int] = field(default_factory=dict)
    failed: str = ""  # wrk did not run or said nothing we could read

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    @property
    def errors_5xx(self) -> int:
        return sum(n for s, n in self.statuses.items() if s.startswith("5"))

    @property
    def not_ok(self) -> int:
        """Answers other than 2xx/3xx, and requests without an answer (timeouts, resets)."""
        bad = sum(n for s, n in self.statuses.items() if not s.startswith(("2", "3")))
        return bad + sum(self.socket_errors.values())

    def line(self) -> str:
        if self.failed:
            return f"  {self.label} ({self.connections} conn): wrk failed: {self.failed}"
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items()))
        socket = ", ".join(f"{k} {n}" for k, n in self.socket_errors.items() if n)
        return (
            f"  {self.label} ({self.connections} conn): {self.rate:.0f} req/s, "
            f"p50 {self.p50 * 1000:.0f} ms, p99 {self.p99 * 1000:.0f} ms, "
            f"max {self.max * 1000:.0f} ms; statuses {statuses or 'none'}"
            + (f"; socket errors: {socket}" if socket else "")
        )


def wrk(
    binary: str | None,
    script: str,
    url: str,
    label: str,
    *,
    connections: int,
    seconds: float,
    etag: bool,
) -> WrkRun:
    run = WrkRun(label, connections)
    if binary is None:
        run.failed = "wrk is not installed (apt-get install wrk)"
        return run
    command = [
        binary,
        f"-t{min(2, connections)}",
        f"-c{connections}",
        f"-d{max(1, round(seconds))}s",
        "--timeout",
        "30s",  # a slow answer is measured, not dropped as a timeout (wrk's default is 2 s)
        "-s",
        script,
        url,
    ]
    if etag:
        command += ["--", "etag"]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=seconds + 90, check=False
        )
    except subprocess.TimeoutExpired:
        run.failed = "wrk did not finish"
        return run
    line = next((ln for ln in done.stdout.splitlines() if ln.startswith("WRK_RESULT ")), None)
    if line is None:
        run.failed = f"exit {done.returncode}: {(done.stderr or done.stdout).strip()[-300:]}"
        return run
    data = json.loads(line.removeprefix("WRK_RESULT "))
    run.requests = int(data["requests"])
    run.seconds = data["duration_us"] / 1e6
    run.p50, run.p99, run.max = (data[k] / 1e6 for k in ("p50_us", "p99_us", "max_us"))
    run.statuses = Counter({str(k): int(v) for k, v in data["statuses"].items()})
    run.socket_errors = {k: int(data[k]) for k in ("connect", "read", "write", "timeout")}
    return run


# --- seeding ------------------------------------------------------------------------------------


@dataclass
class Seeded:
    event_id: int
    leader_token: str
    boards: dict[int, str]  # round 5's boards with a result: id -> result
    open_boards: int
    pairing_table: str


def seed() -> Seeded:
    """The fixture of the live benchmarks (bulk writes, random rematch-free pairings) at 1,000
    players, then half of round 5's boards given a result and the standings stored again."""
    from arbiter.tournaments.models import SwissPairing
    from arbiter.tournaments.services.standings import standings_store
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=PLAYERS, rounds_done=ROUNDS_DONE, total_rounds=TOTAL_ROUNDS)
    boards = list(
        SwissPairing.objects.filter(round__tournament=event, round__number=ROUNDS_DONE + 1)
        .order_by("board")
        .only("id", "result")
    )
    decided = boards[: len(boards) // 2]
    for k, board in enumerate(decided):
        board.result = RESULTS[k % 3]
    SwissPairing.objects.bulk_update(decided, ["result"], batch_size=500)
    standings_store(tournament=event)
    return Seeded(
        event_id=event.id,
        leader_token=api_token_create(user=leader, name="bench")[1],
        boards={b.id: b.result for b in decided},
        open_boards=len(boards) - len(decided),
        pairing_table=SwissPairing._meta.db_table,
    )


# --- processes ------------------------------------------------------------------------------


def start(name: str, command: list[str], logs: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**SERVER_ENV, "PGAPPNAME": name},
        start_new_session=True,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )


def wait_until_served(port: int, workers: int) -> None:
    deadline = time.monotonic() + 90
    while Path(LOG).read_text().count("Started server process") < workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{workers} web processes did not start: see {LOG}")
        time.sleep(0.2)
    while True:
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            probe.request("GET", "/api/health/live/", headers=HEADERS)
            if probe.getresponse().status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the web server does not answer: see {LOG}")
        time.sleep(0.2)


def log_problems() -> tuple[int, int]:
    """Tracebacks and ERROR lines the processes logged."""
    text = Path(LOG).read_text(errors="replace")
    return text.count("Traceback (most recent call last)"), text.count(" ERROR ")


# --- writes and staleness ---------------------------------------------------------------------


class Connection:
    """One kept-alive HTTP/1.1 connection, one request in flight."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {**HEADERS, "Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def send(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[str, dict[str, str], bytes]:
        payload = None if body is None else json.dumps(body)
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, payload, self.headers)
                reply = self.connection.getresponse()
                content = reply.read()
                return str(reply.status), {k.lower(): v for k, v in reply.getheaders()}, content
            except (http.client.HTTPException, OSError) as exc:
                self.connection.close()  # reconnect once: the server may close a connection
                if attempt == 2:
                    return f"error: {type(exc).__name__}", {}, b""
        raise AssertionError("unreachable")


@dataclass
class Write:
    board: int
    due: float
    sent: float = 0.0
    acked: float = 0.0
    status: str = ""
    version: int | None = None


@dataclass
class Poll:
    sent: float
    received: float
    version: int | None
    status: str


class Writer:
    """Leader corrections on round 5's decided boards, 20 per second on a fixed schedule (the
    k-th is due at start + k/20, whoever is free takes it: a slow write delays no other). Each
    correction changes its board's result, so each writes and bumps the standings version; the
    version it produced is its board's `result_version`, read from the database once the write
    is acknowledged."""

    def __init__(self, port: int, seeded: Seeded, rate: float) -> None:
        self.port, self.seeded, self.rate = port, seeded, rate
        self.current = dict(seeded.boards)
        self.order = list(seeded.boards)
        self.queue: Queue[Write | None] = Queue()
        self.writes: list[Write] = []
        self.lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        self.closing: list[psycopg.Connection[Any]] = []

    def next_result(self, board: int) -> str:
        result = RESULTS[(RESULTS.index(self.current[board]) + 1) % 3]
        self.current[board] = result
        return result

    def work(self, database: psycopg.Connection[Any]) -> None:
        base = f"/api/tournaments/swiss/{self.seeded.event_id}/pairings"
        client = Connection(self.port, self.seeded.leader_token)
        query = f"SELECT result_version FROM {self.seeded.pairing_table} WHERE id = %s"
        while (write := self.queue.get()) is not None:
            with self.lock:
                result = self.next_result(write.board)
            write.sent = time.monotonic()
            path = f"{base}/{write.board}/result/"
            status, _, _ = client.send("POST", path, {"result": result})
            write.acked, write.status = time.monotonic(), status
            if status.startswith("2"):
                with self.lock:  # one connection for every writer: a read takes ~0.2 ms
                    row = database.execute(query, [write.board]).fetchone()
                write.version = None if row is None else int(row[0] or 0)

    def run(self, seconds: float) -> None:
        database = psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{DB}", autocommit=True)
        self.closing.append(database)
        self.threads = [
            threading.Thread(target=self.work, args=(database,), daemon=True)
            for _ in range(WRITERS)
        ]
        for thread in self.threads:
            thread.start()
        start = time.monotonic()
        for k in range(int(seconds * self.rate)):
            due = start + k / self.rate
            time.sleep(max(0.0, due - time.monotonic()))
            write = Write(board=self.order[k % len(self.order)], due=due)
            self.writes.append(write)
            self.queue.put(write)

    def finish(self) -> None:
        """Every write sent has its answer (up to a minute more)."""
        for _ in self.threads:
            self.queue.put(None)
        deadline = time.monotonic() + 60
        for thread in self.threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        for database in self.closing:
            database.close()


class Poller:
    """Every 100 ms: the event detail's `standings_version`, and the standings page's
    `Arbiter-Version` header (when the server sends one), each on its own connection."""

    def __init__(self, port: int, event_id: int) -> None:
        self.port, self.event_id = port, event_id
        self.detail: list[Poll] = []
        self.standings: list[Poll] = []
        self.stop = threading.Event()

    def poll(self, client: Connection, path: str, header: bool) -> Poll:
        sent = time.monotonic()
        status, headers, body = client.send("GET", path)
        received = time.monotonic()
        version = None
        if status.startswith("2"):
            if header:
                raw = headers.get("arbiter-version")
                version = int(raw) if raw and raw.isdigit() else None
            else:
                version = int(json.loads(body)["standings_version"])
        return Poll(sent, received, version, status)

    def run(self) -> None:
        base = f"/api/tournaments/swiss/{self.event_id}"
        detail, standings = Connection(self.port), Connection(self.port)
        tick = time.monotonic()
        while not self.stop.is_set():
            self.detail.append(self.poll(detail, f"{base}/", header=False))
            self.standings.append(self.poll(standings, f"{base}/standings/", header=True))
            tick += POLL_SECONDS
            self.stop.wait(max(0.0, tick - time.monotonic()))


@dataclass
class Staleness:
    """Per write: acknowledgement -> the first poll that came back with its version or a
    later one. Per read: a poll that misses a write acknowledged before the poll was sent is
    stale by (its return - that acknowledgement)."""

    source: str
    seen: list[float]
    never_seen: int
    stale_reads: list[float]

    @classmethod
    def of(cls, source: str, writes: list[Write], polls: list[Poll]) -> Staleness | None:
        read = [(p.sent, p.received, p.version) for p in polls if p.version is not None]
        if not read:
            return None
        acked = sorted((w.acked, w.version) for w in writes if w.version is not None)
        seen, never = [], 0
        for at, version in acked:
            first = next((received for _, received, v in read if v >= version), None)
            if first is None:
                never += 1
            else:
                seen.append(max(0.0, first - at))
        stale_reads = []
        for sent, received, v in read:
            missed = [at for at, version in acked if at < sent and version > v]
            if missed:
                stale_reads.append(received - min(missed))
        return cls(source, seen, never, stale_reads)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def loadavg() -> str:
    return "loadavg " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


# --- the phases ---------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0, help="each wrk run")
    parser.add_argument("--write-seconds", type=float, default=30.0, help="the phase with writes")
    parser.add_argument("--quick", action="store_true", help="a short check that it works")
    parser.add_argument("--workers", type=int, default=2, help="web processes")
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")
    parser.add_argument(
        "--if-none-match",
        action="store_true",
        help="wrk sends back the last ETag it got (a revalidating browser)",
    )
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.write_seconds = 2.0, 5.0

    print(f"machine: {machine_info()}")
    binary = wrk_path()
    print(f"wrk: {binary or 'MISSING'}")

    started = time.monotonic()
    recreate_database(DB)
    redis.Redis.from_url(REDIS_URL).flushdb()
    django.setup()
    from django.db import connections

    migrated = time.monotonic()
    seeded = seed()
    connections.close_all()
    seeded_at = time.monotonic()
    print(
        f"seeded a {PLAYERS}-player event in round {ROUNDS_DONE + 1} (id {seeded.event_id}; "
        f"{len(seeded.boards)} of round {ROUNDS_DONE + 1}'s boards with a result, "
        f"{seeded.open_boards} open): {seeded_at - migrated:.1f} s "
        f"(+ {migrated - started:.1f} s to create the database)"
    )

    logs = open(LOG, "w")  # noqa: SIM115 (closed at the end)
    port = free_port()
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    quiet = ["-l", "warning"]
    serve = ["manage.py", "serve", "--port", str(port), "--workers", str(args.workers)]
    processes = [
        start("web", [sys.executable, *serve], logs),
        start("celery worker", [*celery, "worker", "-c", str(args.concurrency), *quiet], logs),
        start("celery beat", [*celery, "beat", "-s", "/tmp/bench-reads-beat", *quiet], logs),
    ]
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)  # noqa: SIM115
    script.write(WRK_SCRIPT)
    script.close()
    base = f"http://127.0.0.1:{port}"
    event = f"/api/tournaments/swiss/{seeded.event_id}"
    urls = [
        ("liveness (baseline)", "/api/health/live/"),
        ("event detail", f"{event}/"),
        ("standings p.1", f"{event}/standings/"),
        (f"round {ROUNDS_DONE + 1} pairings", f"{event}/rounds/{ROUNDS_DONE + 1}/"),
        ("lichess swiss", f"/api/swiss/{seeded.event_id}"),
    ]
    checks: list[tuple[str, bool]] = []
    all_5xx = 0
    try:
        wait_until_served(port, args.workers)
        print(
            f"served: {args.workers} web processes, Celery worker (concurrency "
            f"{args.concurrency}) and beat, config.settings.production; server log {LOG}"
        )
        # Every read answers before anything is measured (the lichess id is the event's id).
        probe = Connection(port)
        for label, path in urls:
            status, headers, body = probe.send("GET", path)
            etag = headers.get("etag", "-")
            version = headers.get("arbiter-version", "-")
            print(
                f"  {label}: GET {path} -> {status}, {len(body)} bytes, ETag {etag}, "
                f"Arbiter-Version {version}"
            )
            all_5xx += status.startswith("5")
        mode = "with If-None-Match" if args.if_none_match else "full answers (no If-None-Match)"

        def load(label: str, path: str, connections: int, seconds: float) -> WrkRun:
            return wrk(
                binary,
                script.name,
                base + path,
                label,
                connections=connections,
                seconds=seconds,
                etag=args.if_none_match,
            )

        print(
            f"warm-up: each read at 10 connections for {max(1, args.seconds / 5):.0f} s "
            f"({loadavg()})"
        )
        warm = [load(label, path, 10, max(1.0, args.seconds / 5)) for label, path in urls]
        all_5xx += sum(r.errors_5xx for r in warm)

        print(
            f"1. throughput at 200 connections, wrk -t2 -c200 -d{args.seconds:.0f}s, {mode} "
            f"({loadavg()})"
        )
        wide: list[WrkRun] = []
        for label, path in urls:
            wide.append(load(label, path, 200, args.seconds))
            print(wide[-1].line(), flush=True)
            time.sleep(1)
        # The baseline again: a machine shared with others drifts; the ratios use the first.
        again = load("liveness, again", urls[0][1], 200, args.seconds)
        print(again.line() + " (drift check: the ratios use the first)", flush=True)
        time.sleep(1)
        print(f"2. latency at 10 connections, wrk -t2 -c10 -d{args.seconds:.0f}s ({loadavg()})")
        narrow: list[WrkRun] = []
        for label, path in urls:
            narrow.append(load(label, path, 10, args.seconds))
            print(narrow[-1].line(), flush=True)
            time.sleep(1)

        print(
            f"3. {WRITE_RATE:.0f} result corrections/s for {args.write_seconds:.0f} s "
            f"({WRITERS} leader clients), standings at 10 connections, a poller every "
            f"{POLL_SECONDS * 1000:.0f} ms ({loadavg()})"
        )
        writer = Writer(port, seeded, WRITE_RATE)
        poller = Poller(port, seeded.event_id)
        polling = threading.Thread(target=poller.run, daemon=True)
        polling.start()
        holder: list[WrkRun] = []
        reading = threading.Thread(
            target=lambda: holder.append(
                load("standings p.1 under writes", f"{event}/standings/", 10, args.write_seconds)
            ),
            daemon=True,
        )
        reading.start()
        writing = time.monotonic()
        writer.run(args.write_seconds)
        reading.join(timeout=args.write_seconds + 120)
        writer.finish()
        time.sleep(STALENESS_TARGET + 1)  # the last writes get their chance to be seen
        poller.stop.set()
        polling.join(timeout=30)
        under = holder[0] if holder else WrkRun("standings p.1 under writes", 10, failed="none")
        print(under.line())
        writes = writer.writes
        write_statuses = Counter(w.status or "not sent" for w in writes)
        acked = [w for w in writes if w.status.startswith("2")]
        latencies = [w.acked - w.sent for w in acked]
        lag = [w.sent - w.due for w in writes if w.sent]
        span = max((w.acked for w in acked), default=0.0) - min((w.due for w in writes), default=0)
        # The rate the server took while the standings were measured (the schedule's window).
        window = [w for w in acked if w.acked <= writing + args.write_seconds]
        window_rate = len(window) / args.write_seconds
        print(
            f"  writes: {len(writes)} asked ({WRITE_RATE:.0f}/s), {len(acked)} acknowledged "
            f"({len(acked) / span if span > 0 else 0:.1f}/s from the first due to the last "
            "answer); statuses "
            + ", ".join(f"{s}: {n}" for s, n in sorted(write_statuses.items()))
            + f"; latency p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
            f"p99 {percentile(latencies, 0.99) * 1000:.0f} ms; sent late by up to "
            f"{max(lag, default=0) * 1000:.0f} ms; {window_rate:.1f}/s acknowledged within "
            f"the {args.write_seconds:.0f} s the standings were measured"
        )
        poll_statuses = Counter(p.status for p in poller.detail + poller.standings)
        print(
            f"  polls: {len(poller.detail)} event detail, {len(poller.standings)} standings; "
            "statuses " + ", ".join(f"{s}: {n}" for s, n in sorted(poll_statuses.items()))
        )
        stalenesses = [
            Staleness.of("event detail standings_version", writes, poller.detail),
            Staleness.of("standings Arbiter-Version", writes, poller.standings),
        ]
        if stalenesses[1] is None:
            print("  standings: no Arbiter-Version header, staleness read from the event detail")
        wrote_5xx = sum(n for s, n in write_statuses.items() if s.startswith("5"))
        polled_5xx = sum(n for s, n in poll_statuses.items() if s.startswith("5"))
        all_5xx += wrote_5xx + polled_5xx + under.errors_5xx
        all_5xx += sum(r.errors_5xx for r in [*wide, *narrow, again])

        # The summary.
        baseline = wide[0].rate
        print(f"\nsummary ({mode}; {loadavg()})")
        print(
            f"  {'read':<22} {'req/s @200':>10} {'ratio':>6} {'non-2xx/3xx':>11} {'5xx':>5} "
            f"{'p50 @10':>8} {'p99 @10':>8}"
        )
        for w, n in zip(wide, narrow, strict=True):
            ratio = w.rate / baseline if baseline else 0.0
            print(
                f"  {w.label:<22} {w.rate:>10.0f} {ratio:>5.2f}x {w.not_ok + n.not_ok:>11} "
                f"{w.errors_5xx + n.errors_5xx:>5} {n.p50 * 1000:>6.0f}ms {n.p99 * 1000:>6.0f}ms"
            )
        for w, n in zip(wide[1:], narrow[1:], strict=True):
            ratio = w.rate / baseline if baseline else 0.0
            checks.append(
                (
                    f"{w.label}: {w.rate:.0f} req/s = {ratio:.3f}x the liveness view's "
                    f"{baseline:.0f} at 200 connections (target >= {THROUGHPUT_RATIO}x)",
                    bool(w.rate) and ratio >= THROUGHPUT_RATIO,
                )
            )
            checks.append(
                (
                    f"{n.label}: p99 {n.p99 * 1000:.0f} ms at 10 connections "
                    f"(target <= {P99_TARGET * 1000:.0f} ms)",
                    bool(n.requests) and n.p99 <= P99_TARGET,
                )
            )
        checks.append(
            (
                f"standings under {WRITE_RATE:.0f} writes/s: p99 {under.p99 * 1000:.0f} ms at 10 "
                f"connections (target <= {P99_UNDER_WRITES_TARGET * 1000:.0f} ms)",
                bool(under.requests) and under.p99 <= P99_UNDER_WRITES_TARGET,
            )
        )
        for s in stalenesses:
            if s is None:
                continue
            worst = max(s.seen, default=0.0)
            checks.append(
                (
                    f"staleness ({s.source}): {len(s.seen)} writes seen, p50 "
                    f"{percentile(s.seen, 0.5) * 1000:.0f} ms, max {worst * 1000:.0f} ms, "
                    f"{s.never_seen} never seen (target max <= {STALENESS_TARGET:.0f} s)",
                    bool(s.seen) and worst <= STALENESS_TARGET and not s.never_seen,
                )
            )
            late = [v for v in s.stale_reads if v > STALENESS_TARGET]
            checks.append(
                (
                    f"reads more than {STALENESS_TARGET:.0f} s stale ({s.source}): {len(late)} "
                    f"(stale reads {len(s.stale_reads)}, worst "
                    f"{max(s.stale_reads, default=0.0) * 1000:.0f} ms)",
                    not late,
                )
            )
        checks.append(
            (
                f"writes acknowledged: {len(acked)} of {len(writes)} asked "
                f"(every write answered 2xx)",
                bool(writes) and len(acked) == len(writes),
            )
        )
        checks.append(
            (
                f"results written at the asked rate while the standings were measured: "
                f"{window_rate:.1f}/s acknowledged of {WRITE_RATE:.0f}/s asked (target >= 95%)",
                window_rate >= 0.95 * WRITE_RATE,
            )
        )
        missing = [r.label for r in [*wide, again, *narrow, under] if r.failed]
        if missing:
            checks.append((f"wrk runs that failed: {', '.join(missing)}", False))
        checks.append((f"5xx answers in every phase: {all_5xx} (target 0)", all_5xx == 0))
    except Exception as exc:  # the bench reports what broke, and exits 0
        traceback.print_exc()
        checks.append((f"the benchmark could not finish: {type(exc).__name__}: {exc}", False))
    finally:
        for process in processes:
            stop_group(process)
        logs.close()
        Path(script.name).unlink(missing_ok=True)
    tracebacks, errors = log_problems()
    checks.append(
        (
            f"server log {LOG}: {tracebacks} tracebacks, {errors} ERROR lines",
            tracebacks == 0 and errors == 0,
        )
    )
    print()
    for text, ok in checks:
        print(f"{verdict(ok)} {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
