"""The path of a player's result report, traced: every project file whose code runs from the
request reaching the ASGI application to the frame reaching a watcher's socket consumer.

    .venv/bin/python scripts/trace_result_path.py            # the files, by package
    .venv/bin/python scripts/trace_result_path.py --check    # exit 1 unless docs/architecture.md
                                                             # lists exactly these files
    .venv/bin/python scripts/trace_result_path.py --write    # rewrite that list in the docs

It runs on the embedded defaults in a fresh process (SQLite in a temporary folder, the
in-memory channel layer, tasks in the caller), so nothing on the machine is needed and every
thread is traced from its start: a profile hook on every thread records the code objects'
files while the report is in flight (`recording`), and nothing before it (migrations, the
event's setup, the socket's connection). One event of four players, round 1 paired, one
watcher's socket open; then the white player of board 1 reports 1-0 with an API token through
the ASGI application (its wrappers, Django's middleware, the view) and the script waits for the
watcher's frame. The report waits out the reload window that the round's start opened
(`realtime.ping`), so its version ping is always the leading one, sent at once: on a slow
machine the window had closed by itself and on a fast one not, and the traced files differed by
the trailing ping's task. Counted: files under `arbiter/` and `config/`; the domain part is
the files that decide what the report does to the board and the standings (`DOMAIN`, below),
the rest is the machinery around them (HTTP, queueing, locking, storage, pushes).

The list in docs/architecture.md sits between the `BEGIN`/`END` markers below; a test runs
`--check` (tests/test_architecture.py), so the count cannot drift from the code."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "architecture.md"
BEGIN = "<!-- traced-result-path: begin (scripts/trace_result_path.py --write) -->"
END = "<!-- traced-result-path: end -->"
PACKAGES = ("arbiter", "config")
# The files that hold what a report does to a board and to the standings: the result rules, the
# standings and the round's completion; and the tie-break engine they call, counted apart (a
# rule engine of its own, entered by `tiebreaks.standings`). Everything else is machinery.
DOMAIN_PREFIXES = (
    "arbiter/tournaments/rules/",
    "arbiter/tournaments/services/standings.py",
    "arbiter/tournaments/services/completion.py",
)
ENGINE_PREFIXES = ("arbiter/tiebreaks/",)

recording = threading.Event()
seen: set[str] = set()


def _profile(frame: FrameType, event: str, arg: Any) -> None:
    if event == "call" and recording.is_set():
        seen.add(frame.f_code.co_filename)


def _project_file(path: str) -> str | None:
    try:
        relative = Path(path).resolve().relative_to(ROOT)
    except ValueError:
        return None
    if relative.parts[0] not in PACKAGES or relative.suffix != ".py":
        return None
    return relative.as_posix()


def _environment(folder: str) -> None:
    for name in list(os.environ):
        if name.startswith(("REDIS", "CELERY", "DATABASE", "DJANGO", "ARBITER")):
            del os.environ[name]
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/trace.sqlite3"
    os.environ["DJANGO_ALLOWED_HOSTS"] = "localhost,testserver"  # the ASGI and the test client
    sys.path.insert(0, str(ROOT))


def _event() -> tuple[int, int, str]:
    """An over-the-board event of four players with round 1 paired: its id, board 1's id,
    and an API token of board 1's white player."""
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create
    from tests.tournaments.helpers import client_of, create_event, team_with_members

    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=2, mode="otb")  # players report results
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    boards = client_of(leader).post(f"{base}/start-next-round/").json()["pairings"]
    white = User.objects.get(username=boards[0]["white"])
    return event["id"], boards[0]["id"], api_token_create(user=white, name="trace")[1]


def _ping_window_wait(event_id: int) -> None:
    """Until the event's last version ping is a whole reload window old and no trailing ping
    is pending: the report's own ping is then sent at once, whatever the machine's speed."""
    import time

    from django.core.cache import cache

    from arbiter.realtime import ping
    from arbiter.tournaments.live.push import swiss_group

    group = swiss_group(event_id)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        sent_at = cache.get(ping.SENT_AT_KEY.format(group)) or 0.0
        pending = cache.get(ping.TRAILING_KEY.format(group)) is not None
        if not pending and time.time() - sent_at >= ping.reload_interval(group):
            return
        time.sleep(0.05)
    raise TimeoutError(f"the version pings of {group} did not settle in 30 s")


