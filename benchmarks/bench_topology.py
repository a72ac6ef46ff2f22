"""Issue 44 on the scripted topology: a result's push across nodes, and what the split costs per
core.

Starts `scripts/topology.sh up` on the production settings, with a state directory
(/tmp/bench-topology), ports, a PostgreSQL database (arbiter_bench_topology) and a Redis
database (9, the broker and the cache) of its own: nginx in front of two HTTP and two socket
processes, the pairing and the live worker, beat, PgBouncer and two channel-layer Redis shards.
The event is bench_live's fixture (64 players, round 4 being played), built straight into the
database before the topology migrates it (nothing left to do).

1. **Cross-node ping.** 1,000 WebSocket watchers (`/ws/tournaments/swiss/{id}/?frames=one`),
   500 connected straight to socket process A's port and 500 to B's (counted on the servers'
   side of the connections); a result POSTed to HTTP process B's own port; from the POST to the
   last of the 1,000 hearing the `standings_update` that carries it (bench_live's listeners and
   probe), over 20 probes 1.2 s apart on a quiet event (after one not counted: the first push
   after a start pays for imports and connections). Target: p95 <= 300 ms.
2. **Per-core efficiency.** (b) both pairs behind nginx (every request and socket through the
   proxy), then (a) HTTP process B and socket process B alone, addressed straight (nginx and
   the A processes stopped; the workers, PgBouncer and the shards unchanged). In each, 1,000
   watchers, then two phases of 30 s:
   - reads: bench_reads' read mix (event detail, standings, the round's pairings, lichess's
     event), rotated by wrk at 200 connections (bench_reads' wrk and its status counts);
   - results: 24 leader clients posting corrections back to back, one request in flight each,
     every result pushed to the 1,000 watchers.
   The CPU of every server-side process is counted over each phase: web, nginx, the workers
   and beat, PgBouncer, the channel shards, the broker's Redis, and the PostgreSQL backends of
   the benchmark's database. Answers per busy core-second = answers / those CPU-seconds; on two
   cores a doubled total cannot be had, so the comparison is per core. Target: (b) loses less
   than 15 % against (a) in both phases.

Exits 0 whatever the figures: PASS/FAIL lines say. Smaller: --watchers, --seconds, --probes.
`--nginx-worker-connections N` is a diagnosis: nginx's connections per worker raised in the
run's own rendered config before (b), which is then not the topology as scripted.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The environment as given, before the imports below set theirs: the topology gets this plus
# its knobs, nothing of bench_live's or bench_reads' settings.
BASE_ENV = dict(os.environ)

from bench_live import (  # noqa: E402
    Listeners,
    Poster,
    backends_cpu,
    cpu_seconds,
    machine_speed,
    percentiles,
    pids_under,
    steal_seconds,
)
from bench_reads import WRK_SCRIPT, WrkRun, machine_info, wrk, wrk_path  # noqa: E402

DB = "arbiter_bench_topology"
REDIS_URL = "redis://127.0.0.1:6379/9"  # the broker and the cache, emptied at the start
STATE = Path("/tmp/bench-topology")
SCRIPT = ROOT / "scripts" / "topology.sh"
PLAYERS, ROUNDS_DONE, TOTAL_ROUNDS = 64, 3, 9  # bench_live's event
RESULTS = ["1-0", "0-1", "1/2-1/2"]
PING_TARGET = 0.300
EFFICIENCY_TARGET = 0.85  # (b) per busy core-second >= 0.85x (a): loses less than 15 %
PROBE_SPACING = 1.2  # s between quiet probes: above the 250 ms push window, so none merge
EXCEPTION = re.compile(r"^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception)): ", re.MULTILINE)
WORKER_CONNECTIONS = r"worker_connections \d+;"

# This process seeds and reads result versions, straight from PostgreSQL on one connection;
# the servers get the topology's settings from the script.
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": "bench-only-" + "t" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
        "DATABASE_POOL_SIZE": "0",
        "REDIS_URL": REDIS_URL,
    }
)

import django  # noqa: E402
import redis  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402

from tests.processes import free_port  # noqa: E402

# --- the topology -----------------------------------------------------------------------------


@dataclass
class Topology:
    """`scripts/topology.sh` on ports of its own, run from this process."""

    env: dict[str, str]
    proxy: int
    http: list[int]
    socket: list[int]

    @classmethod
    def configure(cls) -> Topology:
        ports: set[int] = set()
        while len(ports) < 8:
            ports.add(free_port())
        proxy, http_a, http_b, socket_a, socket_b, shard_a, shard_b, pgbouncer = sorted(ports)
        env = {
            **BASE_ENV,
            "TOPOLOGY_DIR": str(STATE),
            "TOPOLOGY_PORT": str(proxy),
            "TOPOLOGY_HTTP_PORTS": f"{http_a} {http_b}",
            "TOPOLOGY_SOCKET_PORTS": f"{socket_a} {socket_b}",
            "TOPOLOGY_CHANNEL_REDIS_PORTS": f"{shard_a} {shard_b}",
            "TOPOLOGY_PGBOUNCER_PORT": str(pgbouncer),
            "TOPOLOGY_DATABASE": DB,
            "TOPOLOGY_REDIS_URL": REDIS_URL,
            "TOPOLOGY_PYTHON": sys.executable,
        }
        return cls(env, proxy, [http_a, http_b], [socket_a, socket_b])

    def run(self, *args: str, timeout: float = 240) -> str:
        done = subprocess.run(
            ["bash", str(SCRIPT), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(
                f"topology.sh {' '.join(args)} exited {done.returncode}: "
                f"{(done.stdout + done.stderr).strip()[-1500:]}"
            )
        return done.stdout

    def pids(self) -> dict[str, int]:
        """The running processes by name, from the script's pid files."""
        found = {}
        for path in sorted((STATE / "run").glob("*.pid")):
            with suppress(OSError, ValueError, IndexError):
                found[path.stem] = int(path.read_text().split()[0])
        return found

    def log_problems(self) -> tuple[int, int, Counter[str]]:
        """Tracebacks, ERROR lines and the exceptions named in the processes' logs."""
        tracebacks = errors = 0
        named: Counter[str] = Counter()
        for path in (STATE / "logs").glob("*.log"):
            text = path.read_text(errors="replace")
            tracebacks += text.count("Traceback (most recent call last)")
            # Not the readiness answer's 503s while `up` waits for the heartbeats.
            errors += sum(
                1
                for line in text.splitlines()
                if (" ERROR " in line or ": ERROR/" in line)
                and "Service Unavailable: /api/health/" not in line
            )
            named.update(m.group(1) for m in EXCEPTION.finditer(text))
        return tracebacks, errors, named

    def nginx_conf(self) -> str:
        try:
            conf = (STATE / "nginx" / "nginx.conf").read_text()
        except OSError:
            return "no nginx.conf"
        found = re.search(r"worker_processes (\d+);", conf), re.search(WORKER_CONNECTIONS, conf)
        return " x ".join(m.group(0).rstrip(";") if m else "?" for m in found)

    def nginx_short(self) -> int:
        """How often nginx ran out of connections (its error log's warning)."""
        with suppress(OSError):
            log = (STATE / "nginx" / "error.log").read_text(errors="replace")
            return log.count("worker_connections are not enough")
        return 0

    def nginx_widen(self, count: int) -> None:
        """A diagnosis, not the scripted topology: this run's rendered nginx.conf given `count`
        connections per worker, and nginx restarted on it."""
        conf = STATE / "nginx" / "nginx.conf"
        conf.write_text(
            re.sub(WORKER_CONNECTIONS, f"worker_connections {count};", conf.read_text())
        )
        self.run("stop", "nginx")
        self.run("start", "nginx")
        deadline = time.monotonic() + 30
        while True:
            with suppress(OSError):
                url = f"http://127.0.0.1:{self.proxy}/api/health/live/"
                if urllib.request.urlopen(url, timeout=2).status == 200:
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("nginx did not come back after its restart")
            time.sleep(0.2)


