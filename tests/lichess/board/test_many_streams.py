"""Open streams hold no database connection: many of them, idle and then live, against a web
process whose pool is a few connections, and moves still go through. The peak of the
server's connections (pg_stat_activity) stays within its pool.

`ARBITER_BOARD_STREAMS=500 ARBITER_BOARD_STREAMS_POOL=10` (1,000 streams, production's pool)
measures the acceptance figure."""

from __future__ import annotations

import asyncio
import os
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection

from arbiter.users.services import api_token_create
from tests.games.helpers import FOOLS_MATE
from tests.lichess.board.helpers import RawStream, rapid_game
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)

STREAMS = int(os.environ.get("ARBITER_BOARD_STREAMS", "100"))  # of each kind
POOL = int(os.environ.get("ARBITER_BOARD_STREAMS_POOL", "4"))  # production's default: 10


class Peak:
    """The most client connections to the test database other than the sampler's, sampled
    (autovacuum's workers show in pg_stat_activity too)."""

    def __init__(self) -> None:
        self.most = 0
        self.samples = 0
        self.stop = threading.Event()

    def sample(self) -> None:
        try:
            with connection.cursor() as cursor:
                while not self.stop.is_set():
                    cursor.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                        " AND backend_type = 'client backend' AND pid <> pg_backend_pid()"
                    )
                    self.most = max(self.most, cursor.fetchone()[0])
                    self.samples += 1
                    time.sleep(0.01)
        finally:
            connection.close()


@contextmanager
def peak_connections() -> Iterator[Peak]:
    peak = Peak()
    thread = threading.Thread(target=peak.sample)
    thread.start()
    try:
        yield peak
    finally:
        peak.stop.set()
        thread.join()


def _move(port: int, token: str, game_id: int, uci: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/board/game/{game_id}/move/{uci}",
        method="POST",
        headers={"Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return int(reply.status)


async def _play_under_streams(port: int, game_id: int, tokens: list[str]) -> dict[str, float]:
    """Open the streams, let them idle, play through them; the seconds each part took."""
    took: dict[str, float] = {}
    clock = time.monotonic()
    game_path = f"/api/board/game/stream/{game_id}"
    opened = await asyncio.gather(
        *(RawStream.open(port, game_path, tokens[i % 2]) for i in range(STREAMS)),
        *(RawStream.open(port, "/api/stream/event", tokens[i % 2]) for i in range(STREAMS)),
    )
    games, events = opened[:STREAMS], opened[STREAMS:]
    assert {stream.status for stream in opened} == {200}
    firsts = await asyncio.gather(*(stream.json_line() for stream in opened))
    assert {line["type"] for line in firsts[:STREAMS]} == {"gameFull"}
    assert {line["type"] for line in firsts[STREAMS:]} == {"gameStart"}
    took["open"], clock = time.monotonic() - clock, time.monotonic()

    # Idle: each stream gets its keep-alive line, and holds no connection meanwhile.
    assert set(await asyncio.gather(*(stream.line() for stream in opened))) == {""}
    clock = time.monotonic()

    for ply, uci in enumerate(FOOLS_MATE):
        assert await asyncio.to_thread(_move, port, tokens[ply % 2], game_id, uci) == 200
    for stream in games:
        states = [await stream.json_line() for _ in FOOLS_MATE]
        assert states[-1]["moves"] == " ".join(FOOLS_MATE) and states[-1]["status"] == "mate"
        assert await stream.line() is None  # closed by the server after the final state
    finishes = await asyncio.gather(*(stream.json_line() for stream in events))
    assert {(line["type"], line["game"]["winner"]) for line in finishes} == {
        ("gameFinish", "black")
    }
    took["play"] = time.monotonic() - clock
    for stream in opened:
        stream.close()
    return took


def test_a_small_pool_serves_many_open_streams_and_the_moves() -> None:
    playing = rapid_game()
    tokens = [
        api_token_create(user=user, name="board")[1] for user in (playing.white, playing.black)
    ]
    env = {
        "DATABASE_POOL_SIZE": str(POOL),
        "ARBITER_STREAM_KEEPALIVE_SECONDS": "1",
        # Two users hold every stream here: their allowance is not what this measures.
        "ARBITER_LIVE_CONNECTIONS_PER_USER": str(2 * STREAMS),
    }
    connection.close()  # the test's own: only the server's are counted
    with web_server(workers=1, env=env) as port, peak_connections() as peak:
        took = asyncio.run(_play_under_streams(port, playing.game.id, tokens))
    print(f"{2 * STREAMS} streams, pool {POOL}: at most {peak.most} connections; seconds {took}")
    assert peak.samples > 100
    assert 1 <= peak.most <= POOL
