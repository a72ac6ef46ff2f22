"""Past one machine (issue 44), through `scripts/topology.sh` itself: nginx in front of two HTTP
and two socket processes, two pairing workers and a live worker on split queues, beat,
PgBouncer in transaction mode, the channel layer over two Redis servers. One event is played
over HTTP and WebSocket while the test breaks things:

(a) a result written through HTTP process B (addressed directly) reaches the sockets that
    nginx placed on socket process A and on B;
(b) socket process A killed: its client reconnects through nginx (to B) with `?since=` its
    last version and hears what it missed, in order; no result lost, none heard twice;
(c) round 2 falls due while its pairing engine is held: both pairing workers run its start,
    the one that finds the pairing lease taken says so, and one round 2 is made;
(d) the worker running round 3's engine killed: the other pairs the round on a later tick,
    once the dead run's lease has run out;
(e) PgBouncer stopped: requests through nginx answer 503 with Retry-After at once, never a
    500 or a 502; PgBouncer started again: they recover;
(f) nginx answers a public page to visitors from its cache, never to a request with
    credentials, and a visitor reads a new result's version within its second.

One topology for all (starting it is most of the test's time); `down` leaves nothing."""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from arbiter.tournaments.models import SwissPairing, SwissRound, SwissTournament
from config.celery_app import app
from tests.ops.scenario import (
    Event,
    event_running,
    next_push,
    result_report,
    round_paired,
    team_ready,
)
from tests.ops.scripted_topology import ScriptedTopology, group_alive, scripted_topology
from tests.ops.topology import wait_until
from tests.processes import ROOT
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)

# How long a pairing run whose worker died keeps the event from being paired: the wait in (d).
LEASE_SECONDS = 5
# A bound, not a speed (tests/ops/test_pgbouncer.py): a refused connection answers at once.
FAIL_FAST_SECONDS = 15.0


@dataclass
class HeldEngine:
    """A bbpPairings-compatible engine that pairs with gacrux at once, or, while the `hold`
    file exists, first writes its parent's pid (the Celery task process running it) to
    `started` and waits (at most a minute) for the file to go."""

    directory: Path

    @property
    def hold(self) -> Path:
        return self.directory / "hold"

    @property
    def started(self) -> Path:
        return self.directory / "started"

    def write(self) -> Path:
        script = self.directory / "held-engine"
        script.write_text(
            "#!/bin/sh\n"
            f"if [ -e {self.hold} ]; then\n"
            f"  echo $PPID > {self.started}.new && mv {self.started}.new {self.started}\n"
            f"  i=0; while [ -e {self.hold} ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done\n"
            "fi\n"
            f"cd {ROOT}\n"
            f'ARBITER_PAIRING_ENGINE=gacrux exec {sys.executable} -m arbiter.pairing "$@"\n'
        )
        script.chmod(0o755)
        return script

    def hold_on(self) -> None:
        self.started.unlink(missing_ok=True)
        self.hold.touch()

    def holder(self) -> int:
        """The Celery task process whose engine is held, once one is."""
        wait_until("a held pairing", self.started.exists, timeout=WAIT_SECONDS)
        return int(self.started.read_text())

    def release(self) -> None:
        self.hold.unlink(missing_ok=True)


def established(port: int) -> int:
    """Connections accepted on `port` and open (the server's side: nginx's to a process)."""
    count = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        count += state == "01" and int(local.rsplit(":", 1)[1], 16) == port
    return count


@dataclass
class Watcher:
    """A browser's event socket in version pings (docs/live.md): `hello`, then `reload`s and
    the `game_result` facts; a reconnect sends `&since=` the last version it heard."""

    url: str
    origin: str
    socket: ClientConnection | None = None
    opened: ExitStack = field(default_factory=ExitStack)
    version: int = -1
    boards: list[int] = field(default_factory=list)  # game_result boards, in the order heard
    reloads: list[int] = field(default_factory=list)

    def connect(self) -> None:
        since = "" if self.version < 0 else f"&since={self.version}"
        self.socket = self.opened.enter_context(
            connect(
                f"{self.url}?frames=ping{since}",
                additional_headers={"Origin": self.origin},
                open_timeout=WAIT_SECONDS,
            )
        )
        self.version = next_push(self.socket, "hello")["version"]

    def _take(self, message: dict[str, Any]) -> None:
        event, payload = message["event"], message["payload"]
        assert event != "resync", "the history no longer reached back to the client's version"
        if event == "game_result":
            self.boards += [result["id"] for result in payload["results"]]
        elif event == "reload":
            self.reloads.append(payload["version"])
            self.version = payload["version"]

    def hear(self, boards: list[int], version: int) -> None:
        """Frames until every board of `boards` and a reload of `version` or later came."""
        assert self.socket is not None
        while not (
            set(boards) <= set(self.boards) and self.reloads and self.reloads[-1] >= version
        ):
            self._take(json.loads(self.socket.recv(timeout=WAIT_SECONDS)))

    def dropped(self) -> bool:
        """Whether the server side closed the socket (frames still on the way are taken)."""
        assert self.socket is not None
        try:
            while True:
                self._take(json.loads(self.socket.recv(timeout=WAIT_SECONDS)))
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self.opened.close()


