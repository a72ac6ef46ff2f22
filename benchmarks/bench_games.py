"""Online games load benchmark on the production topology: uvicorn web processes, a Celery
worker and a Celery beat (the server's flag tick), Redis, PostgreSQL.

- 500 simultaneous games (1,000 WebSocket clients, one per player, authenticated by token)
  on `/ws/games/{id}/`; each side moves `--think` (2 s, +-25 %) after its turn begins, a legal move
  picked by python `chess`, sent with the ply it moves from; for 60 s;
- server move handling (the consumer, from the move frame to the commit and the broadcast,
  logged by `arbiter.games.timing`): target p95 <= 30 ms (issue 38's no-regression line; it
  was 50 ms before); client round trip p50 / p95;
- every move sent is in the database once: 0 lost, 0 duplicated. Some games have a second
  socket of the white player (a second tab) sending the same move at the same moment: one of
  the two must be refused;
- some games have a short clock, and in each one player stops moving at a random moment of
  the run (as a player who walks away): the server must end each game within 1 s of the
  clock's expiry, with no client action;
- every state a player's socket hears while the game runs shows what python `chess` makes of
  its FEN: the legal moves in SAN (the same moves in the same order), the SAN list one entry
  per ply, and the last entry the SAN of the last move in the previous position heard (the
  server keeps each game's position and SAN per process instead of replaying: docs/games.md).
Sizes can be lowered for a quick look: --games, --seconds, --flag-games, --dup-games.
Exit status 1 only on a correctness failure (lost or duplicated moves, a missing refusal, a
state that is not python `chess`'s).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_games"
QUEUE = "bench-games"
LOG = "/tmp/bench-games.log"
TIMING = re.compile(r"arbiter\.games\.timing: game \d+: move (ok|refused) in ([\d.]+) ms")
MAIN_CLOCK = (180, 2)  # blitz 3+2: never runs out at 2 s a move
GRACE = 4.0  # seconds after the last move for the last answers and flags
MOVE_P95_MS = 30.0  # server move handling, p95 (issue 38: 500 games, move p95 <= 30 ms)


def env_for_servers() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"
    os.environ["ARBITER_TEST_DATABASE_NAME"] = DB
    os.environ["ARBITER_TEST_QUEUE"] = QUEUE
    os.environ["DATABASE_POOL_SIZE"] = "10"  # as in production (off in the test suite)
    # A Redis database of its own (broker and cache), emptied at the start.
    os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/4"
    os.environ["ARBITER_TEST_CACHE_URL"] = "redis://127.0.0.1:6379/4"
    os.environ["ARBITER_GAME_TIMING_LOG"] = "INFO"  # one line per handled move


# --- The clients (a process of their own, no Django) ---------------------------------------


class Side:
    """One player's socket in one game: moves `think` seconds after its turn begins."""

    def __init__(self, game: Game, colour: str, token: str, *, tab: bool = False) -> None:
        self.game, self.colour, self.token, self.tab = game, colour, token, tab
        self.ws: Any = None

    async def connect(self, url: str) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import InvalidMessage, InvalidStatus

        for attempt in range(6):  # a refused handshake under the connection ramp is retried
            try:
                self.ws = await connect(
                    f"{url}/ws/games/{self.game.id}/",
                    additional_headers={"Authorization": f"Bearer {self.token}"},
                    open_timeout=30,
                )
                self.game.state = json.loads(await self.ws.recv())["payload"]
                return
            except (OSError, InvalidMessage, InvalidStatus, TimeoutError):
                await asyncio.sleep(1 + attempt)
        raise RuntimeError(f"game {self.game.id}: {self.colour} could not connect")

    async def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                if frame["event"] == "game_state":
                    if not self.tab:
                        self.game.heard(frame["payload"], self.colour)
                elif frame["event"] == "error":
                    self.game.refused(frame["payload"], tab=self.tab)
        except ConnectionClosed:
            return