def leftovers_down() -> None:
    """A topology an interrupted run of this benchmark left (its pid files say what is ours)."""
    if (STATE / "topology.env").exists():
        subprocess.run(
            ["bash", str(SCRIPT), "down"],
            cwd=ROOT,
            env={**BASE_ENV, "TOPOLOGY_DIR": str(STATE)},
            capture_output=True,
            timeout=120,
            check=False,
        )
    shutil.rmtree(STATE, ignore_errors=True)
    STATE.mkdir(parents=True)
    STATE.chmod(0o755)  # nginx (as nobody) and PgBouncer (as postgres) read their files here


def established(port: int) -> int:
    """Connections held on the server side of a local port (ESTABLISHED in /proc/net/tcp)."""
    suffix = f":{port:04X}"
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(suffix) and fields[3] == "01":
            count += 1
    return count


def broker_redis_pids() -> list[int]:
    """The Redis server on 6379 (broker and cache), known by its process title."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with suppress(OSError):
                title = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
                if title.startswith("redis-server") and title.endswith(":6379"):
                    found.append(int(entry.name))
    return found


# --- CPU --------------------------------------------------------------------------------------

SERVER_GROUPS = [
    "http",
    "sockets",
    "nginx",
    "workers, beat",
    "pgbouncer",
    "channel shards",
    "broker redis",
    "postgres (bench db)",
]


def group_of(name: str) -> str:
    if name.startswith("web-http"):
        return "http"
    if name.startswith("web-socket"):
        return "sockets"
    if name.startswith(("worker-", "beat")):
        return "workers, beat"
    if name.startswith("redis-channels"):
        return "channel shards"
    return name  # nginx, pgbouncer


class Meter:
    """CPU-seconds of the server side over a span: every process of the topology's pid files
    with what it started (nginx's workers, Celery's pool), the broker's Redis and the bench
    database's PostgreSQL backends (but this process's own); the clients beside them. Also the
    peaks, sampled every 0.5 s, of those backends and of PgBouncer's client connections."""

    def __init__(self, topology: Topology, own_backend: int, clients: list[int]) -> None:
        self.own_backend = own_backend
        self.pooler_port = int(topology.env["TOPOLOGY_PGBOUNCER_PORT"])
        self.groups: dict[str, list[int]] = {name: [] for name in SERVER_GROUPS}
        for name, pid in topology.pids().items():
            self.groups[group_of(name)] += pids_under(pid)
        self.groups["broker redis"] = broker_redis_pids()
        self.clients = [os.getpid(), *clients]  # this process counts the wrk it reaped
        self.peaks = [0, 0]  # PostgreSQL backends, PgBouncer clients
        self.done = threading.Event()
        self.sampler = threading.Thread(target=self._sample_connections, daemon=True)
        self.before = self._sample()
        self.backends_before = self._backends()
        self.steal_before = steal_seconds()
        self.started = time.monotonic()
        self.sampler.start()

    def _sample(self) -> dict[str, float]:
        cpu = {name: cpu_seconds(pids) for name, pids in self.groups.items()}
        cpu["clients"] = cpu_seconds(self.clients)
        return cpu

    def _backends(self) -> dict[int, float]:
        found = backends_cpu(DB)
        found.pop(self.own_backend, None)
        return found

    def _sample_connections(self) -> None:
        while not self.done.wait(0.5):
            counts = (len(self._backends()), established(self.pooler_port))
            self.peaks = [max(p, c) for p, c in zip(self.peaks, counts, strict=True)]

    def stop(self) -> Span:
        self.done.set()
        self.sampler.join()
        after, backends = self._sample(), self._backends()
        used = {name: after[name] - self.before[name] for name in after}
        # A backend that started during the span counts from nothing; one that ended is lost
        # (PgBouncer keeps its server connections for minutes: none ended in the runs seen).
        used["postgres (bench db)"] = sum(
            cpu - self.backends_before.get(pid, 0.0) for pid, cpu in backends.items()
        )
        return Span(
            time.monotonic() - self.started,
            used,
            steal_seconds() - self.steal_before,
            peak_backends=self.peaks[0],
            peak_pooler_clients=self.peaks[1],
        )