def watcher_on(topology: ScriptedTopology, event: Event, port: int) -> Watcher:
    """A watcher through nginx that nginx's round robin put on the socket process at `port`."""
    for _ in range(4):
        before = established(port)
        watcher = Watcher(
            f"{topology.ws_base}/ws/tournaments/swiss/{event.id}/",
            origin=f"http://127.0.0.1:{topology.port}",
        )
        watcher.connect()
        if established(port) > before:
            return watcher
        watcher.close()
    raise AssertionError(f"nginx never put a socket on the process at {port}")


def version_of(event: Event) -> int:
    return SwissTournament.objects.values_list("version", flat=True).get(id=event.id)


def rounds_of(event: Event) -> list[int]:
    rounds = SwissRound.objects.filter(tournament_id=event.id).order_by("number")
    return list(rounds.values_list("number", flat=True))


def report(topology: Any, event: Event, *boards: int) -> int:
    """Results written (all accepted); the event's read version after them."""
    assert [result_report(topology, event, board) for board in boards] == [200] * len(boards)
    return version_of(event)


def get(topology: ScriptedTopology, path: str, token: str) -> tuple[int, str, str]:
    """A GET through nginx: the status, the Retry-After header and the body."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{topology.port}{path}", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
            return reply.status, reply.headers.get("Retry-After", ""), reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Retry-After", ""), error.read().decode()


def public_read(topology: ScriptedTopology, path: str, **headers: str) -> tuple[str, int]:
    """A GET through nginx: where nginx took the answer from (X-Cache-Status) and the page's
    version (Arbiter-Version)."""
    request = urllib.request.Request(f"http://127.0.0.1:{topology.port}{path}", headers=headers)
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
        reply.read()
        return reply.headers.get("X-Cache-Status", ""), int(reply.headers["Arbiter-Version"])


def worker_of(topology: ScriptedTopology, task_process: int) -> str:
    """The pairing worker whose process group holds `task_process`."""
    group = os.getpgid(task_process)
    return next(name for name, pid in topology.pids().items() if pid == group)


def test_across_nodes_through_the_topology_script(tmp_path: Path) -> None:
    engine = HeldEngine(tmp_path)
    env = {
        "ARBITER_TICK_SECONDS": "1",
        "ARBITER_HEARTBEAT_SECONDS": "1",
        "ARBITER_PAIRING_ENGINE": "bbpPairings",
        "ARBITER_BBPPAIRINGS": str(engine.write()),
        "ARBITER_PAIRING_LEASE_SECONDS": str(LEASE_SECONDS),
    }
    times = {"start": time.monotonic()}
    with scripted_topology(env=env, pairing_workers=2) as topology:
        times["up"] = time.monotonic()
        event = event_running(topology, team_ready(8), rounds=3, interval=2)
        first = round_paired(topology, event, 1, timeout=WAIT_SECONDS)
        assert len(first) == 4

        # (a) One watcher on each socket process, through nginx; a result through HTTP B.
        socket_a, socket_b = topology.socket_ports
        on_a = watcher_on(topology, event, socket_a)
        on_b = watcher_on(topology, event, socket_b)
        version = report(topology.http(1), event, first[0])
        for watcher in (on_a, on_b):
            watcher.hear(first[:1], version)
        times["a"] = time.monotonic()

        # (f) nginx keeps a public page a second for visitors; a request with credentials
        # always reaches a web process; a visitor reads a new result's version within
        # the proxy's second and the web process's own (docs/deploy.md).
        page = f"/api/tournaments/swiss/{event.id}/"
        wait_until(
            "a public page answered from nginx's cache",
            lambda: public_read(topology, page)[0] == "HIT",
            timeout=WAIT_SECONDS,
        )
        signed_in = {"Authorization": f"Bearer {event.leader}"}
        assert public_read(topology, page, **signed_in)[0] == "BYPASS"
        assert public_read(topology, page, Cookie="sessionid=abc")[0] == "BYPASS"
        version = report(topology.http(0), event, first[1])
        written = time.monotonic()
        wait_until(
            "the new version through nginx",
            lambda: public_read(topology, page)[1] >= version,
            timeout=WAIT_SECONDS,
        )
        assert time.monotonic() - written < 5.0
        for watcher in (on_a, on_b):
            watcher.hear(first[:2], version)

        # (b) Socket process A dies mid-event; results go on; its client comes back through
        # nginx, on B, with the version it had, and hears the rest once.
        topology.kill("web-socket-a")
        assert on_a.dropped()
        wait_until(
            "socket process A gone",
            lambda: not group_alive(topology.pid("web-socket-a")),
            timeout=WAIT_SECONDS,
        )
        version = report(topology, event, first[2])
        on_b.hear(first[:3], version)
        on_a.connect()
        assert established(socket_b) == 2 and established(socket_a) == 0
        on_a.hear(first[:3], version)
        engine.hold_on()  # round 2 (due 2 s after the last result) waits, for (c)
        version = report(topology, event, first[3])
        for watcher in (on_a, on_b):
            watcher.hear(first, version)
            assert watcher.boards == first, watcher.boards  # each result once, in order
            assert watcher.reloads == sorted(set(watcher.reloads)), watcher.reloads
            watcher.close()
        times["b"] = time.monotonic()

        # (c) Round 2 is due; its first start holds the engine (and the pairing lease); more
        # starts of it go to the pairing queue until the other pairing worker has run one.
        holder = worker_of(topology, engine.holder())
        other = next(n for n in ("worker-pairing-1", "worker-pairing-2") if n != holder)
        busy = f"tournament {event.id}: already being paired"
        queue = f"{settings.CELERY_TASK_DEFAULT_QUEUE}.pairing"
        for _ in range(40):
            if busy in topology.log(other):
                break
            app.send_task(
                "tournaments.round_start_due", kwargs={"tournament_id": event.id}, queue=queue
            )
            time.sleep(0.3)
        assert busy in topology.log(other), topology.logs_tail()
        engine.release()
        second = round_paired(topology, event, 2, timeout=WAIT_SECONDS)
        times["c"] = time.monotonic()

        # (d) Round 3's engine held, its worker killed: the other worker pairs the round on a
        # tick after the dead run's lease.
        engine.hold_on()
        report(topology, event, *second)
        killed = worker_of(topology, engine.holder())
        survivor = next(n for n in ("worker-pairing-1", "worker-pairing-2") if n != killed)
        topology.kill(killed)
        engine.release()  # the orphaned engine pairs into a closed pipe and ends
        round_paired(topology, event, 3, timeout=WAIT_SECONDS)
        assert f"tournament {event.id}: round 3 is due, pairing" in topology.log(survivor)
        times["d"] = time.monotonic()

        # (e) PgBouncer stopped and started again, requests through nginx meanwhile.
        me = "/api/auth/me/"
        assert get(topology, me, event.leader)[0] == 200
        topology.script("stop", "pgbouncer")
        for _ in range(3):  # a broken pooled connection, then a refused new one
            asked = time.monotonic()
            status, retry_after, body = get(topology, me, event.leader)
            assert status == 503 and retry_after and "database" in body.lower(), (status, body)
            assert time.monotonic() - asked < FAIL_FAST_SECONDS
        topology.script("start", "pgbouncer")
        wait_until(
            "requests through a restarted PgBouncer",
            lambda: get(topology, me, event.leader)[0] == 200,
            timeout=WAIT_SECONDS,
        )
        times["e"] = time.monotonic()

        time.sleep(2)  # further ticks and redelivered starts must add nothing
        assert rounds_of(event) == [1, 2, 3]
        assert SwissPairing.objects.filter(round__tournament_id=event.id).count() == 12
        # Round starts ran on the pairing queue only (Celery logs "Task <name>[<id>] received").
        assert "tournaments.round_start_due[" not in topology.log("worker-live")
        assert "tournaments.round_start_due[" in topology.log(survivor)
        pids = topology.pids()
        topology.script("down")
        assert [name for name, pid in pids.items() if group_alive(pid)] == []
        times["down"] = time.monotonic()
    marks = list(times.items())
    print(" ".join(f"{name} {at - marks[i][1]:.1f}s" for i, (name, at) in enumerate(marks[1:])))
