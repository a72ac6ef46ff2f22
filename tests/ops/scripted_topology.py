"""The topology of `scripts/topology.sh` (issue 44) for one test, started by the script itself:
nginx, two HTTP and two socket processes, Celery workers by job, beat, PgBouncer and two
channel-layer Redis servers, in a state directory and on free ports of the test's own (so
pytest-xdist processes never meet), on the test's database, queue prefix and cache."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import redis
from django.conf import settings

from tests.ops.topology import Endpoint
from tests.processes import ROOT, free_port
from tests.web import server_env

SCRIPT = ROOT / "scripts" / "topology.sh"
JOB_SUFFIXES = ("", ".pairing", ".live", ".ratings")  # arbiter.core.task_queues' queue names


@dataclass(kw_only=True)
class ScriptedTopology(Endpoint):
    """`port` is nginx's; `http(i)` and `socket(i)` reach one process of a pair directly."""

    directory: Path
    env: dict[str, str]
    http_ports: list[int] = field(default_factory=list)
    socket_ports: list[int] = field(default_factory=list)

    def script(self, *args: str, timeout: float = 60) -> str:
        """Run `scripts/topology.sh *args` in this topology's environment; its output."""
        done = subprocess.run(
            ["bash", str(SCRIPT), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, (
            f"topology.sh {' '.join(args)} exited {done.returncode}:\n"
            f"{done.stdout}{done.stderr}\n{self.logs_tail()}"
        )
        return done.stdout

    def pid(self, name: str) -> int:
        return int((self.directory / "run" / f"{name}.pid").read_text().split()[0])

    def pids(self) -> dict[str, int]:
        run = self.directory / "run"
        return {path.stem: self.pid(path.stem) for path in sorted(run.glob("*.pid"))}

    def kill(self, name: str) -> None:
        """SIGKILL the process and all it started (its own group): a crash, no cleanup."""
        with suppress(ProcessLookupError):
            os.killpg(self.pid(name), signal.SIGKILL)

    def log(self, name: str) -> str:
        return (self.directory / "logs" / f"{name}.log").read_text(errors="replace")

    def logs_tail(self) -> str:
        return "\n".join(
            f"--- {path.name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-25:])
            for path in sorted((self.directory / "logs").glob("*.log"))
        )

    def http(self, index: int) -> Endpoint:
        return Endpoint(port=self.http_ports[index])


def group_alive(pgid: int) -> bool:
    """Whether a process of the group runs (zombies do not: orphans wait here for a reaper)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with suppress(OSError):
            state, _, group = stat.read_text().rsplit(") ", 1)[1].split()[:3]
            if int(group) == pgid and state != "Z":
                return True
    return False


def _free_ports(count: int) -> list[int]:
    ports: set[int] = set()
    while len(ports) < count:
        ports.add(free_port())
    return sorted(ports)


@contextmanager
def scripted_topology(
    *, env: dict[str, str] | None = None, pairing_workers: int = 1
) -> Iterator[ScriptedTopology]:
    """`topology.sh up` on the test settings; `down` at exit, whatever happened."""
    directory = Path(tempfile.mkdtemp(prefix="arbiter-topology-"))
    directory.chmod(0o755)  # nginx (as nobody) and PgBouncer (as postgres) read their files
    proxy, *ports = _free_ports(8)
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    # Tasks earlier tests of this process sent with no worker to run them are stale.
    redis.Redis.from_url(settings.REDIS_URL).delete(*(queue + s for s in JOB_SUFFIXES))
    topology = ScriptedTopology(
        port=proxy,
        directory=directory,
        http_ports=ports[0:2],
        socket_ports=ports[2:4],
        env={
            **server_env(),  # the test's database, queue prefix and cache
            "TOPOLOGY_DIR": str(directory),
            "TOPOLOGY_SETTINGS": "config.settings.test",
            "TOPOLOGY_DATABASE": str(settings.DATABASES["default"]["NAME"]),
            "TOPOLOGY_REDIS_URL": settings.REDIS_URL,
            "TOPOLOGY_PYTHON": sys.executable,
            "TOPOLOGY_PORT": str(proxy),
            "TOPOLOGY_HTTP_PORTS": f"{ports[0]} {ports[1]}",
            "TOPOLOGY_SOCKET_PORTS": f"{ports[2]} {ports[3]}",
            "TOPOLOGY_CHANNEL_REDIS_PORTS": f"{ports[4]} {ports[5]}",
            "TOPOLOGY_PGBOUNCER_PORT": str(ports[6]),
            "TOPOLOGY_PAIRING_WORKERS": str(pairing_workers),
            "TOPOLOGY_TIMEOUT": "150",
            **(env or {}),
        },
    )
    try:
        topology.script("up", timeout=200)
        yield topology
    finally:
        with suppress(AssertionError, subprocess.TimeoutExpired):
            topology.script("down")
        print(topology.logs_tail())  # shown by pytest for a failing test
        shutil.rmtree(directory, ignore_errors=True)
