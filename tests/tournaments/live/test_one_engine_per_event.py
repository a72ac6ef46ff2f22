"""At most one pairing run per event, through the real server (`make run`'s configuration:
SQLite, in-process tasks, the scheduler looking every second).

A 2,000-player imported event pairs round 1 with exactly one engine process while
/api/health/ keeps answering (the engine's run does not hold the server up); a server
stopped (SIGTERM) or killed (SIGKILL) while its engine runs leaves no engine behind, nor its
warm engine process.

Before the pairing lease the scheduler dispatched "round 1 is due" again each time the
five-second repeat guard ran out, each dispatch starting an engine of its own (six ran at
once), and the engines outlived the server.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from arbiter.pairing.trf_request import build_tournament
from arbiter.trf.formats import export_trf
from tests.pairing.events import Event
from tests.processes import Served, served
from tests.timing import WAIT_SECONDS
from tests.tournaments.live.test_embedded_mode import embedded_env, setup_run, shell_run

PLAYERS = 2000
# Health answers while the engine runs: a server waiting for the engine would answer after
# the whole run (about a minute). A bound, not a speed: 0.08 s at worst measured on a 2-core
# machine at load 7-8, while round 1 took 58 s.
HEALTH_BOUND_SECONDS = 5.0

SETUP = """
from pathlib import Path
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.trf_import import event_from_trf
from arbiter.users.models import User

leader = User.objects.create_user("leader", password="x")
team = Team.objects.create(name="Imports", slug="imports")
Membership.objects.create(team=team, user=leader, role="leader")
text = Path(TRF_PATH).read_text()
ids = [
    event_from_trf(team=team, user=leader, text=text.replace("Big Import", name),
        clock_limit_seconds=300, clock_increment_seconds=3).tournament.id
    for name in ("Big Import A", "Big Import B")
]
# Imported events start a minute later: here each starts when the test says so.
from arbiter.tournaments.models import SwissTournament
SwissTournament.objects.filter(id__in=ids).update(next_round_at=None)
print(*ids)
"""

DUE_NOW = """
from django.utils import timezone
from arbiter.tournaments.models import SwissTournament
SwissTournament.objects.filter(id=EVENT_ID).update(next_round_at=timezone.now())
print("ok")
"""


def big_trf(players: int) -> str:
    t = build_tournament(Event.create(players, 7, 1).request(), mark_unpaired=False)
    t.header.update({"012": "Big Import"})
    return export_trf(t, "trf26")


def _processes() -> dict[int, tuple[int, list[bytes]]]:
    """Every live process: pid -> (parent pid, command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:  # gone meanwhile
            continue
        found[int(entry.name)] = (int(stat.rpartition(")")[2].split()[1]), argv)
    return found


def zygotes_of(parent: int) -> set[int]:
    """The warm engine processes (`arbiter/pairing/zygote.py`) the process `parent` started."""
    return {
        pid
        for pid, (ppid, argv) in _processes().items()
        if ppid == parent and any(a.endswith(b"zygote.py") for a in argv)
    }


def engines_of(parent: int) -> set[int]:
    """Pairing engine runs (gacrux) of the process `parent`: its warm engine process's
    children, or a launcher (`launch.py`) it started itself when the engines run cold."""
    processes = _processes()
    zygotes = {
        pid
        for pid, (ppid, argv) in processes.items()
        if ppid == parent and any(a.endswith(b"zygote.py") for a in argv) and b"gacrux" in argv[2]
    }
    return {
        pid
        for pid, (ppid, argv) in processes.items()
        if ppid in zygotes
        or (ppid == parent and any(a.endswith(b"launch.py") for a in argv) and b"gacrux" in argv[2])
    }


def alive(pids: set[int]) -> set[int]:
    left = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.add(pid)
    return left


def get(url: str, timeout: float = 30) -> dict:
    with urllib.request.urlopen(url, timeout=timeout) as reply:
        return dict(json.load(reply))


@contextmanager
def serving(env: dict[str, str], log: Path) -> Iterator[Served]:
    with served(env=env, log_path=log) as web:
        yield web


def engine_started(web: Served, timeout: float = 120) -> set[int]:
    deadline = time.monotonic() + timeout
    while not (seen := engines_of(web.server.process.pid)):
        assert time.monotonic() < deadline, "no engine started:\n" + web.server.log_tail()
        time.sleep(0.2)
    return seen


def gone_soon(pids: set[int], seconds: float = WAIT_SECONDS) -> set[int]:
    deadline = time.monotonic() + seconds
    while (left := alive(pids)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


def test_one_engine_per_event_health_answers_and_no_engine_outlives_the_server(tmp_path):
    env = embedded_env(tmp_path)
    env["ARBITER_PAIRING_ENGINE"] = "gacrux"
    trf = tmp_path / "big.trf"
    trf.write_text(big_trf(PLAYERS))
    first, second = map(int, setup_run(env, SETUP.replace("TRF_PATH", repr(str(trf)))))

    with serving(env, tmp_path / "serve1.log") as web:
        shell_run(env, DUE_NOW.replace("EVENT_ID", str(first)))
        most, seen, slowest = 0, set(), 0.0
        asked_from = time.monotonic()
        deadline = asked_from + 900
        while True:
            running = engines_of(web.server.process.pid)
            seen |= running
            most = max(most, len(running))
            asked = time.monotonic()
            assert get(f"{web.url}/api/health/")["ok"]
            slowest = max(slowest, time.monotonic() - asked)
            event = get(f"{web.url}/api/tournaments/swiss/{first}/")
            if event["current_round"] == 1:
                break
            assert time.monotonic() < deadline, web.server.log_tail()
            time.sleep(0.5)
        assert (most, len(seen)) == (1, 1), (most, seen)
        assert slowest < HEALTH_BOUND_SECONDS, slowest
        board = get(f"{web.url}/api/tournaments/swiss/{first}/rounds/1/")
        assert len(board["pairings"]) == PLAYERS // 2
        print(
            f"one engine, health at worst {slowest:.3f} s"
            f" while round 1 took {time.monotonic() - asked_from:.1f} s"
        )

        # The server stops (SIGTERM) while the other event's engine runs: it goes too.
        shell_run(env, DUE_NOW.replace("EVENT_ID", str(second)))
        running = engine_started(web)
        running |= zygotes_of(web.server.process.pid)
        web.server.stop()
        assert not gone_soon(running), "an engine outlived the stopped server"
        assert "pairing engine(s) killed" in web.server.log_tail(200)  # in order, not by chance

    # Killed outright (SIGKILL, no cleanup): the engine asked to die with its parent.
    with serving(env, tmp_path / "serve2.log") as web:
        shell_run(env, DUE_NOW.replace("EVENT_ID", str(second)))
        running = engine_started(web) | zygotes_of(web.server.process.pid)
        os.kill(web.server.process.pid, 9)
        web.server.process.wait()
        assert not gone_soon(running), "an engine outlived the killed server"