class Game:
    def __init__(self, spec: dict[str, Any], run: Run) -> None:
        self.id: int = spec["id"]
        self.flag: bool = spec["flag"]
        self.stop_after: float | None = spec["stop_after"]  # seconds into the run
        self.run = run
        self.state: dict[str, Any] = {}
        self.sides = {
            "white": Side(self, "white", spec["white_token"]),
            "black": Side(self, "black", spec["black_token"]),
        }
        self.tab = Side(self, "white", spec["white_token"], tab=True) if spec["dup"] else None
        self.sent: dict[int, str] = {}  # ply -> uci, by the players' main sockets
        self.refusals: dict[int, str] = {}  # ply -> message, to a main socket
        self.pending: dict[int, float] = {}  # ply -> sent at (monotonic)
        self.dup_sent = self.dup_refused = 0
        self.scheduled = -1  # the last ply a move was scheduled for
        self.expiry_ms: int | None = None  # when the side to move runs out (server clock)
        self.waiting_for_flag = False

    def heard(self, state: dict[str, Any], colour: str) -> None:
        """A state reached one player's socket: the round trip of a move it sent ends here;
        the player to move schedules its move (each state reaches both, so only the side to
        move acts on it)."""
        if state["ply"] < self.state.get("ply", 0):
            return
        self.check(state, self.state)
        self.state = state
        mover = "black" if state["ply"] % 2 == 0 else "white"
        if colour == mover and (sent_at := self.pending.pop(state["ply"] - 1, None)):
            self.run.round_trips.append((time.monotonic() - sent_at) * 1000)
        if state["status"] != "started":
            return
        if colour == state["turn"] and self.run.playing:
            self.schedule()

    def check(self, state: dict[str, Any], before: dict[str, Any]) -> None:
        """Count a running game's state whose legal moves or SAN are not python `chess`'s."""
        import chess

        if state["status"] != "started":
            return
        board = chess.Board(state["fen"])
        legal = [(board.san(move), move.uci()) for move in board.legal_moves]
        right = list(state["legal"].items()) == legal and len(state["san"]) == state["ply"]
        if right and before.get("ply") == state["ply"] - 1 and state["ply"] > 0:
            last = chess.Move.from_uci(state["moves"].split()[-1])
            right = chess.Board(before["fen"]).san(last) == state["san"][-1]
        self.run.states_checked += 1
        self.run.states_wrong += not right

    def schedule(self) -> None:
        state = self.state
        ply = state["ply"]
        if ply <= self.scheduled:
            return
        self.scheduled = ply
        left = state["wtime"] if state["turn"] == "white" else state["btime"]
        if state["clock_running"]:
            self.expiry_ms = state["server_time"] + left
            walked_away = self.stop_after is not None and (
                time.time() >= self.run.start + self.stop_after
            )
            if walked_away or left < (self.run.think + 0.5) * 1000:
                self.waiting_for_flag = True  # let the server flag it
                return
        # About `think` seconds; spread a little, as players are, so that the games do not
        # move in step (the first move anywhere in the first two `think`s).
        delay = self.run.think * (
            random.uniform(0.1, 1.9) if ply == 0 else random.uniform(0.75, 1.25)
        )
        loop = asyncio.get_running_loop()
        loop.call_later(delay, lambda: loop.create_task(self.move(ply)))

    async def move(self, ply: int) -> None:
        import chess

        if not self.run.playing or self.state["ply"] != ply or self.state["status"] != "started":
            return
        board = chess.Board(self.state["fen"])
        uci = random.choice(list(board.legal_moves)).uci()
        frame = json.dumps({"type": "move", "uci": uci, "ply": ply})
        side = self.sides[self.state["turn"]]
        self.sent[ply] = uci
        self.pending[ply] = time.monotonic()
        sends = [side.ws.send(frame)]
        if self.tab is not None and side.colour == "white":
            self.dup_sent += 1
            sends.append(self.tab.ws.send(frame))
        await asyncio.gather(*sends)

    def refused(self, error: dict[str, Any], *, tab: bool) -> None:
        if tab:
            self.dup_refused += 1
            return
        # The main socket lost a race to its second tab (the same move), or the game ended.
        ply = max(self.pending, default=self.state.get("ply", 0))
        self.pending.pop(ply, None)
        if self.tab is not None and "Stale move" in error["message"]:
            self.dup_refused += 1
            return
        self.refusals[ply] = error["message"]

    def report(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "flag": self.flag,
            "sent": self.sent,
            "refusals": self.refusals,
            "dup_sent": self.dup_sent,
            "dup_refused": self.dup_refused,
            "expiry_ms": self.expiry_ms if self.waiting_for_flag else None,
            "status": self.state.get("status"),
            "finished_at": self.state.get("finished_at"),
        }


