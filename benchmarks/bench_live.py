"""Live Swiss load benchmark on real parts: uvicorn + a Celery worker + Redis + PostgreSQL.

- 1,000 WebSocket clients on one event;
- latency from a result POST to the *last* client receiving the `standings_update` that
  includes it (p50, p95 over spaced probes): quiet, target p95 <= 1 s; under the load below,
  target p95 <= 500 ms;
- 50 results per second for 60 seconds (leader corrections spread over every board), then:
  every acknowledged result stored, and the stored standings equal a recomputation from scratch.
Sizes can be lowered for a quick look: --clients, --rate, --seconds, --players.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import itertools
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_live"
QUEUE = "bench-live"
LOG = "/tmp/bench-live.log"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"
os.environ["ARBITER_TEST_DATABASE_NAME"] = DB
os.environ["ARBITER_TEST_QUEUE"] = QUEUE
os.environ.setdefault("DATABASE_POOL_SIZE", "10")  # as in production (off in the test suite)
# Readers trust a published read version for 10 s, as in production: the test suite reads it
# from the database on every request (its transactions never commit), which here cost a query
# per page read and turned the page shortcut off (docs/live.md, "The page shortcut").
os.environ.setdefault("ARBITER_READ_VERSION_SECONDS", "10")
# A Redis database of its own (broker and cache), emptied at the start: state left by an earlier
# run (on a database rebuilt since) must not leak into this one.
os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/2"
os.environ["ARBITER_TEST_CACHE_URL"] = "redis://127.0.0.1:6379/2"  # emptied with it

import django  # noqa: E402
import redis  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus  # noqa: E402

from tests.processes import free_port, stop_group  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]
STANDINGS_FRAME = '{"event":"standings_update","payload":{"version":'
# `--ping` clients (`?frames=ping`): the result itself comes as a small `game_result` fact;
# the pages on a `reload`, which each client follows by refetching the standings page after
# a random wait of up to min(players x 10 ms, 4 s), as the browser app does.
RESULT_FRAME = '{"event":"game_result","payload":{"version":'
RELOAD_FRAME = '{"event":"reload","payload":{"version":'
VERSION = re.compile(r"(\d+)")


class Listeners:
    """Many WebSocket clients, in processes of their own (`processes`, each one asyncio loop):
    a browser is a machine of its own, and clients sharing the posting threads' interpreter
    delayed the posts, and the last client's frame behind 999 others, by the benchmark's own
    GIL. Each process reports when the lowest and the highest standings version heard by its
    clients rise, with the moment (`time.monotonic` is one clock for every process here), so
    the moment every client had heard a version, and the first, are known."""

    def __init__(
        self, url: str, origin: str, count: int, processes: int, page: PageFetch | None = None
    ) -> None:
        self.url, self.origin, self.count, self.page = url, origin, count, page
        self.sizes = [count // processes + (k < count % processes) for k in range(processes)]
        self.connected = self.failed = 0
        self.ready = threading.Event()
        self.changed = threading.Condition()
        self.lowest: list[list[tuple[int, float]]] = [[] for _ in self.sizes]  # per process
        self.highest: list[list[tuple[int, float]]] = [[] for _ in self.sizes]
        # `--ping`: the page version every client of a process has fetched, as it rises.
        self.page_lowest: list[list[tuple[int, float]]] = [[] for _ in self.sizes]
        self.pids: list[int] = []
        self._reported = 0
        self._last_frame: str | None = None

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads
        for k, size in enumerate(self.sizes):
            ours, theirs = context.Pipe()
            process = context.Process(
                target=listen_in_process,
                args=(self.url, self.origin, size, theirs, k == 0, self.page),
                daemon=True,
            )
            process.start()
            self.pids.append(process.pid or 0)
            threading.Thread(target=self._read, args=(k, ours), daemon=True).start()

    def _read(self, k: int, pipe: Connection) -> None:
        while True:
            try:
                kind, *values = pipe.recv()
            except EOFError:
                return
            with self.changed:
                if kind == "ready":
                    self.connected += values[0]
                    self.failed += values[1]
                    self._reported += 1
                    if self._reported == len(self.sizes) and self.connected == self.count:
                        self.ready.set()
                elif kind == "lowest":
                    self.lowest[k].append((values[0], values[1]))
                elif kind == "highest":
                    self.highest[k].append((values[0], values[1]))
                elif kind == "page_lowest":
                    self.page_lowest[k].append((values[0], values[1]))
                else:  # "frame": the last standings frame of one client
                    self._last_frame = values[0]
                self.changed.notify_all()

    @staticmethod
    def _reached(seen: list[tuple[int, float]], version: int) -> float | None:
        return next((at for v, at in seen if v >= version), None)

    def _all_heard(self, version: int) -> float | None:
        moments = [self._reached(seen, version) for seen in self.lowest]
        return None if None in moments else max(m for m in moments if m is not None)

    def wait(self, version: int, timeout: float) -> float | None:
        """The moment the last client had heard `version` (None: not within `timeout`)."""
        with self.changed:
            self.changed.wait_for(lambda: self._all_heard(version) is not None, timeout)
            return self._all_heard(version)

    def _all_fetched(self, version: int) -> float | None:
        moments = [self._reached(seen, version) for seen in self.page_lowest]
        return None if None in moments else max(m for m in moments if m is not None)

    def wait_page(self, version: int, timeout: float) -> float | None:
        """`--ping`: the moment the last client's refetched page had `version` or newer."""
        with self.changed:
            self.changed.wait_for(lambda: self._all_fetched(version) is not None, timeout)
            return self._all_fetched(version)

    def first_heard(self, version: int) -> float | None:
        with self.changed:
            moments = [self._reached(seen, version) for seen in self.highest]
            return min((m for m in moments if m is not None), default=None)

    def pushes_between(self, start: float, end: float) -> list[float]:
        """When the first client heard each new standings version in that span."""
        first: dict[int, float] = {}  # each process reports a version: keep the earliest
        with self.changed:
            for seen in self.highest:
                for version, at in seen:
                    first[version] = min(at, first.get(version, at))
        return sorted(at for at in first.values() if start <= at <= end)

    @property
    def last_payload(self) -> dict[str, Any] | None:
        with self.changed:
            frame = self._last_frame
        return None if frame is None else dict(json.loads(frame)["payload"])