@dataclass
class Span:
    seconds: float
    cpu: dict[str, float]
    steal: float
    peak_backends: int = 0
    peak_pooler_clients: int = 0

    @property
    def server(self) -> float:
        return sum(v for name, v in self.cpu.items() if name != "clients")

    @property
    def busy_cores(self) -> float:
        return self.server / self.seconds if self.seconds else 0.0

    def per_answer(self, answers: int, unit: float, name: str) -> str:
        """CPU per answer by group (the clients apart), in `name` units of `unit` seconds."""
        if not answers:
            return "-"
        parts = [(n, v) for n, v in self.cpu.items() if n != "clients" and v >= 0.05]
        return (
            ", ".join(f"{n} {v / answers / unit:.1f}" for n, v in [*parts, ("all", self.server)])
            + f" {name}"
        )

    def line(self) -> str:
        parts = ", ".join(f"{n} {v:.1f}" for n, v in self.cpu.items() if n != "clients")
        return (
            f"server CPU {self.server:.1f} s in {self.seconds:.1f} s "
            f"({self.busy_cores:.2f} busy cores: {parts}); clients "
            f"{self.cpu['clients']:.1f} s; stolen {self.steal:.1f} s; peak connections: "
            f"{self.peak_pooler_clients} to PgBouncer, {self.peak_backends} PostgreSQL backends"
        )


