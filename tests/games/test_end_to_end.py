"""Acceptance over the real server (`manage.py serve`, the embedded configuration: tasks and
the flag tick in-process): a six-player online event starts round 1 by itself; board 1 is
played to mate over the Board-API, board 2 runs out of time with nobody acting, board 3 is a
no-show. The Swiss results, standings, pushes, PGN, pause and ban follow."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

import chess
import chess.pgn
from websockets.sync.client import connect

from tests.games.helpers import FOOLS_MATE
from tests.processes import served
from tests.timing import WAIT_SECONDS
from tests.tournaments.live.test_embedded_mode import embedded_env, migrate

ROOT = Path(__file__).resolve().parents[2]
CLOCK_SECONDS = 3
# The flag comes at or after the expiry (not before), from the server's tick: no client acts
# on that board after its last move, and reading a game never ends it. How late is a speed
# (bench_games.py: every flag within 1 s of the expiry); 3 s is a bound, not the target:
# 0.002-0.006 s measured on a 2-core machine at load 7-8.
FLAG_LATE_BOUND_SECONDS = 3.0

SETUP = """
from datetime import timedelta
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

leader = User.objects.create_user("leader", password="x")
team = Team.objects.create(name="Online", slug="online")
Membership.objects.create(team=team, user=leader, role="leader")
event = tournament_create(team=team, user=leader, name="Online Swiss", num_rounds=2,
    start_time=timezone.now() + timedelta(seconds=4), clock_limit_seconds=CLOCK,
    clock_increment_seconds=0, round_interval_seconds=None)
tokens = {}
for i in range(6):
    user = User.objects.create_user(f"o{i}", password="x")
    Membership.objects.create(team=team, user=user, role="member")
    tournament_join(tournament=event, user=user)
    tokens[user.username] = api_token_create(user=user, name="board")[1]
print(json.dumps({"event": event.id, "tokens": tokens}))
""".replace("CLOCK", str(CLOCK_SECONDS))

AFTER = """
from arbiter.tournaments.models import NoShowRecord, SwissParticipant
print(json.dumps({
    "paused": sorted(p.user.username for p in SwissParticipant.objects.filter(status="paused")),
    "banned": sorted(r.user.username for r in NoShowRecord.objects.filter(ban_seconds=86400)),
}))
"""


def _shell(env: dict[str, str], code: str) -> Any:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", "import json\n" + code],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


class Api:
    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"

    def call(self, path: str, *, token: str | None = None, post: bool = False) -> Any:
        request = urllib.request.Request(self.base + path, method="POST" if post else "GET")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
            body = reply.read().decode()
        return (
            json.loads(body)
            if reply.headers["Content-Type"].startswith("application/json")
            else body
        )

    def game(self, game_id: int) -> dict[str, Any]:
        return self.call(f"/api/games/{game_id}/")

    def wait_over(self, game_id: int, *, within: float) -> dict[str, Any]:
        deadline = time.monotonic() + within
        while True:
            state = self.game(game_id)
            if state["status"] != "started" or time.monotonic() > deadline:
                return state
            time.sleep(0.1)


def test_an_online_event_over_the_real_server(tmp_path: Path) -> None:
    env = embedded_env(tmp_path)
    env["ARBITER_FLAG_TICK_SECONDS"] = "0.25"
    migrate(env)
    made = _shell(env, SETUP)
    event_id, tokens = made["event"], made["tokens"]
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        api = Api(web.port)
        url = f"ws://127.0.0.1:{web.port}/ws/tournaments/swiss/{event_id}/"
        with connect(url, additional_headers={"Origin": api.base}) as swiss:
            pushes: list[dict[str, Any]] = []
            while not pushes or pushes[-1]["event"] != "round_start":
                pushes.append(json.loads(swiss.recv(timeout=30)))
            boards = pushes[-1]["payload"]["pairings"]
            assert len(boards) == 3 and all(b["game_id"] for b in boards)
            mate, timeout, no_show = boards

            # Board 1: fool's mate over the Board-API, each player with their own token.
            for ply, uci in enumerate(FOOLS_MATE):
                player = mate["white"] if ply % 2 == 0 else mate["black"]
                api.call(
                    f"/api/games/{mate['game_id']}/move/{uci}/", token=tokens[player], post=True
                )
            # Board 2: both first moves, then white never moves again: white's clock runs out.
            api.call(
                f"/api/games/{timeout['game_id']}/move/e2e4/",
                token=tokens[timeout["white"]],
                post=True,
            )
            moved = api.call(
                f"/api/games/{timeout['game_id']}/move/e7e5/",
                token=tokens[timeout["black"]],
                post=True,
            )
            flag_due = (moved["server_time"] + moved["wtime"]) / 1000  # white's clock runs
            # Board 3: nobody moves; white misses the first-move deadline (bullet: 15 s).

            ended = api.wait_over(timeout["game_id"], within=WAIT_SECONDS)
            assert (ended["status"], ended["winner"], ended["wtime"]) == ("outoftime", "black", 0)
            late = datetime.fromisoformat(ended["finished_at"]).timestamp() - flag_due
            print(f"flagged {late:.3f} s after expiry")
            # ms rounding below; above, a bound (FLAG_LATE_BOUND_SECONDS), not the target
            assert -0.005 <= late < FLAG_LATE_BOUND_SECONDS, f"flagged {late:.3f} s after expiry"

            absent = api.wait_over(no_show["game_id"], within=WAIT_SECONDS)
            assert (absent["status"], absent["winner"]) == ("noStart", "black")

            results: dict[int, str] = {}
            while len(results) < 3:
                message = json.loads(swiss.recv(timeout=WAIT_SECONDS))
                if message["event"] == "game_result":
                    for board in message["payload"]["results"]:
                        results[board["board"]] = board["result"]
            assert results == {1: "0-1", 2: "0-1", 3: "-+"}

        game = api.game(mate["game_id"])
        assert (game["status"], game["winner"]) == ("mate", "black")
        rnd = api.call(f"/api/tournaments/swiss/{event_id}/rounds/1/")
        assert [b["result"] for b in rnd["pairings"]] == ["0-1", "0-1", "-+"]
        standings = api.call(f"/api/tournaments/swiss/{event_id}/standings/")
        rows = standings["results"] if isinstance(standings, dict) else standings
        points = {row["username"]: float(row["points"]) for row in rows}
        assert points[mate["black"]] == 1 and points[mate["white"]] == 0
        assert points[no_show["black"]] == 1 and points[no_show["white"]] == 0

        pgn = chess.pgn.read_game(io.StringIO(api.call(f"/api/games/{mate['game_id']}/pgn/")))
        assert pgn is not None and pgn.headers["Result"] == "0-1"
        assert pgn.end().board().fen() == game["fen"] and pgn.end().board().is_checkmate()
        every = api.call(f"/api/tournaments/swiss/{event_id}/games/")
        assert every.count('[Event "Online Swiss"]') == 3
    after = _shell(env, AFTER)
    assert after == {"paused": [no_show["white"]], "banned": [no_show["white"]]}