class PageFetch(tuple[str, int, str, float]):
    """`--ping`: where a client refetches the page (host, port, path) and its longest wait."""


def listen_in_process(
    url: str, origin: str, count: int, pipe: Connection, keep: bool, page: PageFetch | None
) -> None:
    """A listener process: `count` clients on one loop (see `Listeners`)."""
    asyncio.run(_listen(url, origin, count, pipe, keep, page))


async def _page_get(page: PageFetch, conn: list[Any], etag: list[str]) -> int | None:
    """GET the page on the client's kept-alive connection (opened on first use, again after a
    close), with its last ETag; the page's version (`Arbiter-Version`)."""
    host, port, path, _ = page
    for _ in range(3):
        try:
            if not conn:
                conn.extend(await asyncio.open_connection(host, port))
            reader, writer = conn
            held = f"If-None-Match: {etag[0]}\r\n" if etag else ""
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{held}\r\n".encode())
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            fields = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in head[1:])}
            await reader.readexactly(int(fields.get("content-length", "0")))
            if "etag" in fields:
                etag[:] = [fields["etag"]]
            version = fields.get("arbiter-version")
            return int(version) if version else None
        except (OSError, asyncio.IncompleteReadError, ValueError):
            conn.clear()
    return None


async def _listen(
    url: str, origin: str, count: int, pipe: Connection, keep: bool, page: PageFetch | None
) -> None:
    heard = [0] * count
    at_version = Counter({0: count})  # how many clients have heard at most each version
    lowest = highest = 0
    connected = failed = 0

    fetched = [0] * count  # `--ping`: the page version each client has
    at_page = Counter({0: count})
    page_lowest = 0
    pending = [False] * count
    wanted = [0] * count
    connections: list[list[Any]] = [[] for _ in range(count)]
    etags: list[list[str]] = [[] for _ in range(count)]
    # The browser app's rule: each client's share of the jitter window is drawn once.
    phases = [random.random() for _ in range(count)]

    def report_ready() -> None:
        if connected + failed == count:
            pipe.send(("ready", connected, failed))

    def on_page(i: int, new: int) -> None:
        nonlocal page_lowest
        old = fetched[i]
        if new <= old:
            return
        fetched[i] = new
        at_page[new] += 1
        at_page[old] -= 1
        if not at_page[old]:
            del at_page[old]
        if old == page_lowest and old not in at_page:
            page_lowest = min(at_page)
            pipe.send(("page_lowest", page_lowest, time.monotonic()))

    async def refetch(i: int) -> None:
        """After a `reload`: the page after the client's wait; again if it is still older."""
        assert page is not None
        await asyncio.sleep(phases[i] * page[3])
        while True:
            version = await _page_get(page, connections[i], etags[i])
            if version is not None:
                on_page(i, version)
            if version is None or version >= wanted[i]:
                break
            await asyncio.sleep(0.5)
        pending[i] = False

    def on_reload(i: int, raw: str) -> None:
        found = VERSION.match(raw, len(RELOAD_FRAME))
        assert found is not None, raw[:100]
        wanted[i] = max(wanted[i], int(found.group(1)))
        if not pending[i]:
            pending[i] = True
            asyncio.get_running_loop().create_task(refetch(i))

    def on_frame(i: int, raw: str) -> None:
        nonlocal lowest, highest
        # Only the version is read (the frame starts with it): parsing every frame in full
        # would take the CPU the server being measured needs. One client passes its frame on.
        found = VERSION.match(raw, len(RESULT_FRAME if page else STANDINGS_FRAME))
        assert found is not None, raw[:100]
        new = int(found.group(1))
        if keep and i == 0:
            pipe.send(("frame", raw))
        old = heard[i]
        if new <= old:
            return
        heard[i] = new
        at_version[new] += 1
        at_version[old] -= 1
        if not at_version[old]:
            del at_version[old]
        now = time.monotonic()
        if new > highest:
            highest = new
            pipe.send(("highest", new, now))
        if old == lowest and old not in at_version:
            # Clients counted per version, not min(heard): a scan of every client per frame
            # would take the CPU of the server being measured at the very moment of a push.
            lowest = min(at_version)
            pipe.send(("lowest", lowest, now))

    async def client(i: int) -> None:
        nonlocal connected, failed
        for attempt in range(5):  # a refused handshake under the connection ramp is retried
            try:
                async with connect(url, additional_headers={"Origin": origin}) as ws:
                    await ws.recv()  # hello
                    connected += 1
                    report_ready()
                    try:
                        async for raw in ws:
                            if not isinstance(raw, str):
                                continue
                            if raw.startswith(RESULT_FRAME if page else STANDINGS_FRAME):
                                on_frame(i, raw)
                            elif page and raw.startswith(RELOAD_FRAME):
                                on_reload(i, raw)
                    except ConnectionClosed:
                        pass  # the server stopped at the end of the run
                    return
            except (OSError, InvalidMessage, InvalidStatus):
                await asyncio.sleep(1 + attempt)
        failed += 1
        report_ready()

    tasks = []
    for i in range(count):
        tasks.append(asyncio.create_task(client(i)))
        if i % 50 == 49:
            await asyncio.sleep(0.5)  # a ramp, as real clients arrive
    await asyncio.gather(*tasks)


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes (and their reaped children), from /proc."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(v) for v in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


