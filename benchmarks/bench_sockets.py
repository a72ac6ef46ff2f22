"""10,000 WebSocket clients on one event: memory per socket and version-ping fan-out (issue 38).

Starts the production topology as docker-compose runs it, on `config.settings.production` (the
psycopg pool): `manage.py serve --workers N` (uvicorn processes, 2 by default), a Celery worker
(it sends the trailing pings), on a PostgreSQL database, a Redis database and a channel prefix
of their own. Seeds one small running event, then:

1. opens `--sockets` WebSocket clients (10,000) on `/ws/tournaments/swiss/{id}/?frames=ping`,
   spread over `--client-processes` processes of their own (asyncio and the `websockets`
   library, as `bench_live.py`'s listeners), at `--connect-rate` handshakes a second in all;
   a refused or failed handshake is retried twice, then the client counts as failed. The
   open-files limit is raised to the hard limit; if that is below what the sockets need, the
   benchmark says so and opens as many as it allows;
2. memory per socket: the resident memory (VmRSS) of the web processes (`manage.py serve` and
   every process it started) before any socket and once all are connected, the difference
   divided by the sockets connected (target <= 50 kB, kB as /proc counts them: 1,024 bytes);
   Redis's memory too (each socket subscribes a pub/sub channel of its own);
3. ping fan-out: `--writes` times (>= 1.2 s apart, since pings are coalesced to one a second
   per event) a leader PATCHes the event's description over REST; every client notes
   (`time.time()`: every process is on this machine) when it hears `reload` with the version
   that write produced. Per write: the delay from the PATCH's answer to the last client and
   the median client; the p95 over writes of the last-client delay (target <= 1 s); the same
   from the PATCH sent, and from the first client to the last (the ping is published on the
   commit, inside the request, so clients hear it before the answer); lost pings
   (a connected client that never heard a write's version before the next write's: 0
   expected).

Exits 0 whatever the figures: PASS/FAIL lines say. `--quick`: 1,000 sockets, 5 writes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import multiprocessing
import os
import platform
import resource
import statistics
import subprocess
import sys
import threading
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_sockets"
REDIS_URL = "redis://127.0.0.1:6379/7"  # a Redis database of its own, emptied at the start
PREFIX = "bench-sockets"  # pub/sub ignores the database number: channels of its own
LOG = "/tmp/bench-sockets.log"
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "DJANGO_SECRET_KEY": "bench-only-" + "s" * 50,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
    "REDIS_URL": REDIS_URL,
    "ARBITER_CHANNEL_PREFIX": PREFIX,
    # These clients refetch nothing: every write is pinged a second apart, not spaced by the
    # watchers' refetches (arbiter.realtime.ping.reload_interval), which is what is measured.
    "ARBITER_RELOAD_REFETCHES_PER_SECOND": "0",
}
HEADERS = {"X-Forwarded-Proto": "https"}  # what a TLS proxy passes on (production redirects)
MEMORY_TARGET_KB = 50.0
FANOUT_TARGET = 1.0
PING_SECONDS = 1.0  # arbiter.realtime.ping.PING_SECONDS: one reload a second per event
ATTEMPTS = 3  # handshakes per client before it counts as failed
FD_MARGIN = 256  # descriptors a process needs besides its sockets (files, Redis, PostgreSQL)


# --- the client processes -------------------------------------------------------------------


def clients_in_process(
    url: str, origin: str, count: int, rate: float, commands: Connection, reports: Connection
) -> None:
    """A client process: `count` sockets on one asyncio loop. It reports ("progress",
    connected, failed) while connecting, ("ready", connected, failed) once every client has
    connected or given up, and on the command "report" what its clients heard; "stop" closes
    them and ends the process."""
    try:
        asyncio.run(_clients(url, origin, count, rate, commands, reports))
    except Exception:  # the main process reports it and goes on with the others
        reports.send(("error", traceback.format_exc()))


async def _clients(
    url: str, origin: str, count: int, rate: float, commands: Connection, reports: Connection
) -> None:
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    heard: list[list[tuple[int, float]]] = [[] for _ in range(count)]  # reload (version, at)
    connected_at: list[float | None] = [None] * count
    hellos: Counter[int] = Counter()  # the version each client's hello carried
    refusals: Counter[str] = Counter()  # failed handshakes (retried), by reason
    closed_early: Counter[str] = Counter()  # sockets the server closed, by code
    others: Counter[str] = Counter()  # frames other than reload, by event
    handshakes: list[float] = []  # seconds from the connect to the hello
    open_sockets: set[ClientConnection] = set()
    tally = {"connected": 0, "failed": 0}

    def report() -> None:
        reports.send(
            (
                "report",
                {
                    "heard": heard,
                    "connected_at": connected_at,
                    "hellos": dict(hellos),
                    "refusals": dict(refusals),
                    "closed_early": dict(closed_early),
                    "others": dict(others),
                    "handshakes": handshakes,
                    "open": len(open_sockets),
                },
            )
        )

    def command(name: str) -> None:
        if name == "report":
            report()
        else:
            stopping.set()

    def read_commands() -> None:
        while True:
            try:
                name = commands.recv()
            except (EOFError, OSError):
                name = "stop"
            loop.call_soon_threadsafe(command, name)
            if name == "stop":
                return

    threading.Thread(target=read_commands, daemon=True).start()

    def settled() -> None:
        if tally["connected"] + tally["failed"] == count:
            reports.send(("ready", tally["connected"], tally["failed"]))

    async def client(i: int) -> None:
        for attempt in range(ATTEMPTS):
            started = time.time()
            try:
                ws = await connect(
                    url,
                    additional_headers={"Origin": origin},
                    compression=None,  # the server has per-message deflate off
                    ping_interval=None,  # as a browser: the server pings, the client answers
                    open_timeout=30,
                    close_timeout=5,
                )
            except InvalidStatus as exc:
                refusals[f"HTTP {exc.response.status_code}"] += 1
            except (OSError, InvalidHandshake, TimeoutError) as exc:
                errno = getattr(exc, "errno", None)
                refusals[type(exc).__name__ + (f" errno {errno}" if errno else "")] += 1
            else:
                open_sockets.add(ws)
                try:
                    hello = json.loads(await ws.recv())
                    handshakes.append(time.time() - started)
                    hellos[int(hello["payload"]["version"])] += 1
                    connected_at[i] = time.time()
                    tally["connected"] += 1
                    settled()
                    try:
                        async for raw in ws:
                            frame = json.loads(raw)
                            if frame["event"] == "reload":
                                heard[i].append((int(frame["payload"]["version"]), time.time()))
                            else:
                                others[str(frame["event"])] += 1
                    except ConnectionClosed:
                        pass
                    if not stopping.is_set():
                        closed_early[str(ws.close_code)] += 1
                    return
                except ConnectionClosed as exc:  # closed before its hello (1013: pool busy)
                    code = exc.rcvd.code if exc.rcvd else "abnormal"
                    refusals[f"closed {code} before hello"] += 1
                finally:
                    open_sockets.discard(ws)
            if stopping.is_set():
                break
            await asyncio.sleep(1 + attempt)
        tally["failed"] += 1
        settled()

    async def progress() -> None:
        while tally["connected"] + tally["failed"] < count:
            reports.send(("progress", tally["connected"], tally["failed"]))
            await asyncio.sleep(1)

    tasks = [asyncio.ensure_future(progress())]
    start = time.monotonic()
    for i in range(count):  # a steady ramp, as real clients arrive
        if (wait := start + i / rate - time.monotonic()) > 0:
            await asyncio.sleep(wait)
        tasks.append(asyncio.ensure_future(client(i)))
    await stopping.wait()
    if open_sockets:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(
                asyncio.gather(*(ws.close() for ws in list(open_sockets)), return_exceptions=True),
                timeout=30,
            )
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    reports.send(("stopped",))


class Clients:
    """The client processes, seen from the main process (a thread reads each one's reports)."""

    def __init__(self, url: str, origin: str, sizes: list[int], rate: float) -> None:
        self.sizes = sizes
        self.changed = threading.Condition()
        self.progress = [(0, 0)] * len(sizes)  # per process: connected, failed
        self.ready: list[tuple[int, int] | None] = [None] * len(sizes)
        self.reports: list[dict[str, Any] | None] = [None] * len(sizes)
        self.errors: list[str] = []
        self.processes: list[Any] = []
        self.commands: list[Connection] = []
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        total = sum(sizes)
        for k, size in enumerate(sizes):
            their_commands, our_commands = context.Pipe(duplex=False)
            our_reports, their_reports = context.Pipe(duplex=False)
            process = context.Process(
                target=clients_in_process,
                args=(url, origin, size, rate * size / total, their_commands, their_reports),
                daemon=True,
            )
            process.start()
            their_commands.close()
            their_reports.close()
            self.processes.append(process)
            self.commands.append(our_commands)
            threading.Thread(target=self._read, args=(k, our_reports), daemon=True).start()

    def _read(self, k: int, pipe: Connection) -> None:
        while True:
            try:
                kind, *values = pipe.recv()
            except (EOFError, OSError):
                return
            with self.changed:
                if kind == "progress":
                    self.progress[k] = (values[0], values[1])
                elif kind == "ready":
                    self.progress[k] = self.ready[k] = (values[0], values[1])
                elif kind == "report":
                    self.reports[k] = values[0]
                elif kind == "error":
                    self.errors.append(f"client process {k}: {values[0]}")
                    self.ready[k] = self.ready[k] or self.progress[k]
                self.changed.notify_all()

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.pid]

    def counts(self) -> tuple[int, int]:
        with self.changed:
            return sum(c for c, _ in self.progress), sum(f for _, f in self.progress)

    def wait_ready(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: None not in self.ready, timeout)

    def collect(self, timeout: float = 60) -> list[dict[str, Any]]:
        with self.changed:
            self.reports = [None] * len(self.sizes)
        for pipe, process in zip(self.commands, self.processes, strict=True):
            if process.is_alive():
                with contextlib.suppress(OSError):
                    pipe.send("report")
        alive = [k for k, p in enumerate(self.processes) if p.is_alive()]
        with self.changed:
            self.changed.wait_for(lambda: all(self.reports[k] for k in alive), timeout)
            return [r for r in self.reports if r]

    def stop(self) -> None:
        for pipe in self.commands:
            with contextlib.suppress(OSError):
                pipe.send("stop")
        for process in self.processes:
            process.join(timeout=45)
            if process.is_alive():
                process.terminate()  # ours, by its own handle
                process.join(timeout=5)


