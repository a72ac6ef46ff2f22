"""CPU per Board-API move POST, in process: Django's test client against PostgreSQL and Redis
(the test settings on a database of its own), no server, no network.

Plays `--games` games of `--plies` quiet moves each through `POST
/api/board/game/{id}/move/{uci}` with each player's API token, and measures each move by
the path that served it, the paths taking turns move by move so that they meet the same
machine (the load of other work changes the figures more than the code does):
- `drf`: the DRF view (`LichessView`: authentication and throttle classes, content
  negotiation, the renderer), what every move took before the lean path;
- `lean`: the lean path (arbiter/lichess/board/lean.py) with the token in its process cache;
- `lean, token read`: the lean path with the token read from the database (a cache miss:
  a move seen by a web process more than `TOKEN_CACHE_SECONDS` after the player's last).
For each: the median and p95 of the view's `time.thread_time()` (the request's thread: the
token, the throttle, the move's transaction and its push built after commit) and of the
request's `time.process_time()` around the test client's call (every thread of the process:
the middleware too, and the publish on the channel layer's loop). Every answer must be 200
`{"ok":true}`; the first `--warm` moves are not counted. docs/lichess-api.md quotes the
figures.

`--streams` also opens, for each game, the four Board-API streams a game played by two Board
clients has (each player's game stream and event stream: `streams._game_lines` and
`_event_lines`, on an event loop of their own in this process, on the same channel layer) and
reports their CPU per move: the loop's thread CPU from the first counted move until every game
stream has written every move's `gameState`, divided by the moves (docs/games.md quotes it).
The HTTP side of a line (Django's streaming response, the server) is not in it; the requests'
process CPU then includes what the streams did meanwhile.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = "arbiter_bench_board_move"
REDIS_URL = "redis://127.0.0.1:6379/6"
PATHS = ("drf", "lean", "lean, token read")


def env_for_django() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"
    os.environ["ARBITER_TEST_DATABASE_NAME"] = DB
    os.environ["ARBITER_TEST_QUEUE"] = "bench-board-move"
    os.environ["REDIS_URL"] = REDIS_URL
    os.environ["ARBITER_TEST_CACHE_URL"] = REDIS_URL


def quantiles(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), statistics.quantiles(values, n=20)[18]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--plies", type=int, default=60)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--only", choices=PATHS, help="one path alone")
    parser.add_argument("--profile", action="store_true", help="cProfile (CPU time), top 30")
    parser.add_argument("--streams", action="store_true", help="the 4 streams' CPU per move")
    args = parser.parse_args()

    env_for_django()
    import django
    import redis
    from swiss_fixture import recreate_database

    recreate_database(DB)
    redis.Redis.from_url(REDIS_URL).flushdb()
    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import resolve

    from arbiter.lichess.board import actions, lean
    from arbiter.users.services import api_token_create
    from tests.factories.tournaments import TimeControlFactory
    from tests.games.helpers import online_game, quiet_moves

    call_command("migrate", verbosity=0)
    clock = TimeControlFactory(limit_seconds=600, increment_seconds=5)
    games = []
    made = []
    for _ in range(args.games):
        playing = online_game(time_control=clock)
        made_tokens = [
            api_token_create(user=u, name="bench") for u in (playing.white, playing.black)
        ]
        games.append((playing.game.id, [plain for _, plain in made_tokens]))
        made.append((playing.game.id, [token for token, _ in made_tokens]))
    watched = Streams(made) if args.streams else None
    if watched is not None and args.warm == 0:
        watched.count_from(0)

    view_cpu: list[float] = []

    def timing(view: Any) -> Any:
        def timed_view(*a: Any, **kw: Any) -> Any:
            started = time.thread_time()
            try:
                return view(*a, **kw)
            finally:
                view_cpu.append((time.thread_time() - started) * 1000)

        return timed_view

    # The URL's callback, wrapped where the resolver keeps it.
    match = resolve(f"/api/board/game/{games[0][0]}/move/e2e4")
    pattern = next(p for p in _patterns() if p.callback is match.func)
    original = pattern.callback
    pattern.callback = timing(original)
    lean_served, cached, uncached = actions.lean_served, lean.tokens, lean.TokenCache(seconds=0)
    token_reads: dict[str, int] = defaultdict(int)
    token_read = lean.api_token_get_active

    def counted_read(**kwargs: Any) -> Any:
        token_reads[path] += 1
        return token_read(**kwargs)

    lean.api_token_get_active = counted_read

    def use(path: str) -> None:
        actions.lean_served = (lambda request: False) if path == "drf" else lean_served
        lean.tokens = uncached if path == "lean, token read" else cached

    client = Client()
    figures: dict[str, list[tuple[float, float]]] = defaultdict(list)
    profile = cProfile.Profile(time.process_time) if args.profile else None
    turn = 0
    path = ""
    try:
        for ply, uci in enumerate(quiet_moves(args.plies)):
            for game_id, tokens in games:
                path = args.only or PATHS[turn % len(PATHS)]
                turn += 1
                use(path)
                started = time.process_time()
                if profile is not None:
                    profile.enable()
                # No body, as Board clients send it (the test client's `post` sends a
                # multipart one).
                answer = client.generic(
                    "POST",
                    f"/api/board/game/{game_id}/move/{uci}",
                    HTTP_AUTHORIZATION=f"Bearer {tokens[ply % 2]}",
                )
                if profile is not None:
                    profile.disable()
                request = (time.process_time() - started) * 1000
                if answer.status_code != 200 or answer.content != b'{"ok":true}':
                    print(f"move {uci} of game {game_id}: {answer.status_code} {answer.content!r}")
                    return 1
                if turn > args.warm:
                    figures[path].append((view_cpu[-1], request))
                if watched is not None and turn == args.warm:
                    watched.count_from(turn)
        if watched is not None:
            streams_cpu = watched.cpu_until_written(moves=turn)
    finally:
        pattern.callback = original
        use("lean")
        if watched is not None:
            watched.close()
    if profile is not None:
        stats = pstats.Stats(profile).sort_stats("cumulative")
        stats.print_stats(30)
        if os.environ.get("BENCH_CALLEES"):  # a regular expression of functions
            stats.print_callees(os.environ["BENCH_CALLEES"])
    print(
        f"{turn - args.warm} move POSTs counted ({args.games} games x {args.plies} plies, the "
        f"first {args.warm} not counted), load average {os.getloadavg()[0]:.2f} at the end"
    )
    if watched is not None:
        print(
            f"  streams: {streams_cpu:.2f} ms of CPU per move for the 4 streams of its game "
            f"({4 * args.games} streams, {turn - args.warm} moves)"
        )
    for path, rows in figures.items():
        view_p50, view_p95 = quantiles([view for view, _ in rows])
        request_p50, request_p95 = quantiles([request for _, request in rows])
        print(
            f"  {path + ':':18} view (thread CPU) median {view_p50:.2f} ms, p95 "
            f"{view_p95:.2f} ms; request (process CPU) median {request_p50:.2f} ms, p95 "
            f"{request_p95:.2f} ms ({len(rows)} moves, {token_reads[path]} tokens read by "
            "the lean path)"
        )
    return 0


class Streams:
    """Each game's four streams (both players' game and event streams) read on an event loop
    of their own, as a web process serves them; `cpu_until_written` is that loop's thread CPU
    per move."""

    def __init__(self, games: list[tuple[int, list[Any]]]) -> None:
        import asyncio
        import threading

        from arbiter.games.live.push import game_group
        from arbiter.lichess.board import streams
        from arbiter.lichess.board.selectors import board_game_read
        from arbiter.lichess.board.subscription import Subscription
        from arbiter.realtime.connections import connection_place_take

        self.asyncio = asyncio
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.lines: dict[tuple[str, int], int] = defaultdict(int)
        self.game_streams = 2 * len(games)

        async def read(key: tuple[str, int], rows: Any) -> None:
            async for row in rows:
                if row.strip():
                    self.lines[key] += 1

        async def open_all() -> list[Any]:
            tasks = []
            for game_id, tokens in games:
                for n, token in enumerate(tokens):
                    for kind in ("game", "event"):
                        place = await connection_place_take(owner=token.user_id)
                        assert place is not None
                        held = streams._Held(place, token.id, token.user_id, f"/api/{kind}/stream")
                        if kind == "game":  # as `streams.game_stream` opens one
                            sub = await Subscription().__aenter__()
                            await sub.join(game_group(game_id))
                            opened = await streams.in_thread(board_game_read, game_id=game_id)
                            assert opened is not None
                            rows = streams._game_lines(sub, game_id, opened, held)
                        else:
                            rows = streams._event_lines(token.user_id, held)
                        key = (f"{kind} {n}", game_id)
                        tasks.append(asyncio.ensure_future(read(key, rows)))
            return tasks

        self.tasks = self._run(open_all())
        # Open: every stream has written its first line (gameFull, gameStart).
        self._wait(lambda: len(self.lines) == 4 * len(games))
        self.started_cpu = 0.0
        self.counted_from = 0

    def _run(self, coroutine: Any) -> Any:
        return self.asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    def _wait(self, done: Any) -> None:
        deadline = time.monotonic() + 60
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError("the streams did not write every line")
            time.sleep(0.005)

    def _cpu(self) -> float:
        assert self.thread.ident is not None
        return time.clock_gettime(time.pthread_getcpuclockid(self.thread.ident)) * 1000

    def count_from(self, moves: int) -> None:
        """Count from now on (after `moves` moves were written)."""
        self._wait(lambda: self._game_lines() == self.game_streams + 2 * moves)
        self.started_cpu, self.counted_from = self._cpu(), moves

    def _game_lines(self) -> int:
        return sum(n for (kind, _), n in self.lines.items() if kind.startswith("game"))

    def cpu_until_written(self, *, moves: int) -> float:
        """CPU (ms) per move counted, once every game stream has written every move."""
        # Each move is a gameState on its game's two streams (plus each one's gameFull).
        self._wait(lambda: self._game_lines() == self.game_streams + 2 * moves)
        return (self._cpu() - self.started_cpu) / (moves - self.counted_from)

    def close(self) -> None:
        async def cancel() -> None:
            for task in self.tasks:
                task.cancel()
            await self.asyncio.gather(*self.tasks, return_exceptions=True)

        self._run(cancel())
        self.loop.call_soon_threadsafe(self.loop.stop)


def _patterns() -> list[Any]:
    """Every URL pattern (resolvers flattened)."""
    from django.urls import URLResolver, get_resolver

    found: list[Any] = []
    stack: list[Any] = list(get_resolver().url_patterns)
    while stack:
        pattern = stack.pop()
        if isinstance(pattern, URLResolver):
            stack.extend(pattern.url_patterns)
        else:
            found.append(pattern)
    return found


if __name__ == "__main__":
    sys.exit(main())
