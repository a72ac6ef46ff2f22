"""PostgreSQL behind PgBouncer in transaction mode (issue 44), through the real server: with
`DATABASE_POOLER=pgbouncer` (no server-side cursors, no prepared statements) a web process
serves reads from six clients at once through Debian's `pgbouncer`, its pooled connections
lent three server connections by turns; PgBouncer killed, requests fail fast with a 503 and
`Retry-After`, never a 500; PgBouncer back, they recover."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings

from arbiter.users.services import api_token_create
from tests.factories.events import event_with_round
from tests.processes import free_port
from tests.timing import WAIT_SECONDS
from tests.web import accepts, web_server

pytestmark = pytest.mark.django_db(transaction=True)

PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
# A bound, not a speed: a refused connection answers at once, a pooled one that broke at its
# next use; the pool's wait for a connection (DATABASE_POOL_TIMEOUT) is 5 s.
FAIL_FAST_SECONDS = 15.0


class Bouncer:
    def __init__(self, directory: Path, port: int, database: str) -> None:
        self.directory, self.port = directory, port
        (directory / "users.txt").write_text('"postgres" ""\n')
        (directory / "pgbouncer.ini").write_text(
            f"[databases]\n{database} = host=127.0.0.1 port=5432 dbname={database}\n"
            "[pgbouncer]\nlisten_addr = 127.0.0.1\n"
            f"listen_port = {port}\nunix_socket_dir =\nauth_type = trust\n"
            f"auth_file = {directory / 'users.txt'}\npool_mode = transaction\n"
            "max_client_conn = 200\ndefault_pool_size = 3\n"
            "ignore_startup_parameters = extra_float_digits,options\n"
        )
        for path in directory.iterdir():
            path.chmod(0o644)
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = (self.directory / "pgbouncer.log").open("ab")
        # PgBouncer refuses to run as root; as the database's own user it reads its files.
        user = ["-u", "postgres"] if os.getuid() == 0 else []
        self.process = subprocess.Popen(
            [PGBOUNCER, *user, str(self.directory / "pgbouncer.ini")],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + WAIT_SECONDS
        while not accepts(self.port):
            assert self.process.poll() is None, self.log()
            assert time.monotonic() < deadline, self.log()
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: gone at once, its clients' connections broken (no orderly shutdown)."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def log(self) -> str:
        return (self.directory / "pgbouncer.log").read_text(errors="replace")[-3000:]


@contextmanager
def bouncer() -> Iterator[Bouncer]:
    directory = Path(tempfile.mkdtemp(prefix="arbiter-pgbouncer-"))
    directory.chmod(0o755)
    found = Bouncer(directory, free_port(), str(settings.DATABASES["default"]["NAME"]))
    found.start()
    try:
        yield found
    finally:
        if found.process is not None and found.process.poll() is None:
            found.kill()
        shutil.rmtree(directory, ignore_errors=True)


def _get(url: str, token: str) -> tuple[int, dict[str, str], object]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
            return reply.status, {k.lower(): v for k, v in reply.headers.items()}, json.load(reply)
    except urllib.error.HTTPError as error:
        return (
            error.code,
            {k.lower(): v for k, v in error.headers.items()},
            json.loads(error.read() or b"null"),
        )


def test_served_through_pgbouncer_in_transaction_mode_and_503_while_it_is_down():
    built = event_with_round(players=8, rounds=2, results=[["1-0", "1/2-1/2", "0-1", "1-0"]])
    _, token = api_token_create(user=built.leader, name="ops")
    with bouncer() as pgb:
        env = {
            "DATABASE_URL": (
                f"postgres://postgres@127.0.0.1:{pgb.port}/{settings.DATABASES['default']['NAME']}"
            ),
            "DATABASE_POOLER": "pgbouncer",
            "DATABASE_POOL_SIZE": "4",
            "ARBITER_READ_VERSION_SECONDS": "0",
        }
        with web_server(workers=1, env=env) as port:
            base = f"http://127.0.0.1:{port}"
            event = f"{base}/api/tournaments/swiss/{built.event.id}"

            # The same queries many times, from several clients at once: PgBouncer lends each
            # pooled connection whichever server connection is free, transaction by transaction.
            def reads() -> list[tuple[str, int]]:
                seen = []
                for _ in range(10):
                    for path in ("/api/auth/me/", "/api/tournaments/swiss/", rounds_path):
                        status, _, body = _get(base + path, token)
                        seen.append((path, status))
                        if path == rounds_path and status == 200:
                            assert len(body["pairings"]) == 4  # type: ignore[index]
                return seen

            rounds_path = f"/api/tournaments/swiss/{built.event.id}/rounds/1/"
            with ThreadPoolExecutor(6) as pool:
                answers = [a for each in pool.map(lambda _: reads(), range(6)) for a in each]
            assert [a for a in answers if a[1] != 200] == [], pgb.log()
            status, _, standings = _get(f"{event}/standings/", token)
            assert status == 200 and standings["count"] == 8  # type: ignore[index]

            pgb.kill()
            asked = time.monotonic()
            for _ in range(3):  # a broken pooled connection, then a refused new one
                status, headers, body = _get(f"{base}/api/auth/me/", token)
                assert status == 503, (status, body)
                assert headers.get("retry-after") and "database" in str(body).lower()
            assert time.monotonic() - asked < 3 * FAIL_FAST_SECONDS

            pgb.start()
            deadline = time.monotonic() + WAIT_SECONDS
            while (status := _get(f"{base}/api/auth/me/", token)[0]) != 200:
                assert status == 503 and time.monotonic() < deadline, status
                time.sleep(0.2)
            assert _get(f"{event}/standings/", token)[0] == 200