# --- the machine and the processes ------------------------------------------------------------


def loadavg() -> str:
    return "loadavg " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def machine_info() -> str:
    try:
        model = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        model = "?"
    return f"{os.cpu_count()} CPUs ({model}), {platform.platform()}; {loadavg()}"


def sysctl(name: str) -> str:
    try:
        return " ".join(Path(f"/proc/sys/{name.replace('.', '/')}").read_text().split())
    except OSError:
        return "?"


def files_limit(needed: int) -> int:
    """Raise this process's open-files limit (inherited by every process it starts) as far as
    the hard limit allows; the soft limit in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, needed)
    if wanted > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def pids_under(root: int) -> list[int]:
    """A process and its descendants (the web supervisor and the processes it started)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        found += frontier
    return found


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def sockets_open(pid: int) -> int:
    """Sockets a process holds (its clients' and its own to Redis and PostgreSQL)."""
    count = 0
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                count += os.readlink(fd).startswith("socket:")
    except OSError:
        pass
    return count


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(v) for v in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


class Web:
    """The web processes' resident memory, per process and in all."""

    def __init__(self, root: int) -> None:
        self.root = root

    def rss(self) -> dict[int, int]:
        return {pid: rss_kb(pid) for pid in pids_under(self.root)}

    def workers(self) -> list[int]:
        return [pid for pid in pids_under(self.root) if pid != self.root]