async def _report(event_id: int, board_id: int, token: str) -> None:
    from asgiref.sync import sync_to_async
    from channels.testing import HttpCommunicator, WebsocketCommunicator

    from config.asgi import application

    watcher = WebsocketCommunicator(
        application,
        f"/ws/tournaments/swiss/{event_id}/?frames=one",
        headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")],
    )
    connected, code = await watcher.connect(timeout=30)
    assert connected, f"the watcher's socket was refused ({code})"
    await watcher.receive_from(timeout=30)  # its first frame (the state on connecting)
    await sync_to_async(_ping_window_wait)(event_id)
    body = json.dumps({"result": "1-0"}).encode()
    request = HttpCommunicator(
        application,
        "POST",
        f"/api/tournaments/swiss/{event_id}/pairings/{board_id}/result/",
        body=body,
        headers=[
            (b"authorization", f"Bearer {token}".encode()),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"host", b"localhost"),
        ],
    )
    recording.set()
    try:
        answer = await request.get_response(timeout=60)
        assert answer["status"] == 200, answer
        while True:  # up to the frame that carries the new result
            frame = json.loads(await watcher.receive_from(timeout=30))
            if frame.get("event") == "standings_update" and frame["payload"].get("results"):
                break
    finally:
        recording.clear()
    await watcher.disconnect()


def traced() -> list[str]:
    """The project files that ran for one report, sorted."""
    with tempfile.TemporaryDirectory() as folder:
        _environment(folder)
        # Every thread started from here on is hooked from its start; the main thread only for
        # the report (migrating and building the event under the hook took most of the time).
        threading.setprofile(_profile)
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        event_id, board_id, token = _event()
        sys.setprofile(_profile)
        asyncio.run(_report(event_id, board_id, token))
        sys.setprofile(None)
        threading.setprofile(None)
    files = {_project_file(path) for path in seen}
    return sorted(file for file in files if file is not None)


def listing(files: list[str]) -> str:
    """The docs' block: the count, the domain part, then every file by package."""
    domain = [f for f in files if f.startswith(DOMAIN_PREFIXES)]
    engine = [f for f in files if f.startswith(ENGINE_PREFIXES)]
    lines = [
        f"{len(files)} project files run; the domain part: {len(domain)} files of the result's "
        f"rules, standings and round completion, and {len(engine)} of the tie-break engine they "
        f"call; {len(files) - len(domain) - len(engine)} files of machinery:",
        "",
        "```",
    ]
    for file in files:
        mark = "*" if file in domain else "+" if file in engine else " "
        lines.append(f"{mark} {file}")
    lines += ["```", "", "`*`: the result's rules; `+`: the tie-break engine; unmarked: machinery."]
    return "\n".join(lines)


def docs_block(text: str) -> str | None:
    if BEGIN not in text or END not in text:
        return None
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--check", action="store_true", help="compare with docs/architecture.md")
    action.add_argument("--write", action="store_true", help="rewrite the list in the docs")
    args = parser.parse_args()
    block = listing(traced())
    text = DOCS.read_text()
    if args.write:
        if docs_block(text) is None:
            print(f"{DOCS}: no {BEGIN!r} … {END!r} markers", file=sys.stderr)
            return 2
        before, rest = text.split(BEGIN, 1)
        DOCS.write_text(f"{before}{BEGIN}\n{block}\n{END}{rest.split(END, 1)[1]}")
        print(f"{DOCS.relative_to(ROOT)}: written")
        return 0
    if args.check:
        if docs_block(text) != block:
            print(
                "docs/architecture.md's traced result path is not what runs now; "
                "rewrite it: .venv/bin/python scripts/trace_result_path.py --write\n\n"
                f"now:\n{block}",
                file=sys.stderr,
            )
            return 1
        print("docs/architecture.md: the traced result path is current")
        return 0
    print(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
