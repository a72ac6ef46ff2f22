"""Round starts on time in `make run`'s embedded mode while fifty clients keep the server busy.

The server is `manage.py serve` exactly as `make run` starts it (SQLite, in-memory channel
layer, in-process tasks, the default tick). Two things run at once:

- **the load**: fifty players join a password-protected event at once (every join checks the
  password), then play its rounds over the board: the leader starts a round, both players of
  every board report at once (every fifth board disagrees and the leader decides it), and each
  player reads the standings and the round meanwhile, round after round;
- **the schedule**: `--events` other events (four players each) have their first round due
  one after the other, `--every` seconds apart, from a few seconds after the load began. A
  WebSocket client on each event notes when its `round_start` arrives.

Lateness = the moment the watcher heard `round_start` - the round's start time. Target: p95
<= 2 s. Also printed: the slowest request of the load (target: none over 10 s) and the status
counts (no 5xx). Run alone: `python benchmarks/bench_embedded_rounds.py`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect  # noqa: E402

from tests.processes import served  # noqa: E402
from tests.tournaments.live.test_embedded_concurrency import Client  # noqa: E402
from tests.tournaments.live.test_embedded_mode import embedded_env, setup_run  # noqa: E402

PASSWORD = "club-night"
LATENESS_TARGET_SECONDS = 2.0
REQUEST_TARGET_SECONDS = 10.0
LOG = "/tmp/bench-embedded-rounds.log"  # the server's log of the last run

SETUP = """
from datetime import timedelta
from django.contrib.auth.hashers import make_password
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

password = make_password("x")
leader = User.objects.create(username="leader", password=password)
team = Team.objects.create(name="Busy", slug="busy")
Membership.objects.create(team=team, user=leader, role="leader")
later = timezone.now() + timedelta(hours=1)
busy = tournament_create(team=team, user=leader, name="Busy Swiss", num_rounds={rounds},
    start_time=later, clock_limit_seconds=60, clock_increment_seconds=0,
    round_interval_seconds=None, mode="otb", password="{password}")
timed = []
for e in range({events}):
    event = tournament_create(team=team, user=leader, name=f"Timed {{e}}", num_rounds=1,
        start_time=later, clock_limit_seconds=60, clock_increment_seconds=0,
        round_interval_seconds=None, mode="otb")
    timed.append(event.id)
tokens = [api_token_create(user=leader, name="t")[1]]
for i in range({players}):
    user = User.objects.create(username=f"c{{i}}", password=password)
    Membership.objects.create(team=team, user=user, role="member")
    tokens.append(api_token_create(user=user, name="t")[1])
from arbiter.tournaments.services.entries import tournament_join
for e, event_id in enumerate(timed):
    for k in range(4):
        user = User.objects.create(username=f"t{{e}}x{{k}}", password=password)
        Membership.objects.create(team=team, user=user, role="member")
        tournament_join(tournament=type(busy).objects.get(id=event_id), user=user)