def tcp_counters() -> Counter[str]:
    """The kernel's counts of refused or retried connections (machine-wide, from
    /proc/net/netstat): a full accept queue drops handshakes, which clients retry after 1 s,
    then 3 s."""
    wanted = ("ListenOverflows", "ListenDrops", "TCPSynRetrans", "TCPReqQFullDrop")
    try:
        lines = [line.split() for line in Path("/proc/net/netstat").read_text().splitlines()]
    except OSError:
        return Counter()
    for names, values in zip(lines[::2], lines[1::2], strict=False):
        if names and names[0] == "TcpExt:":
            found = dict(zip(names[1:], values[1:], strict=False))
            return Counter({name: int(found.get(name, 0)) for name in wanted})
    return Counter()


def redis_figures(client: Any) -> dict[str, int]:
    memory = client.info("memory")
    clients = client.info("clients")
    return {
        "used_memory": int(memory["used_memory"]),
        "pubsub_channels": len(client.pubsub_channels(f"{PREFIX}*")),
        "pubsub_clients": int(clients.get("pubsub_clients", 0)),
    }


def start(name: str, command: list[str], env: dict[str, str], logs: Any) -> Any:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**env, "PGAPPNAME": name},
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


def log_problems() -> dict[str, int]:
    """What the server and the worker logged that a clean run does not."""
    try:
        text = Path(LOG).read_text(errors="replace")
    except OSError:
        return {}
    return {
        "tracebacks": text.count("Traceback (most recent call last)"),
        "ERROR lines": text.count(" ERROR "),
        "WARNING lines": text.count(" WARNING "),
        "too many open files": text.count("Too many open files"),
        "sockets closed 1013 (pool busy)": text.count("Socket closed with 1013"),
        "handshakes rejected": text.count("[rejected]") + text.count('" 403'),
    }