# --- watchers and results ---------------------------------------------------------------------


def watchers_start(url: str, origin: str, count: int, processes: int) -> Listeners:
    listeners = Listeners(url, origin, count, processes)
    listeners.start()
    return listeners


def watchers_ready(groups: list[Listeners], timeout: float) -> tuple[int, int]:
    """Wait until every client of every group is connected; (connected, failed)."""
    deadline = time.monotonic() + timeout
    for listeners in groups:
        listeners.ready.wait(timeout=max(0.0, deadline - time.monotonic()))
    return sum(g.connected for g in groups), sum(g.failed for g in groups)


def watchers_stop(groups: list[Listeners], ports: list[int]) -> None:
    """End the listener processes (started here), then wait until the servers let go."""
    for listeners in groups:
        for pid in listeners.pids:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        multiprocessing.active_children()  # reaps the ended ones
        if not any(established(port) for port in ports):
            return
        time.sleep(0.2)


class ResultVersion:
    """A board's `result_version` (the standings version its result made), read straight."""

    def __init__(self) -> None:
        from django.db import connection

        self.cursor = connection.cursor()
        self.cursor.execute("SELECT pg_backend_pid()")
        self.backend = int(self.cursor.fetchone()[0])

    def __call__(self, board: int) -> int:
        self.cursor.execute(
            "SELECT result_version FROM tournaments_swisspairing WHERE id = %s", [board]
        )
        return int(self.cursor.fetchone()[0] or 0)


@dataclass
class Probe:
    acked: float  # POST answered
    first: float  # the first watcher heard the result's version
    last: float  # the last watcher heard it (inf: not within 10 s)
    status: int


def probe(
    poster: Poster, board: int, result: str, halves: list[Listeners], version: ResultVersion
) -> Probe:
    t0 = time.monotonic()
    status = poster.post(board, result)
    acked = time.monotonic() - t0
    written = version(board)
    heard = [half.wait(written, timeout=10) for half in halves]
    firsts = [half.first_heard(written) for half in halves]
    first = min((f for f in firsts if f is not None), default=float("inf")) - t0
    last = float("inf") if None in heard else max(h for h in heard if h is not None) - t0
    return Probe(acked, first, last, status)


@dataclass
class Posting:
    statuses: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def acknowledged(self) -> int:
        return self.statuses.get("200", 0)


