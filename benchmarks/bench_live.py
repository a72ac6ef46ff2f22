"""Live Swiss load benchmark on real parts: daphne + a Celery worker + Redis + PostgreSQL.

- 1,000 WebSocket clients on one event;
- latency from a result POST to the *last* client receiving the `standings_update` that
  includes it (p50, p95 over spaced probes); target p95 <= 1 s;
- 50 results per second for 60 seconds (leader corrections spread over every board), then:
  every acknowledged result stored, and the stored standings equal a recomputation from scratch.
Sizes can be lowered for a quick look: --clients, --rate, --seconds, --players.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_live"
QUEUE = "bench-live"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"
os.environ["ARBITER_TEST_DATABASE_NAME"] = DB
os.environ["ARBITER_TEST_QUEUE"] = QUEUE
# A Redis database of its own, emptied at the start: channel groups left by an earlier run's
# killed clients would otherwise receive (and slow) every push.
os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/2"

import django  # noqa: E402
import redis  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Listeners:
    """Many WebSocket clients on one asyncio loop in a thread. For the version being waited for
    (`expect`), it records when the last client heard it (or a later one)."""

    def __init__(self, url: str, origin: str, count: int) -> None:
        self.url, self.origin, self.count = url, origin, count
        self.connected = self.failed = 0
        self.ready = threading.Event()
        self.target = 1 << 62
        self.covered: set[int] = set()
        self.all_heard_at: float | None = None
        self.last_payload: dict[str, Any] | None = None

    def expect(self, version: int) -> None:
        self.covered = set()
        self.all_heard_at = None
        self.target = version

    def _heard(self, i: int, payload: dict[str, Any]) -> None:
        if i == 0:
            self.last_payload = payload
        if payload["version"] >= self.target and i not in self.covered:
            self.covered.add(i)
            if len(self.covered) == self.count:
                self.all_heard_at = time.monotonic()

    async def _client(self, i: int) -> None:
        for attempt in range(5):  # a refused handshake under the connection ramp is retried
            try:
                await self._listen(i)
                return
            except (OSError, InvalidMessage, InvalidStatus):
                await asyncio.sleep(1 + attempt)
        self.failed += 1

    async def _listen(self, i: int) -> None:
        async with connect(self.url, additional_headers={"Origin": self.origin}) as ws:
            await ws.recv()  # hello
            self.connected += 1
            if self.connected == self.count:
                self.ready.set()
            try:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["event"] == "standings_update":
                        self._heard(i, message["payload"])
            except ConnectionClosed:
                return  # the server stopped at the end of the run

    async def _run(self) -> None:
        tasks = []
        for i in range(self.count):
            tasks.append(asyncio.create_task(self._client(i)))
            if i % 50 == 49:
                await asyncio.sleep(0.5)  # a ramp, as real clients arrive
        await asyncio.gather(*tasks)

    def start(self) -> threading.Thread:
        thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        thread.start()
        return thread


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rate", type=float, default=50.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--probes", type=int, default=20)
    args = parser.parse_args()

    recreate_database(DB)
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    django.setup()
    from arbiter.tournaments.models import SwissPairing, SwissTournament
    from arbiter.tournaments.services.standings import standings_compute
    from arbiter.tournaments.state import event_state
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=args.players, rounds_done=3, total_rounds=9)
    _, token = api_token_create(user=leader, name="bench")
    boards = list(
        SwissPairing.objects.filter(round__number=4).order_by("board").values_list("id", flat=True)
    )

    port = free_port()
    env = dict(os.environ)
    logs = open("/tmp/bench-live.log", "w")  # noqa: SIM115 (closed at the end)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "--websocket_connect_timeout",
            "30",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=logs,
        stderr=subprocess.STDOUT,
    )
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
    base = f"http://127.0.0.1:{port}/api/tournaments/swiss/{event.id}"

    def post(board_id: int, result: str) -> int:
        request = urllib.request.Request(
            f"{base}/pairings/{board_id}/result/",
            data=json.dumps({"result": result}).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            return int(reply.status)

    def version() -> int:
        return SwissTournament.objects.get(id=event.id).standings_version

    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        listeners = Listeners(
            f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event.id}/",
            f"http://127.0.0.1:{port}",
            args.clients,
        )
        listeners.start()
        if not listeners.ready.wait(timeout=180):
            print(f"only {listeners.connected} of {args.clients} clients connected")
            return 1
        print(f"{args.clients} WebSocket clients connected; event of {args.players} players")

        # Latency probes, spaced so that coalescing does not merge them.
        latencies = []
        for i in range(args.probes):
            listeners.expect(version() + 1)  # the result below bumps the version by one
            t0 = time.monotonic()
            post(boards[i % len(boards)], RESULTS[i % 3])
            deadline = time.monotonic() + 10
            while listeners.all_heard_at is None and time.monotonic() < deadline:
                time.sleep(0.01)
            latencies.append((listeners.all_heard_at or float("inf")) - t0)
            time.sleep(1.2)
        p50 = statistics.median(latencies)
        p95 = statistics.quantiles(latencies, n=20)[18] if len(latencies) >= 2 else latencies[0]
        verdict = "PASS" if p95 <= 1.0 else "FAIL"
        print(
            f"result POST -> last client's standings_update: p50 {p50 * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms (target p95 <= 1000 ms) {verdict}"
        )

        # Sustained load: each thread owns a slice of the boards, so the last result sent to a
        # board is known; requests go out on a fixed schedule.
        total = int(args.rate * args.seconds)
        threads = 8
        last_sent: dict[int, str] = {}
        acknowledged = [0] * threads
        started = time.monotonic()

        def run(k: int) -> None:
            mine = boards[k::threads]
            for n in range(k, total, threads):
                if time.monotonic() - started > args.seconds * 2:
                    return  # bounded: a server that cannot keep up is reported, not waited for
                due = started + n / args.rate
                if (wait := due - time.monotonic()) > 0:
                    time.sleep(wait)
                board = mine[(n // threads) % len(mine)]
                result = RESULTS[n % 3]
                if post(board, result) == 200:
                    acknowledged[k] += 1
                    last_sent[board] = result

        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(run, range(threads)))
        elapsed = time.monotonic() - started
        sent = sum(acknowledged)
        print(
            f"sustained: {sent} results acknowledged in {elapsed:.1f} s = {sent / elapsed:.1f}/s "
            f"(target {args.rate:.0f}/s for {args.seconds:.0f} s) "
            f"{'PASS' if sent == total and elapsed <= args.seconds * 1.05 else 'FAIL'}"
        )

        stored = dict(SwissPairing.objects.filter(id__in=last_sent).values_list("id", "result"))
        all_stored = stored == last_sent
        state = event_state(tournament=SwissTournament.objects.get(id=event.id))
        fresh = {int(s.player_id): s for s in standings_compute(state)}
        exact = all(
            p.points == fresh[p.id].points
            and p.rank == fresh[p.id].rank
            and p.tiebreaks
            == {c: (None if v is None else str(v)) for c, v in fresh[p.id].values.items()}
            for p in state.participants.values()
        )
        time.sleep(2.5)  # the trailing standings push
        pushed = listeners.last_payload or {}
        print(
            f"every acknowledged result stored: {all_stored}; stored standings equal a fresh "
            f"recomputation: {exact}; last push version {pushed.get('version')} "
            f"= current {version()}: {pushed.get('version') == version()}"
        )
    finally:
        for process in (server, worker):
            os.killpg(process.pid, signal.SIGTERM)
        for process in (server, worker):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        logs.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