def backends_cpu(db: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend serving the database `db`."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if title.startswith(b"postgres: ") and f" {db} ".encode() in title:
                found[int(entry.name)] = cpu_seconds([int(entry.name)])
    return found


def machine_speed() -> float:
    """Milliseconds for a fixed pure-Python loop: this shared VM's speed varies from hour to
    hour (by a third, seen here), so runs are compared with it in view."""
    started = time.perf_counter()
    total = 0
    for i in range(5_000_000):
        total += i
    return (time.perf_counter() - started) * 1000


def steal_seconds() -> float:
    """CPU time the hypervisor gave to other guests (a virtual machine's noisy neighbours)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) / os.sysconf("SC_CLK_TCK")


def pids_named(name: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def percentiles(values: list[float]) -> tuple[float, float]:
    p95 = statistics.quantiles(values, n=20)[18] if len(values) >= 2 else values[0]
    return statistics.median(values), p95


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


def start_server(workers: int, env: dict[str, str], logs: Any) -> tuple[int, Any]:
    """The production web command: `manage.py serve --workers N` (uvicorn processes)."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--workers", str(workers)],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    return port, server


def wait_for_workers(count: int) -> None:
    """Connect the clients only once every web process is up, so that they spread evenly."""
    for _ in range(300):
        if Path(LOG).read_text().count("Started server process") >= count:
            return
        time.sleep(0.1)
    raise RuntimeError(f"{count} web processes did not start: see {LOG}")