class Leader:
    """The leader's REST client: one kept-alive connection, a token."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {
            **HEADERS,
            "Content-Type": "application/json",
            "Authorization": f"Bearer {token}",
        }

    def send(self, method: str, path: str, body: dict[str, Any] | None = None) -> int:
        payload = None if body is None else json.dumps(body)
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, payload, self.headers)
                reply = self.connection.getresponse()
                reply.read()
                return int(reply.status)
            except (http.client.HTTPException, OSError):
                self.connection.close()  # an idle connection closed: reconnect once
                if attempt == 2:
                    raise
        return 0


# --- figures ------------------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    """The 95th percentile, interpolated between the two nearest values (never past the
    largest: with 20 writes, 0.05 of the way from the 19th to the 20th)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=20, method="inclusive")[18]


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms"


class Write:
    def __init__(self, number: int) -> None:
        self.number = number
        self.sent = self.acked = 0.0
        self.status = 0
        self.version = 0
        self.heard: list[float] = []  # per client that heard it: when
        self.lost = 0
        self.folded = 0  # heard only as a later version (a coalesced ping)

    @property
    def last(self) -> float | None:
        return max(self.heard) - self.acked if self.heard else None

    @property
    def median(self) -> float | None:
        return statistics.median(self.heard) - self.acked if self.heard else None

    @property
    def spread(self) -> float | None:
        return max(self.heard) - min(self.heard) if self.heard else None

    @property
    def first(self) -> float | None:
        return min(self.heard) - self.acked if self.heard else None


def writes_heard(writes: list[Write], reports: list[dict[str, Any]]) -> None:
    """Per write, for each client connected when it was sent: the first reload carrying its
    version (or a later one, but older than the next write's). A client that heard none is a
    lost ping; `folded` counts those that heard of it only through the next write's ping."""
    done = [w for w in writes if w.version]
    for report in reports:
        for heard, connected in zip(report["heard"], report["connected_at"], strict=True):
            if connected is None:
                continue
            for k, write in enumerate(done):
                if connected > write.sent:
                    continue
                bound = done[k + 1].version if k + 1 < len(done) else None
                own = [at for v, at in heard if v >= write.version and (bound is None or v < bound)]
                if own:
                    write.heard.append(min(own))
                else:
                    write.lost += 1
                    write.folded += any(v >= write.version for v, _ in heard)


