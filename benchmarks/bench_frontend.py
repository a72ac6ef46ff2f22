"""Browser benchmark of the event page, on real parts: headless Chromium (Playwright) against
uvicorn + a Celery worker + Redis + PostgreSQL, on a 1,000-player event in round 4 of 9 (open to
join).

- interactive: from navigation start until the standings table has a row, the "Join" button
  (a team member who has not joined) is enabled, and a click on the "Round 1" tab has shown
  that round's boards; median of --loads cold page loads (a fresh browser context each);
  target <= 1.5 s;
- result latency: from just before a result's POST until the open page shows it on its board,
  p95 of --results results spaced --spacing seconds apart (pushes are coalesced, at most one per
  0.25 s window: results spaced further apart are each pushed on their own); target <= 500 ms;
- each page's JavaScript in every interface language: gzip sizes of the entry chunk, its static
  imports, the page's lazy chunk (and its imports) and the page's message catalogues in that
  language (benchmarks/bundle_sizes.py); targets, for the largest language: the event page
  <= 200 kB, the game page <= 120 kB;
- redirect: two players of a small online event wait on its page; from just before a
  leader's round start request (the pairing included) until both pages are on their game;
  target <= 2 s (the first-move deadline's 5 s grace covers it twice over: docs/games.md).
  The Playwright test (e2e/play-game.spec.ts) asserts only that they arrive before their
  first move is due.
The browser half is frontend/e2e/bench/event-page-bench.ts. Run by `make bench` (which builds
the bundle first).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# Names of this run's own: two runs at once (two people on one machine) must not meet.
QUEUE = f"bench-frontend-{os.getpid()}"
DB = QUEUE.replace("-", "_").replace("bench", "arbiter_bench")
LOG = f"/tmp/{QUEUE}.log"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"
os.environ["ARBITER_TEST_DATABASE_NAME"] = DB
os.environ["ARBITER_TEST_QUEUE"] = QUEUE
os.environ.setdefault("DATABASE_POOL_SIZE", "10")  # as in production (off in the test suite)
# Queue, channel and cache keys carry the run's name (see config/settings/test.py).
os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/3"
os.environ["ARBITER_TEST_CACHE_URL"] = "redis://127.0.0.1:6379/3"

import django  # noqa: E402
from bundle_sizes import EVENT_JS_KB, EVENT_ROUTE, GAME_JS_KB, GAME_ROUTE, javascript_size  # noqa: E402
from swiss_fixture import build_event, recreate_database  # noqa: E402

from tests.processes import free_port, stop_group  # noqa: E402

FRONTEND = ROOT / "frontend"
MANIFEST = FRONTEND / "dist" / "manifest.json"
ENTRY = "src/main.tsx"
NODE = ROOT / ".venv" / "bin" / "node"
VISITOR, VISITOR_PASSWORD = "visitor", "bench-visitor-password"
INTERACTIVE_MS, LATENCY_MS, REDIRECT_MS = 1500, 500, 2000
JS_KB = EVENT_JS_KB
REDIRECT_PLAYERS, REDIRECT_PASSWORD = ["redirect-a", "redirect-b"], "bench-redirect-password"
MILESTONES = {"rows": "standings rows", "joinReady": "Join enabled", "tabShown": "Round 1 shown"}


def drop_database(name: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def start_processes(port: int, workers: int, log: Any) -> list[subprocess.Popen[bytes]]:
    def spawn(*command: str) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, *command],
            cwd=ROOT,
            env=dict(os.environ),
            start_new_session=True,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    web = spawn("manage.py", "serve", "--port", str(port), "--workers", str(workers))
    worker = spawn(
        "-m", "celery", "-A", "config", "worker", "-Q", QUEUE, "-P", "solo", "-l", "warning",
        "--without-mingle", "--without-gossip", "--without-heartbeat",
    )  # fmt: skip
    # Beat too: health is 503 until the worker and beat have sent their first heartbeats.
    schedule = f"/tmp/{QUEUE}-beat"
    beat = spawn("-m", "celery", "-A", "config", "beat", "-l", "warning", "-s", schedule)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=2).close()
            return [web, worker, beat]
        except OSError:
            if time.monotonic() > deadline or web.poll() is not None:
                raise SystemExit(f"the server did not start: see {LOG}") from None
            time.sleep(0.2)


def online_event_of_two(team: Any, leader: Any) -> int:
    """An online event (the default mode) of two members with passwords, round 1 not started:
    its round start takes both to their game."""
    from datetime import timedelta

    from django.utils import timezone

    from arbiter.teams.models import Membership
    from arbiter.tournaments.services.entries import tournament_join
    from arbiter.tournaments.services.lifecycle import tournament_create
    from arbiter.users.models import User

    event = tournament_create(
        team=team,
        user=leader,
        name="Redirect",
        num_rounds=3,
        start_time=timezone.now() + timedelta(hours=1),
        clock_limit_seconds=300,
        clock_increment_seconds=3,
        round_interval_seconds=None,
    )
    for name in REDIRECT_PLAYERS:
        user = User.objects.create_user(name, password=REDIRECT_PASSWORD)
        Membership.objects.create(team=team, user=user, role=Membership.Role.MEMBER)
        tournament_join(tournament=event, user=user)
    return int(event.id)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--results", type=int, default=50)
    parser.add_argument("--spacing", type=float, default=1.2, help="seconds between results")
    parser.add_argument("--workers", type=int, default=2, help="web processes")
    parser.add_argument(
        "--serve-only", action="store_true", help="build the event, serve it, wait for Ctrl-C"
    )
    args = parser.parse_args()
    # SIGTERM unwinds like Ctrl-C, so that the server processes are stopped on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    if not MANIFEST.exists():
        raise SystemExit("no frontend bundle: run `make frontend` (make bench does) first")

    js_kb, js_lines = javascript_size(EVENT_ROUTE)
    game_js_kb, game_js_lines = javascript_size(GAME_ROUTE)
    # The server gets a private copy of the bundle: a rebuild meanwhile cannot break it.
    bundle = Path(tempfile.mkdtemp(prefix="bench-frontend-")) / "dist"
    shutil.copytree(MANIFEST.parent, bundle)
    os.environ["ARBITER_FRONTEND_DIST"] = str(bundle)

    recreate_database(DB)
    django.setup()
    from arbiter.teams.models import Membership
    from arbiter.tournaments.models import SwissPairing
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create

    event, leader = build_event(players=args.players, rounds_done=3, total_rounds=9)
    _, token = api_token_create(user=leader, name="bench")
    visitor = User.objects.create_user(VISITOR, password=VISITOR_PASSWORD)
    Membership.objects.create(team=event.team, user=visitor, role=Membership.Role.MEMBER)
    boards = SwissPairing.objects.filter(round__tournament=event).select_related(
        "white__user", "black__user"
    )

    def board(p: SwissPairing) -> dict[str, Any]:
        # The bench seeds account holders only, whose display name is their username.
        return {"id": p.id, "white": p.white.display_name, "black": p.black.display_name}

    current = [board(p) for p in boards.filter(round__number=4).order_by("board")[: args.results]]
    round1 = board(boards.filter(round__number=1).order_by("board")[0])
    redirect_event = online_event_of_two(event.team, leader)

    port = free_port()
    with open(LOG, "w") as log:
        processes = start_processes(port, args.workers, log)
        try:
            if args.serve_only:
                print(f"http://127.0.0.1:{port}/swiss/{event.id}  ({VISITOR} / {VISITOR_PASSWORD})")
                print(f"leader token: {token}", flush=True)
                while True:
                    time.sleep(3600)
            bench_input = {
                "baseURL": f"http://127.0.0.1:{port}",
                "eventId": event.id,
                "username": VISITOR,
                "password": VISITOR_PASSWORD,
                "token": token,
                "boards": current,
                "round1Board": round1,
                "loads": args.loads,
                "spacingMs": round(args.spacing * 1000),
                "redirect": {
                    "eventId": redirect_event,
                    "players": REDIRECT_PLAYERS,
                    "password": REDIRECT_PASSWORD,
                },
            }
            browser = subprocess.run(
                [str(NODE), "e2e/bench/event-page-bench.ts"],
                cwd=FRONTEND,
                env={**os.environ, "BENCH_INPUT": json.dumps(bench_input)},
                capture_output=True,
                text=True,
                timeout=120 + args.results * (args.spacing + 10),
            )
        finally:
            for process in processes:
                stop_group(process)
            shutil.rmtree(bundle.parent)
            drop_database(DB)
    if browser.returncode != 0:
        print(browser.stdout, browser.stderr, sep="\n")
        raise SystemExit(f"the browser half failed (exit {browser.returncode})")
    figures = json.loads(browser.stdout.strip().splitlines()[-1])

    loads = figures["loads"]
    # A load that missed a milestone counts as never interactive.
    interactive = statistics.median(
        load["tabShown"] if load["tabShown"] is not None else math.inf for load in loads
    )
    latencies = figures["latencies"]
    p50, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    checks = [
        (
            f"event page interactive, median of {len(loads)} cold loads",
            interactive,
            INTERACTIVE_MS,
            "ms",
        ),
        (f"result shown after its POST, p95 of {len(latencies)}", p95, LATENCY_MS, "ms"),
        ("event page JavaScript, gzipped", js_kb, JS_KB, "kB"),
        ("game page JavaScript, gzipped", game_js_kb, GAME_JS_KB, "kB"),
        (
            "round start to both players on their game",
            max(figures["redirect"]["redirectMs"]),
            REDIRECT_MS,
            "ms",
        ),
    ]
    print(f"event of {args.players} players, round 4 of 9; {args.workers} web processes")
    for i, load in enumerate(loads, 1):
        milestones = ", ".join(
            f"{name} {load[key]:.0f} ms"
            for key, name in MILESTONES.items()
            if load[key] is not None
        )
        missed = f"; FAILED: {load['error']}" if load.get("error") else ""
        print(f"  load {i}: {milestones or 'nothing shown'}{missed}")
    print(f"  result latency: p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {max(latencies):.0f} ms")
    redirect = figures["redirect"]
    arrived = ", ".join(map(str, redirect["redirectMs"]))
    print(
        f"  redirect: the players' pages on their game {arrived} ms after the round start"
        f" request (answered after {redirect['startMs']} ms)"
    )
    print("  JavaScript of the event page (gzip -9):", *js_lines, sep="\n")
    print("  JavaScript of the game page (gzip -9):", *game_js_lines, sep="\n")
    failed = False
    for name, value, limit, unit in checks:
        verdict = "PASS" if value <= limit else "FAIL"
        failed |= verdict == "FAIL"
        print(f"{verdict}  {name}: {value:.0f} {unit} (target <= {limit} {unit})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