class Poster:
    """Result POSTs over one kept-alive HTTP connection (one per thread)."""

    def __init__(self, port: int, base: str, token: str) -> None:
        self.port, self.base, self.token = port, base, token
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, board_id: int, result: str) -> int:
        body = json.dumps({"result": result})
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        for attempt in (1, 2):
            try:
                self.connection.request(
                    "POST", f"{self.base}/pairings/{board_id}/result/", body, headers
                )
                reply = self.connection.getresponse()
                reply.read()
                return int(reply.status)
            except (http.client.HTTPException, OSError):
                self.connection.close()  # the server closed an idle connection: reconnect once
                if attempt == 2:
                    raise
        return 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--players", type=int, default=64)
    # Each request runs on a thread of its own, but a process's Python shares one interpreter
    # lock: two processes per core, as docs/deploy.md advises.
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 2))
    parser.add_argument("--rate", type=float, default=50.0)
    # Results come from many players at once; each poster thread has one request in flight.
    parser.add_argument("--posters", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--probes", type=int, default=20)
    parser.add_argument("--listener-processes", type=int, default=2)
    parser.add_argument(
        "--details", action="store_true", help="print each probe under load, slowest last"
    )
    parser.add_argument(
        "--two-frames",
        action="store_true",
        help="clients take a push as game_result + standings_update (the default protocol)",
    )
    parser.add_argument(
        "--ping",
        action="store_true",
        help="clients on ?frames=ping: the result as a game_result fact, the standings page "
        "refetched on each reload (docs/live.md, 'Version pings')",
    )
    parser.add_argument(
        "--layer",
        choices=["pubsub", "core"],
        default=os.environ.get("ARBITER_CHANNEL_LAYER", "pubsub"),
        help="the Redis channel layer (ARBITER_CHANNEL_LAYER, passed to the servers)",
    )
    args = parser.parse_args()
    os.environ["ARBITER_CHANNEL_LAYER"] = args.layer

    print(f"machine speed: a fixed 5M-step Python loop took {machine_speed():.0f} ms")
    recreate_database(DB)
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    django.setup()
    from django.conf import settings

    print(f"channel layer: {args.layer} ({settings.CHANNEL_LAYERS['default']['BACKEND']})")
    from arbiter.tournaments.live.push import COALESCE_SECONDS
    from arbiter.tournaments.models import SwissPairing, SwissTournament
    from arbiter.tournaments.read.state import event_state
    from arbiter.users.services import api_token_create
    from tests.tournaments.standings_oracle import standings_afresh

    event, leader = build_event(players=args.players, rounds_done=3, total_rounds=9)
    _, token = api_token_create(user=leader, name="bench")
    boards = list(
        SwissPairing.objects.filter(round__number=4).order_by("board").values_list("id", flat=True)
    )
    probe_board, load_boards = boards[0], boards[1:]

    env = dict(os.environ)
    logs = open(LOG, "w")  # noqa: SIM115 (closed at the end)
    port, server = start_server(args.workers, env, logs)
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-Q",
            QUEUE,
            "-P",
            "solo",
            "-l",
            "warning",
            "--without-mingle",
            "--without-gossip",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
    base = f"/api/tournaments/swiss/{event.id}"

    def version() -> int:
        return SwissTournament.objects.get(id=event.id).standings_version

    spread: list[tuple[float, float]] = []  # per probe: POST answered, first client heard
    pages: list[float] = []  # `--ping`, per probe: POST -> the last client's page shows it

    def read_version() -> int:
        return SwissTournament.objects.get(id=event.id).version

    def probe(poster: Poster, listeners: Listeners, result: str) -> float:
        """POST a result, then wait until every client heard a standings version with it
        (`--ping`: its game_result fact; then also until every client's refetched page is of
        the read version the result made, or newer)."""
        t0 = time.monotonic()
        assert poster.post(probe_board, result) == 200
        written = SwissPairing.objects.get(id=probe_board).result_version  # only probes write it
        page_version = read_version() if args.ping else 0
        acked = time.monotonic() - t0
        heard_at = listeners.wait(written, timeout=10)
        first = (listeners.first_heard(written) or float("inf")) - t0
        spread.append((acked, first))
        if args.ping:
            fetched_at = listeners.wait_page(page_version, timeout=15)
            pages.append((fetched_at or float("inf")) - t0)
        return (heard_at or float("inf")) - t0

    def pages_report(label: str, latencies: list[float]) -> None:
        if args.ping and latencies:
            p50, p95 = percentiles(latencies)
            print(
                f"{label}: result POST -> the last client's refetched standings page shows it: "
                f"p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms (target p95 <= 1500 ms) "
                f"{'PASS' if p95 <= 1.5 else 'FAIL'}"
            )

    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        wait_for_workers(args.workers)
        frames = "?frames=ping" if args.ping else "" if args.two_frames else "?frames=one"
        jitter = min(args.players * 0.010, 4.0)  # the browser app's rule
        listeners = Listeners(
            # As the browser app: one frame per live push (docs/live.md), unless compared.
            f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event.id}/{frames}",
            f"http://127.0.0.1:{port}",
            args.clients,
            args.listener_processes,
            PageFetch(("127.0.0.1", port, f"{base}/standings/", jitter)) if args.ping else None,
        )
        listeners.start()
        if not listeners.ready.wait(timeout=180):
            print(f"only {listeners.connected} of {args.clients} clients connected")
            return 1
        print(
            f"{args.clients} WebSocket clients connected to {args.workers} web processes; "
            f"event of {args.players} players"
        )

        # Latency probes on a quiet event, spaced so that coalescing does not merge them.
        prober = Poster(port, base, token)
        quiet = []
        for i in range(args.probes):
            quiet.append(probe(prober, listeners, RESULTS[i % 3]))
            time.sleep(1.2)
        p50, p95 = percentiles(quiet)
        acked, first = (statistics.median(x) * 1000 for x in zip(*spread, strict=True))
        print(
            f"quiet: POST answered after p50 {acked:.0f} ms; first client heard at {first:.0f} ms"
        )
        heard = "game_result fact" if args.ping else "standings_update"
        print(
            f"quiet: result POST -> last client's {heard}: p50 {p50 * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms (target p95 <= 1000 ms) {'PASS' if p95 <= 1.0 else 'FAIL'}"
        )
        pages_report("quiet", pages[: len(quiet)])

        # Sustained load: each thread owns a slice of the boards, so the last result sent to a
        # board is known; requests go out on a fixed schedule. A probe runs every 2 s or so
        # meanwhile, at random moments: pushes come once per coalescing window, and probes
        # locked to that rhythm would always land at the same point of it.
        total = int(args.rate * args.seconds)
        threads = min(args.posters, len(load_boards))  # a board belongs to one thread
        answered: list[float] = []  # seconds from each load POST to its answer
        last_sent: dict[int, str] = {}
        acknowledged = [0] * threads
        under_load: list[float] = []
        started = time.monotonic()
        stop = started + args.seconds * 2  # bounded: a server that cannot keep up is reported

        def run(k: int) -> None:
            poster = Poster(port, base, token)
            mine = load_boards[k::threads]
            for n in range(k, total, threads):
                if time.monotonic() > stop:
                    return
                due = started + n / args.rate
                if (wait := due - time.monotonic()) > 0:
                    time.sleep(wait)
                board = mine[(n // threads) % len(mine)]
                result = RESULTS[n % 3]
                t0 = time.monotonic()
                if poster.post(board, result) == 200:
                    answered.append(time.monotonic() - t0)
                    acknowledged[k] += 1
                    last_sent[board] = result

        def probing() -> None:
            spacing = random.Random(7)
            i = 0
            while time.monotonic() - started < args.seconds - 2:
                under_load.append(probe(prober, listeners, RESULTS[i % 3]))
                i += 1
                time.sleep(max(0.0, spacing.uniform(1.5, 2.5) - under_load[-1]))

        groups = {
            "web (uvicorn)": pids_under(server.pid),
            "celery worker": [worker.pid],
            "postgres": pids_named("postgres"),
            "redis": pids_named("redis-server"),
            "this bench: posters": [os.getpid()],
            "its clients": listeners.pids,
        }
        cpu_before = {name: cpu_seconds(pids) for name, pids in groups.items()}
        steal_before = steal_seconds()
        with ThreadPoolExecutor(threads + 1) as pool:
            done = [pool.submit(run, k) for k in range(threads)] + [pool.submit(probing)]
            for future in done:
                future.result()
        elapsed = time.monotonic() - started
        sent = sum(acknowledged)
        used = {n: cpu_seconds(pids) - cpu_before[n] for n, pids in groups.items()}
        print(
            f"CPU during the sustained phase ({elapsed:.0f} s on {os.cpu_count()} cores): "
            + ", ".join(f"{n} {v:.1f} s" for n, v in used.items())
            + f"; stolen by the hypervisor {steal_seconds() - steal_before:.1f} s"
        )
        print(
            f"sustained: {sent} results acknowledged in {elapsed:.1f} s = {sent / elapsed:.1f}/s "
            f"(target {args.rate:.0f}/s for {args.seconds:.0f} s) "
            f"{'PASS' if sent == total and elapsed <= args.seconds * 1.05 else 'FAIL'}"
        )
        if answered:
            p50, p95 = percentiles(answered)
            print(
                f"under that load: POST answered after p50 {p50 * 1000:.0f} ms, "
                f"p95 {p95 * 1000:.0f} ms"
            )
        pushes = listeners.pushes_between(started, started + elapsed)
        if len(pushes) > 2:
            p50, p95 = percentiles([b - a for a, b in itertools.pairwise(pushes)])
            print(
                f"under that load: {len(pushes)} pushes reached a client, one every "
                f"p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
            )
        if under_load:
            # Where a probe's time went: its POST answered, the first client and the last one.
            loaded = spread[len(quiet) :]
            parts = [
                ("POST answered", [a for a, _ in loaded]),
                ("first client heard", [f for _, f in loaded]),
                ("last client heard", under_load),
            ]
            print(
                "under that load, probes: "
                + "; ".join(
                    "{} p50 {:.0f} ms, p95 {:.0f} ms".format(
                        name, *(v * 1000 for v in percentiles(xs))
                    )
                    for name, xs in parts
                )
            )
            if args.details:  # each probe, slowest last: which part the slow ones lost
                probes = sorted(zip(loaded, under_load, strict=True), key=lambda p: p[1])
                for (acked, first), last in probes:
                    print(
                        f"  probe: answered {acked * 1000:.0f} ms, first client "
                        f"{first * 1000:.0f} ms, last client {last * 1000:.0f} ms"
                    )
            p50, p95 = percentiles(under_load)
            bound = 0.25 if args.ping else 0.5  # issue 38: the ping (the fact) within 250 ms
            print(
                f"under that load ({len(under_load)} probes): result POST -> last client's "
                f"{heard} p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms "
                f"(target p95 <= {bound * 1000:.0f} ms) {'PASS' if p95 <= bound else 'FAIL'}; "
                f"a result waits up to one coalescing window ({COALESCE_SECONDS * 1000:.0f} ms) "
                "for its push"
            )
            pages_report("under that load", pages[len(quiet) :])

        stored = dict(SwissPairing.objects.filter(id__in=last_sent).values_list("id", "result"))
        all_stored = stored == last_sent
        state = event_state(tournament=SwissTournament.objects.get(id=event.id))
        fresh = {int(s.player_id): s for s in standings_afresh(state)}
        exact = all(
            p.points == fresh[p.id].points
            and p.rank == fresh[p.id].rank
            and p.tiebreaks
            == {c: (None if v is None else str(v)) for c, v in fresh[p.id].values.items()}
            for p in state.participants.values()
        )
        time.sleep(2.5)  # the trailing push
        if args.ping:  # the last reload reached everyone, and everyone refetched after it
            current = read_version()
            caught_up = listeners.wait_page(current, timeout=10) is not None
            print(f"every client's page is of the current version {current}: {caught_up}")
        pushed = listeners.last_payload or {}
        print(
            f"every acknowledged result stored: {all_stored}; stored standings equal a fresh "
            f"recomputation: {exact}; last push version {pushed.get('version')} "
            f"= current {version()}: {pushed.get('version') == version()}"
        )
    finally:
        for process in (server, worker):
            stop_group(process)
        logs.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