print(busy.id, ",".join(map(str, timed)), *tokens)
"""


def play_round(client: Client, pool: ThreadPoolExecutor, base: str, leader: str,
               players: list[str]) -> None:  # fmt: skip
    status, rnd = client.call(leader, "POST", f"{base}/start-next-round/")
    if status != 201:
        raise RuntimeError(f"start-next-round: {status} {rnd}")
    number = rnd["number"]
    reports, disputed = [], []
    for index, board in enumerate(rnd["pairings"]):
        url = f"{base}/pairings/{board['id']}/result/"
        white = players[int(board["white"][1:])]
        black = players[int(board["black"][1:])]
        agreed = index % 5 != 0
        reports += [(white, url, "1-0"), (black, url, "1-0" if agreed else "0-1")]
        if not agreed:
            disputed.append(url)
    reads = [
        pool.submit(client.call, token, "GET", path)
        for token in players
        for path in (f"{base}/standings/", f"{base}/rounds/{number}/")
    ]
    list(pool.map(lambda r: client.call(r[0], "POST", r[1], {"result": r[2]}), reports))
    for future in reads:
        future.result()
    list(pool.map(lambda url: client.call(leader, "POST", url, {"result": "1/2-1/2"}), disputed))


def watch(port: int, origin: str, event_id: int, heard: dict[int, datetime],
          stop: threading.Event) -> None:  # fmt: skip
    url = f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event_id}/"
    with connect(url, additional_headers={"Origin": origin}, open_timeout=60) as ws:
        ws.recv(timeout=60)  # hello
        while not stop.is_set():
            try:
                message = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue
            if message["event"] == "round_start":
                heard[event_id] = datetime.now(UTC)
                return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--events", type=int, default=15, help="events with a timed round 1")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between round starts")
    parser.add_argument("--lead", type=float, default=4.0, help="seconds of load before the first")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        env = embedded_env(tmp) | {"DJANGO_DEBUG": "0"}
        env.pop("ARBITER_TICK_SECONDS")  # make run's own tick
        script = SETUP.format(
            rounds=args.rounds, password=PASSWORD, events=args.events, players=args.players
        )
        busy_id, timed_text, leader, *players = setup_run(env, script)
        timed = [int(t) for t in timed_text.split(",")]
        base = f"/api/tournaments/swiss/{busy_id}"
        with served(env=env, log_path=tmp / "serve.log") as web:
            client = Client(web.port)
            heard: dict[int, datetime] = {}
            stop = threading.Event()
            watchers = [
                threading.Thread(target=watch, args=(web.port, web.url, e, heard, stop))
                for e in timed
            ]
            for thread in watchers:
                thread.start()
            time.sleep(1)  # the watchers' hellos
            scheduled: dict[int, datetime] = {}
            with ThreadPoolExecutor(max_workers=2 * args.players) as pool:
                joins = [
                    pool.submit(client.call, t, "POST", f"{base}/join/", {"password": PASSWORD})
                    for t in players
                ]
                # The schedule, set while the joins run: each round 1 due `every` s apart.
                first = datetime.now(UTC) + timedelta(seconds=args.lead)
                for index, event_id in enumerate(timed):
                    at = first + timedelta(seconds=index * args.every)
                    status, reply = client.call(
                        leader,
                        "PATCH",
                        f"/api/tournaments/swiss/{event_id}/",
                        {"start_time": at.isoformat()},
                    )
                    if status != 200:
                        raise RuntimeError(f"PATCH start_time: {status} {reply}")
                    scheduled[event_id] = at
                for future in joins:
                    future.result()
                last_due = max(scheduled.values())
                played = 0
                while played < args.rounds and (
                    len(heard) < len(timed) or datetime.now(UTC) < last_due
                ):
                    play_round(client, pool, base, leader, players)
                    played += 1
            deadline = time.monotonic() + 60
            while len(heard) < len(timed) and time.monotonic() < deadline:
                time.sleep(0.2)
            stop.set()
            for thread in watchers:
                thread.join(timeout=5)
        log = (tmp / "serve.log").read_text()
        Path(LOG).write_text(log)

    late = sorted((heard[e] - scheduled[e]).total_seconds() for e in timed if e in heard)
    early = [x for x in late if x < 0]
    statuses: dict[int, int] = {}
    for _, status in client.statuses:
        statuses[status] = statuses.get(status, 0) + 1
    index = max(range(len(client.seconds)), key=client.seconds.__getitem__)
    slowest = (*client.statuses[index], client.seconds[index])
    p95 = late[max(0, round(0.95 * len(late)) - 1)] if late else float("inf")
    print(f"load: {len(client.statuses)} requests, statuses {dict(sorted(statuses.items()))}, "
          f"{played} rounds of the busy event played during the schedule")  # fmt: skip
    print(f"slowest request: {slowest[2]:.2f} s ({slowest[0]} -> {slowest[1]}); "
          f"target <= {REQUEST_TARGET_SECONDS:g} s")  # fmt: skip
    if late:
        print(
            f"round-start lateness over {len(late)}/{len(timed)} rounds: "
            f"p50 {statistics.median(late):.2f} s, p95 {p95:.2f} s, max {late[-1]:.2f} s"
        )
    ok = (
        len(late) == len(timed)
        and not early
        and p95 <= LATENESS_TARGET_SECONDS
        and slowest[2] <= REQUEST_TARGET_SECONDS
        and not any(s >= 500 for s in statuses)
        and "database is locked" not in log
    )
    print(
        f"target lateness p95 <= {LATENESS_TARGET_SECONDS:g} s, no request over "
        f"{REQUEST_TARGET_SECONDS:g} s, no 5xx, none early: {'PASS' if ok else 'FAIL'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