def results_back_to_back(port: int, event: Seeded, posters: int, seconds: float) -> Posting:
    """`posters` leader clients, each with one result in flight and boards of its own (each
    visit changes the board's result), until `seconds` have passed; then the answers due."""
    posting = Posting()
    boards = event.load_boards
    lock = threading.Lock()
    started = time.monotonic()
    stop_at = started + seconds

    def run(k: int) -> None:
        poster = Poster(port, event.base, event.token)
        mine = boards[k::posters]
        n = 0
        while time.monotonic() < stop_at:
            try:
                status = str(poster.post(mine[n % len(mine)], RESULTS[(n // len(mine)) % 3]))
            except (OSError, http.client.HTTPException) as exc:
                status = f"error: {type(exc).__name__}"
            with lock:
                posting.statuses[status] += 1
            n += 1

    threads = [threading.Thread(target=run, args=(k,)) for k in range(min(posters, len(boards)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    posting.seconds = time.monotonic() - started
    return posting


# --- the phases -------------------------------------------------------------------------------


@dataclass
class Config:
    label: str
    http_port: int  # where reads and results go
    socket_port: int  # where watchers connect
    socket_ports: list[int]  # the socket processes behind it
    reads: WrkRun | None = None
    reads_span: Span | None = None
    results: Posting | None = None
    results_span: Span | None = None
    sockets: dict[int, int] = field(default_factory=dict)
    watchers_failed: int = 0

    def per_core(self, answers: int, span: Span | None) -> float:
        return answers / span.server if span and span.server else 0.0

    @property
    def reads_ok(self) -> int:
        """Reads answered 2xx or 3xx: an error page is no read served."""
        statuses = self.reads.statuses if self.reads else Counter()
        return sum(n for s, n in statuses.items() if s.startswith(("2", "3")))

    @property
    def reads_per_core(self) -> float:
        return self.per_core(self.reads_ok, self.reads_span)

    @property
    def results_per_core(self) -> float:
        return self.per_core(self.results.acknowledged if self.results else 0, self.results_span)

    @property
    def reads_rate(self) -> float:
        return self.reads_ok / self.reads.seconds if self.reads and self.reads.seconds else 0.0

    @property
    def results_rate(self) -> float:
        r = self.results
        return r.acknowledged / r.seconds if r and r.seconds else 0.0

    @property
    def reads_cores(self) -> float:
        return self.reads_span.busy_cores if self.reads_span else 0.0

    @property
    def results_cores(self) -> float:
        return self.results_span.busy_cores if self.results_span else 0.0

    @property
    def errors_5xx(self) -> int:
        reads = self.reads.errors_5xx if self.reads else 0
        results = self.results.statuses if self.results else Counter()
        return reads + sum(n for s, n in results.items() if s.startswith("5"))


def wrk_mix_script(paths: list[str]) -> str:
    """bench_reads' counting script, each request the next path of the mix."""
    path = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)  # noqa: SIM115
    mix = ", ".join(f'"{p}"' for p in paths)
    path.write(
        WRK_SCRIPT
        + f"""
local mix = {{{mix}}}
local turn = 0
function request()
  turn = turn + 1
  return wrk.format(nil, mix[turn % #mix + 1])
end
"""
    )
    path.close()
    return path.name


def efficiency(
    config: Config,
    topology: Topology,
    args: argparse.Namespace,
    event: Seeded,
    version: ResultVersion,
    binary: str | None,
    script: str,
) -> None:
    """Watchers on the config's socket entry, then the reads phase and the results phase."""
    print(
        f"\n{config.label}: machine speed {machine_speed():.0f} ms (5M-step loop); "
        f"loadavg {' '.join(f'{v:.2f}' for v in os.getloadavg())}",
        flush=True,
    )
    ws = f"ws://127.0.0.1:{config.socket_port}/ws/tournaments/swiss/{event.id}/?frames=one"
    watchers = watchers_start(
        ws, f"http://127.0.0.1:{config.socket_port}", args.watchers, args.listener_processes
    )
    try:
        connected, failed = watchers_ready([watchers], timeout=180)
        config.watchers_failed = args.watchers - connected
        config.sockets = {port: established(port) for port in config.socket_ports}
        print(
            f"  {connected} of {args.watchers} watchers connected ({failed} failed) through "
            f"port {config.socket_port}; sockets per socket process: "
            + ", ".join(f"{port}: {n}" for port, n in config.sockets.items()),
            flush=True,
        )
        url = f"http://127.0.0.1:{config.http_port}{event.reads[0]}"
        # Every page rendered and kept in each HTTP process before anything is measured.
        warm = wrk(binary, script, url, "warm-up", connections=10, seconds=3, etag=False)
        if warm.failed:
            print(f"  warm-up: wrk failed: {warm.failed}")
        time.sleep(1)
        meter = Meter(topology, version.backend, watchers.pids)
        config.reads = wrk(
            binary,
            script,
            url,
            "reads (the mix)",
            connections=args.connections,
            seconds=args.seconds,
            etag=False,
        )
        config.reads_span = meter.stop()
        print(config.reads.line(), flush=True)
        print(
            f"  reads: {config.reads_per_core:.0f} per busy core-second; "
            + config.reads_span.line(),
            flush=True,
        )
        print("  server CPU per read: " + config.reads_span.per_answer(config.reads_ok, 1e-6, "µs"))
        time.sleep(2)
        meter = Meter(topology, version.backend, watchers.pids)
        config.results = results_back_to_back(config.http_port, event, args.posters, args.seconds)
        config.results_span = meter.stop()
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(config.results.statuses.items()))
        print(
            f"  results ({args.posters} leader clients back to back): "
            f"{config.results.acknowledged} acknowledged in {config.results.seconds:.1f} s = "
            f"{config.results.acknowledged / config.results.seconds:.1f}/s; statuses {statuses}",
            flush=True,
        )
        print(
            f"  results: {config.results_per_core:.1f} per busy core-second; "
            + config.results_span.line(),
            flush=True,
        )
        print(
            "  server CPU per result: "
            + config.results_span.per_answer(config.results.acknowledged, 1e-3, "ms")
        )
    finally:
        watchers_stop([watchers], config.socket_ports)


@dataclass
class Seeded:
    id: int
    token: str
    base: str
    probe_board: int
    load_boards: list[int]
    reads: list[str]


def seed() -> Seeded:
    from django.db import connection

    from arbiter.tournaments.models import SwissPairing
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=PLAYERS, rounds_done=ROUNDS_DONE, total_rounds=TOTAL_ROUNDS)
    boards = list(
        SwissPairing.objects.filter(round__tournament=event, round__number=ROUNDS_DONE + 1)
        .order_by("board")
        .values_list("id", flat=True)
    )
    assert SwissPairing._meta.db_table == "tournaments_swisspairing"  # ResultVersion's SQL
    token = api_token_create(user=leader, name="bench")[1]
    connection.close()  # the migrations' session; ResultVersion opens a fresh one
    base = f"/api/tournaments/swiss/{event.id}"
    return Seeded(
        id=event.id,
        token=token,
        base=base,
        probe_board=boards[0],
        load_boards=boards[1:],
        reads=[
            f"{base}/",
            f"{base}/standings/",
            f"{base}/rounds/{ROUNDS_DONE + 1}/",
            f"/api/swiss/{event.id}",
        ],
    )


def cross_node_ping(
    topology: Topology, args: argparse.Namespace, event: Seeded, version: ResultVersion
) -> tuple[list[Probe], dict[int, int], int]:
    """Half the watchers straight on socket process A, half on B; probes POSTed to HTTP B."""
    halves = []
    for k, port in enumerate(topology.socket):
        count = args.watchers // 2 + (k < args.watchers % 2)
        url = f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event.id}/?frames=one"
        # One listener process per half: 500 clients a process, as bench_live has them.
        halves.append(watchers_start(url, f"http://127.0.0.1:{port}", count, 1))
    try:
        connected, failed = watchers_ready(halves, timeout=180)
        sockets = {port: established(port) for port in topology.socket}
        print(
            f"  {connected} of {args.watchers} watchers connected ({failed} failed); held by "
            + ", ".join(
                f"socket process {'AB'[k]} (port {port}): {n}"
                for k, (port, n) in enumerate(sockets.items())
            ),
            flush=True,
        )
        poster = Poster(topology.http[1], event.base, event.token)
        # Not counted: the first push after a start pays once for the live worker's imports and
        # connections, and each process's first frame to its group.
        first = probe(poster, event.probe_board, RESULTS[2], halves, version)
        print(f"  a first probe, not counted: the last watcher heard after {ms(first.last)}")
        time.sleep(PROBE_SPACING)
        probes = []
        for i in range(args.probes):
            probes.append(probe(poster, event.probe_board, RESULTS[i % 3], halves, version))
            time.sleep(PROBE_SPACING)
        print(
            "  each probe, POST -> the last watcher: "
            + ", ".join(f"{p.last * 1000:.0f}" for p in probes)
            + " ms"
        )
        return probes, sockets, connected
    finally:
        watchers_stop(halves, topology.socket)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--probes", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0, help="each efficiency phase")
    parser.add_argument("--connections", type=int, default=200, help="wrk, the reads phase")
    parser.add_argument("--posters", type=int, default=24, help="leader clients, results phase")
    parser.add_argument("--listener-processes", type=int, default=2)
    parser.add_argument(
        "--nginx-worker-connections",
        type=int,
        default=0,
        help="a diagnosis: before (b), raise nginx's connections per worker in this run's "
        "rendered config and restart it (default: the topology as scripted)",
    )
    args = parser.parse_args()

    print(f"machine: {machine_info()}")
    print(f"machine speed: a fixed 5M-step Python loop took {machine_speed():.0f} ms", flush=True)
    binary = wrk_path()
    print(f"wrk: {binary or 'MISSING'}")
    checks: list[tuple[str, bool]] = []
    topology = Topology.configure()
    script = ""
    started = time.monotonic()
    try:
        leftovers_down()
        recreate_database(DB)
        redis.Redis.from_url(REDIS_URL).flushdb()
        django.setup()
        event = seed()
        version = ResultVersion()
        print(
            f"seeded a {PLAYERS}-player event (id {event.id}) in {time.monotonic() - started:.1f} s"
        )
        t0 = time.monotonic()
        topology.run("up")
        print(
            f"topology up in {time.monotonic() - t0:.1f} s: nginx {topology.proxy}, HTTP "
            f"A/B {topology.http[0]}/{topology.http[1]}, sockets A/B {topology.socket[0]}/"
            f"{topology.socket[1]} (config.settings.production, PgBouncer, 2 channel shards; "
            f"state and logs {STATE})",
            flush=True,
        )
        print(f"nginx: {topology.nginx_conf()} (as scripted)")

        print(
            f"\n1. cross-node ping: {args.watchers} watchers half on socket process A, half on "
            f"B; results POSTed to HTTP process B; {args.probes} probes {PROBE_SPACING} s apart",
            flush=True,
        )
        probes, sockets, connected = cross_node_ping(topology, args, event, version)
        halves = [args.watchers // 2 + (k < args.watchers % 2) for k in range(2)]
        checks.append(
            (
                f"watchers held by socket processes A / B: {' / '.join(map(str, sockets.values()))}"
                f" (asked {halves[0]} / {halves[1]}, {connected} connected)",
                # At least its half on each: a client's retried handshake may linger a moment.
                all(n >= h for n, h in zip(sockets.values(), halves, strict=True))
                and connected == args.watchers,
            )
        )
        if probes:
            parts = [
                ("POST answered", [p.acked for p in probes]),
                ("first watcher heard", [p.first for p in probes]),
                ("last watcher heard", [p.last for p in probes]),
            ]
            print(
                "  probes: "
                + "; ".join(
                    f"{name} p50 {ms(percentiles(xs)[0])}, p95 {ms(percentiles(xs)[1])}"
                    for name, xs in parts
                )
            )
            p50, p95 = percentiles([p.last for p in probes])
            bad = sum(p.status != 200 for p in probes)
            checks.append(
                (
                    f"cross-node ping: result POSTed to HTTP B -> the last of {connected} "
                    f"watchers on socket processes A and B: p50 {ms(p50)}, p95 {ms(p95)} over "
                    f"{len(probes)} probes, {bad} not answered 200 (target p95 <= "
                    f"{ms(PING_TARGET)})",
                    p95 <= PING_TARGET and not bad,
                )
            )

        print(
            f"\n2. per-core efficiency: {args.watchers} watchers; reads: the mix at "
            f"{args.connections} connections for {args.seconds:.0f} s; results: "
            f"{args.posters} leader clients back to back for {args.seconds:.0f} s",
            flush=True,
        )
        script = wrk_mix_script(event.reads)
        if args.nginx_worker_connections:
            topology.nginx_widen(args.nginx_worker_connections)
            print(f"nginx: {topology.nginx_conf()}: NOT the scripted topology (a diagnosis)")
        both = Config(
            "(b) 2 HTTP + 2 socket processes behind nginx",
            topology.proxy,
            topology.proxy,
            topology.socket,
        )
        efficiency(both, topology, args, event, version, binary, script)
        for name in ("nginx", "web-http-a", "web-socket-a"):
            topology.run("stop", name)
        alone = Config(
            "(a) 1 HTTP + 1 socket process, no proxy (nginx and the A processes stopped)",
            topology.http[1],
            topology.socket[1],
            [topology.socket[1]],
        )
        efficiency(alone, topology, args, event, version, binary, script)

        print("\nsummary: per busy core-second (answers / server CPU-seconds)")
        print(f"  {'':<44} {'(a) 1+1, direct':>16} {'(b) 2+2, nginx':>16} {'(b)/(a)':>8}")
        rows = [
            ("reads/s", alone.reads_rate, both.reads_rate),
            ("reads: busy cores (server side)", alone.reads_cores, both.reads_cores),
            ("reads per busy core-second", alone.reads_per_core, both.reads_per_core),
            ("results/s", alone.results_rate, both.results_rate),
            ("results: busy cores (server side)", alone.results_cores, both.results_cores),
            ("results per busy core-second", alone.results_per_core, both.results_per_core),
        ]
        for label, a, b in rows:
            shown = f"{b / a:.2f}x" if a else "-"
            print(f"  {label:<44} {a:>16.1f} {b:>16.1f} {shown:>8}")
        print(
            "  sockets per socket process: (a) "
            + ", ".join(map(str, alone.sockets.values()))
            + "; (b) "
            + ", ".join(map(str, both.sockets.values()))
        )
        for what, a, b in (
            ("reads", alone.reads_per_core, both.reads_per_core),
            ("results", alone.results_per_core, both.results_per_core),
        ):
            ratio = b / a if a else 0.0
            checks.append(
                (
                    f"{what} per busy core-second: (b) {b:.1f} against (a) {a:.1f} = {ratio:.2f}x"
                    f" (target >= {EFFICIENCY_TARGET:.2f}x: loses less than 15 %)",
                    bool(a and b) and ratio >= EFFICIENCY_TARGET,
                )
            )
        failed = alone.watchers_failed + both.watchers_failed
        checks.append((f"watchers not connected in (a) and (b): {failed} (target 0)", failed == 0))
        errors = alone.errors_5xx + both.errors_5xx
        checks.append((f"5xx answers in the efficiency phases: {errors} (target 0)", not errors))
        missing = [c.label[:3] for c in (alone, both) if not c.reads or c.reads.failed]
        if missing:
            checks.append((f"wrk runs that failed: {', '.join(missing)}", False))
    except Exception as exc:  # the benchmark reports what broke, and exits 0
        traceback.print_exc()
        checks.append((f"the benchmark could not finish: {type(exc).__name__}: {exc}", False))
    finally:
        with suppress(Exception):
            topology.run("down", timeout=120)
        if script:
            Path(script).unlink(missing_ok=True)
    short = topology.nginx_short()
    checks.append(
        (
            f"nginx never out of connections: its log says 'worker_connections are not enough' "
            f"{short} times ({topology.nginx_conf()}"
            + (", raised for this run" if args.nginx_worker_connections else ", as scripted")
            + "; a proxied socket holds two)",
            short == 0,
        )
    )
    tracebacks, errors, named = topology.log_problems()
    most = ", ".join(f"{name} x{n}" for name, n in named.most_common(3))
    checks.append(
        (
            f"topology logs ({STATE / 'logs'}): {tracebacks} tracebacks, {errors} ERROR lines"
            + (f"; exceptions named: {most}" if most else ""),
            tracebacks == 0 and errors == 0,
        )
    )
    took = time.monotonic() - started
    print(f"\nmachine speed at the end: {machine_speed():.0f} ms; {took:.0f} s in all")
    for text, ok in checks:
        print(f"{verdict(ok)} {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