class Run:
    def __init__(self, think: float) -> None:
        self.think = think
        self.start = 0.0  # wall clock
        self.playing = False
        self.round_trips: list[float] = []
        self.states_checked = self.states_wrong = 0


async def clients_main(spec_path: str) -> None:
    """A client process: connect every socket of its games, say `ready`, wait for `go <t>`
    on stdin (a wall-clock start), play until the end, print the report as JSON."""
    spec = json.loads(Path(spec_path).read_text())
    run = Run(spec["think"])
    games = [Game(g, run) for g in spec["games"]]
    sides = [s for g in games for s in (*g.sides.values(), *([g.tab] if g.tab else []))]
    for i in range(0, len(sides), 50):  # a ramp, as real clients arrive
        await asyncio.gather(*(s.connect(spec["url"]) for s in sides[i : i + 50]))
        await asyncio.sleep(0.3)
    listeners = [asyncio.create_task(s.listen()) for s in sides]
    print("ready", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    start = float(line.split()[1])
    await asyncio.sleep(max(0.0, start - time.time()))
    run.start, run.playing = start, True
    cpu_at_start = time.process_time()
    for game in games:
        game.schedule()  # white's first move (the states heard on connect are at ply 0)
    await asyncio.sleep(spec["seconds"])
    run.playing = False
    await asyncio.sleep(spec["grace"])  # the last answers, and the flags
    for side in sides:
        await side.ws.close()
    for task in listeners:
        task.cancel()
    report = {
        "games": [g.report() for g in games],
        "round_trips": run.round_trips,
        "states": [run.states_checked, run.states_wrong],
        "cpu_seconds": time.process_time() - cpu_at_start,
    }
    print(json.dumps(report), flush=True)


# --- The benchmark (Django, the servers, the fixture, the verdict) -------------------------


def percentiles(values: list[float]) -> tuple[float, float]:
    p95 = statistics.quantiles(values, n=20)[18] if len(values) >= 2 else values[0]
    return statistics.median(values), p95


def build_fixture(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Online events whose round 1 is paired by the real services (one event per 100
    players): `args.games` games, `args.flag_games` of them on a short clock."""
    from django.core.management import call_command
    from django.utils import timezone

    from arbiter.games.models import Game as GameRow
    from arbiter.teams.models import Membership, Team
    from arbiter.tournaments.services.entries import tournament_join
    from arbiter.tournaments.services.lifecycle import tournament_create
    from arbiter.tournaments.services.pairing import round_start_now
    from arbiter.users.models import User
    from arbiter.users.services import api_token_create

    call_command("migrate", verbosity=0)
    leader = User.objects.create_user("leader", password="x")
    team = Team.objects.create(name="Bench", slug="bench")
    Membership.objects.create(team=team, user=leader, role=Membership.Role.LEADER)
    users = User.objects.bulk_create(User(username=f"g{i:04d}") for i in range(2 * args.games))
    Membership.objects.bulk_create(
        Membership(team=team, user=u, role=Membership.Role.MEMBER) for u in users
    )
    tokens = {u.id: api_token_create(user=u, name="bench")[1] for u in users}
    # A flag game's clock: the increment pays for each move, so the clock runs out only
    # after a player stops moving (between 15% and 65% of the run), within the run.
    flag_clock = (max(5, int(args.seconds * 0.25)), 2)
    sizes = [(args.flag_games, flag_clock)] if args.flag_games else []
    rest = args.games - args.flag_games
    while rest > 0:
        sizes.append((min(rest, args.games_per_event), MAIN_CLOCK))
        rest -= args.games_per_event
    events, taken = [], 0
    for n, (games, (limit, increment)) in enumerate(sizes):
        event = tournament_create(
            team=team,
            user=leader,
            name=f"Bench {n + 1}",
            num_rounds=3,
            start_time=timezone.now() + timedelta(hours=1),
            clock_limit_seconds=limit,
            clock_increment_seconds=increment,
            round_interval_seconds=None,
        )
        for user in users[taken : taken + 2 * games]:
            tournament_join(tournament=event, user=user)
        taken += 2 * games
        round_start_now(tournament=event, user=leader)
        events.append(event)
    rows = GameRow.objects.filter(pairing__round__tournament__in=events).order_by("id")
    restart_clocks([g.id for g in rows], timezone.now() + timedelta(hours=1))  # held till the run
    specs = []
    for g in rows:
        assert g.white_id is not None and g.black_id is not None  # every seat has a user
        specs.append(
            {
                "id": g.id,
                "flag": g.initial_ms < MAIN_CLOCK[0] * 1000,
                "white_token": tokens[g.white_id],
                "black_token": tokens[g.black_id],
                "dup": False,
                "stop_after": None,
            }
        )
    for spec in [s for s in specs if not s["flag"]][: args.dup_games]:
        spec["dup"] = True
    rng = random.Random(16)
    for spec in specs:
        if spec["flag"]:
            spec["stop_after"] = rng.uniform(0.15, 0.65) * args.seconds
    print(
        f"fixture: {len(events)} online events, {len(specs)} games paired by round 1 "
        f"({args.flag_games} on a {flag_clock[0]}+{flag_clock[1]} clock, the rest "
        f"{MAIN_CLOCK[0]}+{MAIN_CLOCK[1]})"
    )
    return specs


def start_process(command: list[str], env: dict[str, str], logs: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=logs, stderr=subprocess.STDOUT
    )


def celery(kind: str) -> list[str]:
    command = [sys.executable, "-m", "celery", "-A", "config", kind, "-l", "warning"]
    if kind == "worker":
        command += ["-Q", QUEUE, "-P", "solo", "--without-mingle", "--without-gossip"]
        command += ["--without-heartbeat"]
    else:
        command += ["-s", f"/tmp/{QUEUE}-beat-schedule"]
    return command


def restart_clocks(game_ids: list[int], start: datetime) -> None:
    """The round's clocks start when the run does, as if round 1 had been paired then: the
    ramp of a thousand connections would otherwise eat the first-move deadlines."""
    from arbiter.games.models import Game as GameRow
    from arbiter.games.rules import first_move_deadline
    from arbiter.ratings.speeds import speed_for_clock

    for row in GameRow.objects.filter(id__in=game_ids):
        speed = speed_for_clock(row.initial_ms // 1000, row.increment_ms // 1000)
        row.turn_started_at, row.flag_at = start, start + first_move_deadline(speed)
        row.save(update_fields=["turn_started_at", "flag_at"])


def verdict(
    args: argparse.Namespace, reports: list[dict[str, Any]], elapsed: float, log_from: int
) -> bool:
    """Print the figures against the targets; False on a correctness failure."""
    from arbiter.games.models import Game as GameRow

    games = [g for r in reports for g in r["games"]]
    stored = dict(
        GameRow.objects.filter(id__in=[g["id"] for g in games]).values_list("id", "moves")
    )
    status = dict(GameRow.objects.filter(id__in=stored).values_list("id", "status"))
    sent = lost = duplicated = refused = 0
    reasons: dict[str, int] = {}
    for game in games:
        moves = stored[game["id"]].split()
        matched = 0
        for ply_text, uci in game["sent"].items():
            ply = int(ply_text)
            sent += 1
            if ply < len(moves) and moves[ply] == uci:
                matched += 1
            elif ply_text in game["refusals"]:
                refused += 1
                reason = game["refusals"][ply_text].split("(")[0].split(":")[0]
                reasons[reason] = reasons.get(reason, 0) + 1
            else:
                lost += 1
        duplicated += len(moves) - matched
    dup_sent = sum(g["dup_sent"] for g in games)
    dup_refused = sum(g["dup_refused"] for g in games)

    timings = {"ok": [], "refused": []}  # type: dict[str, list[float]]
    with open(LOG, "rb") as log:
        log.seek(log_from)
        lines = log.read().decode(errors="replace").splitlines()
    for line in lines:
        if found := TIMING.search(line):
            timings[found.group(1)].append(float(found.group(2)))
    trips = [t for r in reports for t in r["round_trips"]]

    print(
        f"moves: {sent} sent by the players in {elapsed:.0f} s ({sent / elapsed:.0f}/s), "
        f"{sent - refused - lost} stored, {refused} refused ({reasons or 'none'})"
    )
    correct = lost == 0 and duplicated == 0
    print(
        f"lost moves: {lost}, duplicated moves: {duplicated} (target 0 and 0) "
        f"{'PASS' if correct else 'FAIL'}"
    )
    dup_ok = dup_refused == dup_sent
    print(
        f"second tab: {dup_sent} moves sent twice at once, {dup_refused} of the pairs refused "
        f"once (target all) {'PASS' if dup_ok else 'FAIL'}"
    )
    if timings["ok"]:
        p50, p95 = percentiles(timings["ok"])
        print(
            f"server move handling ({len(timings['ok'])} moves, frame in -> commit + broadcast): "
            f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(timings['ok']):.0f} ms "
            f"(target p95 <= {MOVE_P95_MS:.0f} ms) {'PASS' if p95 <= MOVE_P95_MS else 'FAIL'}"
        )
    else:
        print("server move handling: no timing lines in the log (FAIL)")
    if trips:
        p50, p95 = percentiles(trips)
        print(
            f"client round trip (move sent -> own state back): p50 {p50:.1f} ms, p95 {p95:.1f} ms"
        )

    # A flag game whose player stopped moving must have been ended by the server's tick.
    waited = [g for g in games if g["expiry_ms"] is not None]
    finished = dict(
        GameRow.objects.filter(id__in=[g["id"] for g in waited]).values_list("id", "finished_at")
    )
    late = [
        end.timestamp() * 1000 - g["expiry_ms"]
        if status[g["id"]] == "outoftime" and (end := finished[g["id"]]) is not None
        else float("inf")
        for g in waited
    ]
    short = sum(1 for g in games if g["flag"])
    if late:
        worst = max(late)
        print(
            f"flags: {len(waited)} of {short} short-clock games left to run out, "
            f"{sum(1 for t in late if t != float('inf'))} ended by the server on time; end after "
            f"expiry p50 {statistics.median(late):.0f} ms, max {worst:.0f} ms "
            f"(target every one <= 1000 ms) {'PASS' if worst <= 1000 else 'FAIL'}"
        )
    elif short:
        print(f"flags: none of the {short} short-clock games ran out (FAIL)")
    unexpected = sum(1 for g in games if not g["flag"] and status[g["id"]] != "started")
    print(f"other games ended during the run (mate, stalemate, draw by rule): {unexpected}")
    checked = sum(r["states"][0] for r in reports)
    wrong = sum(r["states"][1] for r in reports)
    states_ok = checked > 0 and wrong == 0
    print(
        f"states heard: {checked} checked against python chess (legal moves, SAN), {wrong} "
        f"differ (target 0) {'PASS' if states_ok else 'FAIL'}"
    )
    return correct and dup_ok and states_ok


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=2.0, help="seconds before each move")
    parser.add_argument("--flag-games", type=int, default=50)
    parser.add_argument("--dup-games", type=int, default=20)
    parser.add_argument("--games-per-event", type=int, default=50)
    # The socket handler runs the database work in one thread per process: a few processes per
    # core keep the CPU busy while others wait for PostgreSQL.
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 2))
    parser.add_argument("--client-processes", type=int, default=2)
    parser.add_argument("--clients", metavar="SPEC", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.clients:  # a client process started by the benchmark
        asyncio.run(clients_main(args.clients))
        return 0

    # The live bench's process accounting (imported first: its import sets its own env).
    from bench_live import (
        backends_cpu,
        cpu_seconds,
        machine_speed,
        pids_named,
        pids_under,
        steal_seconds,
    )

    env_for_servers()
    print(f"machine speed: a fixed 5M-step Python loop took {machine_speed():.0f} ms")
    import django
    import redis
    from swiss_fixture import recreate_database

    from tests.processes import free_port, stop_group

    recreate_database(DB)
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    django.setup()
    logging.getLogger("arbiter").setLevel(logging.WARNING)  # the fixture's joins, in silence
    specs = build_fixture(args)

    env = dict(os.environ)
    logs = open(LOG, "w")  # noqa: SIM115 (closed at the end)
    port = free_port()
    serve = [sys.executable, "manage.py", "serve", "--port", str(port)]
    processes = [
        start_process([*serve, "--workers", str(args.workers)], env, logs),
        start_process(celery("worker"), env, logs),
        start_process(celery("beat"), env, logs),
    ]
    clients: list[subprocess.Popen[str]] = []
    try:
        for _ in range(300):
            if Path(LOG).read_text().count("Started server process") >= args.workers:
                break
            time.sleep(0.1)
        for _ in range(120):  # healthy: the database, Redis, and the worker's and beat's beats
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=5)
                break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError(f"the servers did not become healthy: see {LOG}")
        for k in range(args.client_processes):
            spec = {
                "url": f"ws://127.0.0.1:{port}",
                "think": args.think,
                "seconds": args.seconds,
                "grace": GRACE,
                "games": specs[k :: args.client_processes],
            }
            path = Path(f"/tmp/bench-games-clients-{k}.json")
            path.write_text(json.dumps(spec))
            clients.append(
                subprocess.Popen(
                    [sys.executable, __file__, "--clients", str(path)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                )
            )
        for process in clients:
            assert process.stdout is not None
            if process.stdout.readline().strip() != "ready":
                raise RuntimeError("a client process failed to connect (its error is above)")
        sockets = sum(2 + g["dup"] for g in specs)
        print(
            f"{sockets} WebSocket clients connected ({args.client_processes} client processes) "
            f"to {args.workers} web processes; a Celery worker and beat"
        )
        start = time.time() + 1.0
        restart_clocks([s["id"] for s in specs], datetime.fromtimestamp(start, UTC))
        run_log_from = Path(LOG).stat().st_size  # timing lines of the run only
        groups = {
            "web (uvicorn)": pids_under(processes[0].pid),
            "celery worker": pids_under(processes[1].pid),
            "celery beat": pids_under(processes[2].pid),
            "postgres (all)": pids_named("postgres"),
            "redis": pids_named("redis-server"),
        }
        cpu_before = {name: cpu_seconds(pids) for name, pids in groups.items()}
        backends_before = backends_cpu(DB)
        steal_before, load_before = steal_seconds(), os.getloadavg()[0]
        for process in clients:
            assert process.stdin is not None
            process.stdin.write(f"go {start}\n")
            process.stdin.flush()
        reports = [json.loads(process.communicate()[0]) for process in clients]
        used = {n: cpu_seconds(pids) - cpu_before[n] for n, pids in groups.items()}
        used["clients"] = sum(r["cpu_seconds"] for r in reports)
        used["postgres (this database)"] = sum(
            cpu - backends_before.get(pid, 0.0) for pid, cpu in backends_cpu(DB).items()
        )
        print(
            f"CPU during the run ({args.seconds:.0f} s + {GRACE:.0f} s on {os.cpu_count()} "
            "cores): "
            + ", ".join(f"{n} {v:.1f} s" for n, v in used.items())
            + f"; stolen by the hypervisor {steal_seconds() - steal_before:.1f} s; load average "
            f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after (other work included)"
        )
        ok = verdict(args, reports, args.seconds, run_log_from)
        moves = sum(len(g["sent"]) for r in reports for g in r["games"])
        parts = ["web (uvicorn)", "celery worker", "celery beat", "postgres (this database)"]
        per_move = {n: used[n] / moves * 1000 for n in [*parts, "redis"]}
        print(
            "CPU per move: "
            + ", ".join(f"{n} {v:.1f} ms" for n, v in per_move.items())
            + f"; together {sum(per_move.values()):.1f} ms"
        )
        return 0 if ok else 1
    finally:
        for client in clients:
            if client.poll() is None:
                client.kill()
        for part in processes:
            stop_group(part)
        logs.close()


if __name__ == "__main__":
    sys.exit(main())
