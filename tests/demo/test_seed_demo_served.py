"""`manage.py seed_demo` beside a running `make run` server (SQLite, in-process tasks and
scheduler, no Redis): the server's scheduler must not pair the events being seeded.

Before the pairing lease the scheduler paired round 1 of the event being seeded, and the
command failed with a traceback, leaving a team and a stuck warm-up event behind."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from arbiter.demo.services import EVENT_NAME, PASSWORD
from tests.processes import ROOT, served
from tests.tournaments.live.test_embedded_mode import embedded_env, migrate


def seed(env: dict[str, str], *args: str) -> str:
    """The command's output. Quiet unless `-v 2`: no service's INFO lines on stderr, and the
    demo password on the last line."""
    done = subprocess.run(
        [sys.executable, "manage.py", "seed_demo", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    verbose = "-v" in args
    assert (" INFO " in done.stderr) == verbose, done.stderr[-2000:]
    if "Created team" in done.stdout:
        assert PASSWORD in done.stdout.strip().splitlines()[-1]
    return done.stdout


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as reply:
        return json.load(reply)


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return error.code


def demo_event_at_round_four(base: str, output: str) -> int:
    """The event the seed printed, read through the API: round 4 of 7, three rounds complete
    with every result, half of round 4's results in."""
    found = re.search(r"/swiss/(\d+)", output)
    assert found, output
    event_id = int(found.group(1))
    event = get(f"{base}/api/tournaments/swiss/{event_id}/")
    assert event["name"] == EVENT_NAME
    assert (event["current_round"], event["num_rounds"]) == (4, 7)
    for number in (1, 2, 3):
        rnd = get(f"{base}/api/tournaments/swiss/{event_id}/rounds/{number}/")
        assert rnd["status"] == "complete"
        assert len(rnd["pairings"]) == 20 and all(p["result"] for p in rnd["pairings"])
    fourth = get(f"{base}/api/tournaments/swiss/{event_id}/rounds/4/")
    results = [p["result"] for p in fourth["pairings"]]
    assert fourth["status"] == "playing" and len(results) == 20 and results.count("") == 10
    standings = get(f"{base}/api/tournaments/swiss/{event_id}/standings/")
    assert standings["count"] == 40
    assert 2.5 <= float(standings["results"][0]["points"]) <= 4
    return event_id


def test_seed_demo_runs_beside_the_embedded_server_and_reset_recreates_it(tmp_path: Path):
    env = embedded_env(tmp_path)  # ARBITER_TICK_SECONDS=1: the scheduler looks every second
    env["DJANGO_DEBUG"] = "0"  # as `make run` serves
    migrate(env)
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        first = demo_event_at_round_four(web.url, seed(env))
        time.sleep(3)  # the scheduler has looked at it since: still round 4, untouched
        assert get(f"{web.url}/api/tournaments/swiss/{first}/")["current_round"] == 4

        assert "already exists" in seed(env)  # nothing was left half made

        second = demo_event_at_round_four(web.url, seed(env, "--reset", "-v", "2"))
        assert second != first
        assert status(f"{web.url}/api/tournaments/swiss/{first}/") == 404
        lobby = get(f"{web.url}/api/tournaments/swiss/?page_size=100")
        names = [e["name"] for e in lobby["results"]]
        assert names.count(EVENT_NAME) == 1
    # Nothing was collected into STATIC_ROOT (the finders serve the bundle): no warning.
    assert "No directory at" not in (tmp_path / "serve.log").read_text()
