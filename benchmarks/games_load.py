"""The online games load run shared by `bench_games.py` (individual events) and
`bench_team_online.py` (team Swiss boards): each benchmark builds its games on a database of
its own; this module starts the production processes (uvicorn web processes, a Celery worker
and beat), connects two WebSocket clients per game (one per player, by API token) in client
processes of their own, plays a move `--think` seconds (+-25 %) after each turn begins, and
prints the verdict: server move handling p95 from the `arbiter.games.timing` log lines, lost
and duplicated moves, second-tab refusals, flags, the states heard against python `chess`,
and the CPU split per process group and per move.

Run as a script, it is a client process: `games_load.py SPEC` (started by `play`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMING = re.compile(r"arbiter\.games\.timing: game \d+: move (ok|refused) in ([\d.]+) ms")
GRACE = 4.0  # seconds after the last move for the last answers and flags


@dataclass(frozen=True)
class Names:
    """What a benchmark keeps to itself: its database, Celery queue, Redis database, log."""

    db: str
    queue: str
    redis_db: int
    log: str


def env_for_servers(names: Names) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{names.db}"
    os.environ["ARBITER_TEST_DATABASE_NAME"] = names.db
    os.environ["ARBITER_TEST_QUEUE"] = names.queue
    os.environ["DATABASE_POOL_SIZE"] = "10"  # as in production (off in the test suite)
    # A Redis database of its own (broker and cache), emptied at the start.
    os.environ["REDIS_URL"] = f"redis://127.0.0.1:6379/{names.redis_db}"
    os.environ["ARBITER_TEST_CACHE_URL"] = f"redis://127.0.0.1:6379/{names.redis_db}"
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
        # Checked after the run (`check`): python `chess` on every state would take the
        # cores the servers are measured on (the clients share this machine with them).
        self.run.heard.append((state, self.state))
        self.state = state
        mover = "black" if state["ply"] % 2 == 0 else "white"
        if colour == mover and (sent_at := self.pending.pop(state["ply"] - 1, None)):
            self.run.round_trips.append((time.monotonic() - sent_at) * 1000)
        if state["status"] != "started":
            return
        if colour == state["turn"] and self.run.playing:
            self.schedule()

    @staticmethod
    def check(run: Run, state: dict[str, Any], before: dict[str, Any]) -> None:
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
        run.states_checked += 1
        run.states_wrong += not right

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
        self.heard: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (state, the one before)


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
    cpu_played = time.process_time() - cpu_at_start
    for state, before in run.heard:
        Game.check(run, state, before)
    report = {
        "games": [g.report() for g in games],
        "round_trips": run.round_trips,
        "states": [run.states_checked, run.states_wrong],
        "cpu_seconds": cpu_played,
    }
    print(json.dumps(report), flush=True)


# --- The run (Django, the servers, the verdict) ---------------------------------------------


def percentiles(values: list[float]) -> tuple[float, float]:
    p95 = statistics.quantiles(values, n=20)[18] if len(values) >= 2 else values[0]
    return statistics.median(values), p95


def start_process(command: list[str], env: dict[str, str], logs: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=logs, stderr=subprocess.STDOUT
    )


def celery(kind: str, queue: str) -> list[str]:
    command = [sys.executable, "-m", "celery", "-A", "config", kind, "-l", "warning"]
    if kind == "worker":
        command += ["-Q", queue, "-P", "solo", "--without-mingle", "--without-gossip"]
        command += ["--without-heartbeat"]
    else:
        command += ["-s", f"/tmp/{queue}-beat-schedule"]
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
    reports: list[dict[str, Any]],
    elapsed: float,
    log: str,
    log_from: int,
    *,
    move_p95_ms: float,
    dup_games: int,
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
    with open(log, "rb") as lines_in:
        lines_in.seek(log_from)
        lines = lines_in.read().decode(errors="replace").splitlines()
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
    if dup_games:
        print(
            f"second tab: {dup_sent} moves sent twice at once, {dup_refused} of the pairs "
            f"refused once (target all) {'PASS' if dup_ok else 'FAIL'}"
        )
    if timings["ok"]:
        p50, p95 = percentiles(timings["ok"])
        print(
            f"server move handling ({len(timings['ok'])} moves, frame in -> commit + broadcast): "
            f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(timings['ok']):.0f} ms "
            f"(target p95 <= {move_p95_ms:.0f} ms) {'PASS' if p95 <= move_p95_ms else 'FAIL'}"
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


def play(
    args: argparse.Namespace, specs: list[dict[str, Any]], names: Names, *, move_p95_ms: float
) -> int:
    """Start the servers, play `specs` (a dict per game: id, flag, white_token, black_token,
    dup, stop_after) for `args.seconds`, print the CPU split and the verdict. `args`: workers,
    client_processes, think, seconds. Exit status 1 only on a correctness failure."""
    # The live bench's process accounting (imported by the caller before Django was set up).
    from bench_live import backends_cpu, cpu_seconds, pids_named, pids_under, steal_seconds

    from tests.processes import free_port, stop_group

    env = dict(os.environ)
    logs = open(names.log, "w")  # noqa: SIM115 (closed at the end)
    port = free_port()
    serve = [sys.executable, "manage.py", "serve", "--port", str(port)]
    processes = [
        start_process([*serve, "--workers", str(args.workers)], env, logs),
        start_process(celery("worker", names.queue), env, logs),
        start_process(celery("beat", names.queue), env, logs),
    ]
    clients: list[subprocess.Popen[str]] = []
    try:
        for _ in range(300):
            if Path(names.log).read_text().count("Started server process") >= args.workers:
                break
            time.sleep(0.1)
        for _ in range(120):  # healthy: the database, Redis, and the worker's and beat's beats
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=5)
                break
            except OSError:
                time.sleep(0.5)
        else:
            raise RuntimeError(f"the servers did not become healthy: see {names.log}")
        for k in range(args.client_processes):
            spec = {
                "url": f"ws://127.0.0.1:{port}",
                "think": args.think,
                "seconds": args.seconds,
                "grace": GRACE,
                "games": specs[k :: args.client_processes],
            }
            path = Path(f"/tmp/{names.queue}-clients-{k}.json")
            path.write_text(json.dumps(spec))
            clients.append(
                subprocess.Popen(
                    [sys.executable, __file__, str(path)],
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
        run_log_from = Path(names.log).stat().st_size  # timing lines of the run only
        groups = {
            "web (uvicorn)": pids_under(processes[0].pid),
            "celery worker": pids_under(processes[1].pid),
            "celery beat": pids_under(processes[2].pid),
            "postgres (all)": pids_named("postgres"),
            "redis": pids_named("redis-server"),
        }
        cpu_before = {name: cpu_seconds(pids) for name, pids in groups.items()}
        backends_before = backends_cpu(names.db)
        steal_before, load_before = steal_seconds(), os.getloadavg()[0]
        for process in clients:
            assert process.stdin is not None
            process.stdin.write(f"go {start}\n")
            process.stdin.flush()
        reports = [json.loads(process.communicate()[0]) for process in clients]
        used = {n: cpu_seconds(pids) - cpu_before[n] for n, pids in groups.items()}
        used["clients"] = sum(r["cpu_seconds"] for r in reports)
        used["postgres (this database)"] = sum(
            cpu - backends_before.get(pid, 0.0) for pid, cpu in backends_cpu(names.db).items()
        )
        print(
            f"CPU during the run ({args.seconds:.0f} s + {GRACE:.0f} s on {os.cpu_count()} "
            "cores): "
            + ", ".join(f"{n} {v:.1f} s" for n, v in used.items())
            + f"; stolen by the hypervisor {steal_seconds() - steal_before:.1f} s; load average "
            f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after (other work included)"
        )
        dup_games = sum(1 for s in specs if s["dup"])
        ok = verdict(
            reports,
            args.seconds,
            names.log,
            run_log_from,
            move_p95_ms=move_p95_ms,
            dup_games=dup_games,
        )
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


if __name__ == "__main__":  # a client process started by `play`
    asyncio.run(clients_main(sys.argv[1]))