# --- the run ------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sockets", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2, help="web processes")
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--client-processes", type=int, default=4)
    parser.add_argument(
        "--connect-rate", type=float, default=400.0, help="handshakes per second, all clients"
    )
    parser.add_argument(
        "--spacing", type=float, default=1.5, help="seconds from a PATCH's answer to the next"
    )
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--quick", action="store_true", help="1,000 sockets, 5 writes")
    parser.add_argument(
        "--layer",
        choices=["pubsub", "core"],
        default=os.environ.get("ARBITER_CHANNEL_LAYER", "pubsub"),
        help="the Redis channel layer (ARBITER_CHANNEL_LAYER, passed to the servers)",
    )
    args = parser.parse_args()
    if args.quick:
        args.sockets, args.writes = 1000, 5
    args.spacing = max(args.spacing, 1.2 * PING_SECONDS)

    os.environ.update(PRODUCTION_ENV, ARBITER_CHANNEL_LAYER=args.layer)
    server_env = dict(os.environ)
    os.environ["DATABASE_POOL_SIZE"] = "0"  # this process seeds and reads on one connection

    print(f"machine: {machine_info()}")
    print(f"start: {loadavg()}")
    held = Held()
    logs = open(LOG, "w")  # noqa: SIM115 (closed at the end)
    try:
        run(args, server_env, logs, held)
    except Exception as exc:  # the bench reports what broke, and exits 0
        traceback.print_exc()
        held.checks.append((f"the benchmark could not finish: {type(exc).__name__}: {exc}", False))
    finally:
        if held.clients is not None:
            held.clients.stop()
        from tests.processes import stop_group

        for process in held.processes:
            stop_group(process)
        logs.close()
    checks, rows = held.checks, held.rows
    problems = log_problems()
    serious = problems.get("tracebacks", 0) + problems.get("ERROR lines", 0)
    checks.append(
        (
            f"server log {LOG}: "
            + ", ".join(f"{n} {name}" for name, n in problems.items())
            + " (target: no traceback, no ERROR line)",
            serious == 0,
        )
    )
    print(f"\nsummary ({loadavg()})")
    width = max((len(name) for name, _ in rows), default=10)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    print()
    for text, ok in checks:
        print(f"{verdict(ok)} {text}")
    print(f"end: {loadavg()}")
    return 0


class Held:
    """What a run started (stopped at the end whatever happened) and what it found."""

    def __init__(self) -> None:
        self.processes: list[Any] = []
        self.clients: Clients | None = None
        self.checks: list[tuple[str, bool]] = []
        self.rows: list[tuple[str, str]] = []
        self.load_at_start = loadavg()


def run(args: argparse.Namespace, server_env: dict[str, str], logs: Any, held: Held) -> None:
    processes, checks, rows = held.processes, held.checks, held.rows
    # Descriptors: a client process holds its share of the sockets, a web process (the kernel
    # spreads connections over them, not always evenly) up to all of them.
    soft_before, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = files_limit(args.sockets + FD_MARGIN)
    sockets = args.sockets
    if limit - FD_MARGIN < sockets / args.workers * 1.25:
        sockets = max(1, int((limit - FD_MARGIN) * args.workers / 1.25))
        print(
            f"the open-files limit ({limit}, hard {hard}) is too low for {args.sockets} sockets "
            f"on {args.workers} web processes: {sockets} sockets"
        )
    per_process = max(1, limit - FD_MARGIN)
    client_processes = max(args.client_processes, -(-sockets // per_process))
    print(
        f"open files: soft limit {soft_before} raised to {limit} (hard {hard}); "
        f"local ports {sysctl('net.ipv4.ip_local_port_range')}, somaxconn "
        f"{sysctl('net.core.somaxconn')}, file-max {sysctl('fs.file-max')}"
    )
    sizes = [
        sockets // client_processes + (k < sockets % client_processes)
        for k in range(client_processes)
    ]

    import django
    import redis

    from tests.processes import free_port

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from swiss_fixture import build_event, recreate_database

    recreate_database(DB)
    store = redis.Redis.from_url(REDIS_URL)
    store.flushdb()
    django.setup()
    from django.conf import settings
    from django.db import connections

    from arbiter.tournaments.models import SwissTournament
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=args.players, rounds_done=1, total_rounds=5)
    token = api_token_create(user=leader, name="bench")[1]
    connections.close_all()

    def version() -> int:
        value = SwissTournament.objects.filter(id=event.id).values_list("version", flat=True)
        return int(value.get())

    port = free_port()
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    serve = ["manage.py", "serve", "--port", str(port), "--workers", str(args.workers)]
    server = start("web", [sys.executable, *serve], server_env, logs)
    processes.append(server)
    worker = start(
        "celery worker", [*celery, "worker", "-c", "1", "-l", "warning"], server_env, logs
    )
    processes.append(worker)
    wait_until_served(port, args.workers)
    web = Web(server.pid)
    print(
        f"served: {args.workers} web processes (pids {web.workers()}), a Celery worker, "
        f"config.settings.production, channel layer {args.layer} "
        f"({settings.CHANNEL_LAYERS['default']['BACKEND']}), prefix {PREFIX}, Redis {REDIS_URL}; a "
        f"{args.players}-player event (id {event.id}) in round 2; server log {LOG}"
    )

    # Warm-up, no socket yet: the event's pages and one write through each kind of path.
    leader_client = Leader(port, token)
    base = f"/api/tournaments/swiss/{event.id}/"
    for _ in range(4 * args.workers):
        leader_client.send("GET", base)
    warm = leader_client.send("PATCH", base, {"description": "warm-up"})
    if warm != 200:
        raise RuntimeError(f"the leader's PATCH answered {warm}: see {LOG}")
    time.sleep(2 * PING_SECONDS)

    rss_before = web.rss()
    redis_before = redis_figures(store)
    sockets_before = {pid: sockets_open(pid) for pid in web.workers()}
    print(
        f"before any socket: web RSS {sum(rss_before.values()) / 1024:.1f} MB ("
        + ", ".join(f"{pid}: {kb / 1024:.1f}" for pid, kb in rss_before.items())
        + f"); Redis used_memory {redis_before['used_memory'] / 1024**2:.1f} MB ({loadavg()})"
    )

    # 1. The sockets, at a steady rate; the web memory sampled on the way.
    url = f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event.id}/?frames=ping"
    print(
        f"1. {sockets} sockets on {url} from {client_processes} client processes "
        f"({', '.join(map(str, sizes))}), {args.connect_rate:.0f} handshakes/s"
    )
    tcp_before = tcp_counters()
    ramp_started = time.monotonic()
    clients = Clients(url, f"http://127.0.0.1:{port}", sizes, args.connect_rate)
    held.clients = clients
    samples: list[tuple[int, int]] = []  # (sockets connected, web RSS kB)
    deadline = ramp_started + sockets / args.connect_rate + 120
    last_print = 0.0
    while not clients.wait_ready(timeout=1.0):
        connected, failed = clients.counts()
        samples.append((connected, sum(web.rss().values())))
        if time.monotonic() - last_print >= 5:
            last_print = time.monotonic()
            print(
                f"  {time.monotonic() - ramp_started:5.0f} s: {connected} connected, "
                f"{failed} failed, web RSS {samples[-1][1] / 1024:.1f} MB ({loadavg()})",
                flush=True,
            )
        if time.monotonic() > deadline or clients.errors:
            break
    ramp = time.monotonic() - ramp_started
    connected, failed = clients.counts()
    for error in clients.errors:
        print(error)
    time.sleep(3)  # settle: the last consumers' subscriptions, the allocator
    rss_after = web.rss()
    tcp = tcp_counters()
    tcp.subtract(tcp_before)
    redis_after = redis_figures(store)
    sockets_after = {pid: sockets_open(pid) - sockets_before.get(pid, 0) for pid in web.workers()}
    client_rss = sum(rss_kb(pid) for pid in clients.pids)
    grown = sum(rss_after.values()) - sum(rss_before.values())
    per_socket = grown / connected if connected else float("inf")
    # The slope past the first tenth: what one more socket costs, without one-off growth.
    tail = [(c, kb) for c, kb in samples if c >= sockets / 10] + [
        (connected, sum(rss_after.values()))
    ]
    slope = None
    if len(tail) >= 3 and tail[-1][0] > tail[0][0]:
        xs, ys = zip(*tail, strict=True)
        slope = statistics.linear_regression(xs, ys).slope
    redis_grown = redis_after["used_memory"] - redis_before["used_memory"]
    print(
        f"  connected {connected} of {sockets} in {ramp:.1f} s, {failed} failed; web RSS "
        f"{sum(rss_after.values()) / 1024:.1f} MB ("
        + ", ".join(f"{pid}: {kb / 1024:.1f}" for pid, kb in rss_after.items())
        + "); new sockets per web process: "
        + ", ".join(f"{pid}: {n}" for pid, n in sockets_after.items())
        + f"; Redis used_memory {redis_after['used_memory'] / 1024**2:.1f} MB, "
        f"{redis_after['pubsub_channels']} pub/sub channels of the prefix; the client "
        f"processes {client_rss / 1024:.0f} MB ({loadavg()})"
    )
    reports = clients.collect()
    refusals: Counter[str] = Counter()
    hellos: Counter[int] = Counter()
    handshakes: list[float] = []
    for report in reports:
        refusals.update(report["refusals"])
        hellos.update({int(v): n for v, n in report["hellos"].items()})
        handshakes += report["handshakes"]
    if refusals:
        print(
            "  failed handshakes (each retried): "
            + ", ".join(f"{n} {r}" for r, n in refusals.items())
        )

    # 2. Pings: a leader's PATCH, then every client's reload of its version.
    print(
        f"2. {args.writes} writes (a leader PATCHes the description), {args.spacing:.1f} s "
        f"after each answer ({loadavg()})"
    )
    writes: list[Write] = []
    cpu_before = cpu_seconds(pids_under(server.pid)), cpu_seconds(clients.pids)
    writing = time.monotonic()
    for k in range(args.writes):
        write = Write(k + 1)
        write.sent = time.time()
        write.status = leader_client.send("PATCH", base, {"description": f"write {k + 1}"})
        write.acked = time.time()
        if write.status == 200:
            write.version = version()
        writes.append(write)
        time.sleep(max(0.0, write.acked + args.spacing - time.time()))
    cpu_used = [
        cpu_seconds(pids_under(server.pid)) - cpu_before[0],
        cpu_seconds(clients.pids) - cpu_before[1],
    ]
    writing = time.monotonic() - writing
    time.sleep(2)
    reports = clients.collect()
    for _ in range(5):  # stragglers: the last version heard by every client, or 10 s more
        last = max((w.version for w in writes), default=0)
        missing = sum(
            1
            for report in reports
            for heard, at in zip(report["heard"], report["connected_at"], strict=True)
            if at is not None and not any(v >= last for v, _ in heard)
        )
        if not missing:
            break
        time.sleep(2)
        reports = clients.collect()
    writes_heard(writes, reports)
    closed_early: Counter[str] = Counter()
    others: Counter[str] = Counter()
    still_open = 0
    for report in reports:
        closed_early.update(report["closed_early"])
        others.update(report["others"])
        still_open += report["open"]

    print(
        "  times from the PATCH's answer (negative: heard before it; the ping is published on "
        "the commit, inside the request); spread: first to last client"
    )
    print(
        f"  {'write':>5} {'status':>6} {'version':>7} {'PATCH':>7} {'heard by':>8} "
        f"{'first':>8} {'p50':>8} {'last':>8} {'spread':>8} {'lost':>5} {'folded':>6}"
    )
    for w in writes:
        print(
            f"  {w.number:>5} {w.status:>6} {w.version:>7} {ms(w.acked - w.sent):>7} "
            f"{len(w.heard):>8} {ms(w.first):>8} {ms(w.median):>8} {ms(w.last):>8} "
            f"{ms(w.spread):>8} {w.lost:>5} {w.folded:>6}"
        )
    rss_end = web.rss()
    print(
        f"  CPU during the writes ({writing:.0f} s on {os.cpu_count()} cores): web "
        f"{cpu_used[0]:.1f} s, client processes {cpu_used[1]:.1f} s; web RSS after them "
        f"{sum(rss_end.values()) / 1024:.1f} MB; frames other than reload: "
        f"{dict(others) or 'none'}; sockets closed by the server: "
        f"{dict(closed_early) or 'none'}; open at the end {still_open}"
    )

    # The figures and the targets.
    answered = [w for w in writes if w.status == 200]
    lasts = [w.last for w in answered if w.last is not None]
    medians = [w.median for w in answered if w.median is not None]
    from_sent = [max(w.heard) - w.sent for w in answered if w.heard]
    spreads = [w.spread for w in answered if w.spread is not None]
    lost = sum(w.lost for w in answered)
    expected = sum(len(w.heard) + w.lost for w in answered)
    fanout = p95(lasts) if lasts else None
    patch = [w.acked - w.sent for w in writes]
    rows += [
        ("load average at the start", held.load_at_start),
        ("web processes / client processes", f"{args.workers} / {client_processes}"),
        ("sockets asked / connected / failed", f"{sockets} / {connected} / {failed}"),
        ("handshakes retried", f"{sum(refusals.values())} ({dict(refusals) or 'none'})"),
        (
            "kernel, during the ramp (machine-wide)",
            ", ".join(f"{name} {n}" for name, n in tcp.items()) or "-",
        ),
        (
            "connect ramp",
            f"{ramp:.1f} s; connect -> hello p50 "
            + (
                f"{ms(statistics.median(handshakes))}, p95 {ms(p95(handshakes))}"
                if handshakes
                else "-"
            ),
        ),
        (
            "web RSS before / after / grown",
            f"{sum(rss_before.values()) / 1024:.1f} / {sum(rss_after.values()) / 1024:.1f} / "
            f"{grown / 1024:.1f} MB",
        ),
        ("web memory per socket", f"{per_socket:.1f} kB (target <= {MEMORY_TARGET_KB:.0f} kB)"),
        (
            "  marginal (slope past the first tenth)",
            "-" if slope is None else f"{slope:.1f} kB",
        ),
        (
            "Redis used_memory grown",
            f"{redis_grown / 1024**2:.1f} MB = {redis_grown / 1024 / max(connected, 1):.2f} kB "
            f"per socket ({redis_after['pubsub_channels']} channels; instance-wide, other "
            "databases included)",
        ),
        ("client processes RSS", f"{client_rss / 1024:.0f} MB"),
        (
            "writes answered; PATCH answered after",
            f"{len(answered)} of {len(writes)}; p50 {ms(statistics.median(patch))}, p95 "
            f"{ms(p95(patch))}, max {ms(max(patch))}"
            if patch
            else "-",
        ),
        (
            "PATCH answered -> last client, per write",
            ", ".join(f"{x * 1000:.0f}" for x in lasts) + " ms",
        ),
        (
            "PATCH answered -> median client, per write",
            ", ".join(f"{x * 1000:.0f}" for x in medians) + " ms",
        ),
        (
            "last client: p50 / p95 / max over writes",
            f"{ms(statistics.median(lasts)) if lasts else '-'} / {ms(fanout)} / "
            f"{ms(max(lasts)) if lasts else '-'}",
        ),
        (
            "PATCH sent -> last client: p50 / p95",
            f"{ms(statistics.median(from_sent))} / {ms(p95(from_sent))}" if from_sent else "-",
        ),
        (
            "first -> last client (the fan-out): p50 / p95",
            f"{ms(statistics.median(spreads))} / {ms(p95(spreads))}" if spreads else "-",
        ),
        ("lost pings", f"{lost} of {expected}"),
    ]
    checks.append(
        (
            f"sockets connected: {connected} of {args.sockets} asked"
            + (f" ({sockets} allowed by the open-files limit)" if sockets < args.sockets else "")
            + f", {failed} failed",
            connected == args.sockets and not failed,
        )
    )
    checks.append(
        (
            f"web memory per socket: {per_socket:.1f} kB ({grown / 1024:.1f} MB over "
            f"{connected} sockets; target <= {MEMORY_TARGET_KB:.0f} kB)",
            bool(connected) and per_socket <= MEMORY_TARGET_KB,
        )
    )
    checks.append(
        (
            f"ping fan-out: PATCH answered -> last of {connected} clients p95 {ms(fanout)} over "
            f"{len(lasts)} writes (target <= {FANOUT_TARGET * 1000:.0f} ms)",
            fanout is not None and fanout <= FANOUT_TARGET and len(lasts) == args.writes,
        )
    )
    checks.append((f"lost pings: {lost} of {expected} (target 0)", bool(expected) and lost == 0))
    checks.append(
        (
            f"sockets closed by the server during the run: {sum(closed_early.values())} "
            f"({dict(closed_early) or 'none'}; target 0)",
            not closed_early,
        )
    )
    if hellos and len(hellos) > 1:
        print(f"  hello versions: {dict(hellos)}")


if __name__ == "__main__":
    sys.exit(main())
