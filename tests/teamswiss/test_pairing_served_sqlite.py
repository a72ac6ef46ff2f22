"""Over the real server in `make run`'s configuration (SQLite, one database file for everything):
while a team round is being paired, other writes go on. The engine is the real gacrux fideteam,
held at a gate (tests/teamswiss/engine_gate.py) until the test has written.

Before, the team pairing held its transaction, and with it SQLite's only write lock, for the
engine's whole run: a game move of an unrelated event waited out the busy timeout and answered
500 ("database is locked")."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.processes import served
from tests.teamswiss.engine_gate import EngineGate
from tests.tournaments.live.test_embedded_mode import embedded_env, setup_run

SETUP = """
from arbiter.users.services import api_token_create
from tests.games.helpers import online_game
from tests.teamswiss.helpers import event_with_teams

built = event_with_teams(teams=4)
playing = online_game()
print(
    built.event.id,
    api_token_create(user=built.leader, name="t")[1],
    playing.game.id,
    api_token_create(user=playing.white, name="t")[1],
)
"""


def call(
    base: str, method: str, path: str, token: str, body: dict[str, Any] | None = None
) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path,
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_writes_go_on_while_a_team_round_is_paired(tmp_path: Path) -> None:
    gate = EngineGate(tmp_path / "gate")
    env = {**embedded_env(tmp_path), **gate.environment()}
    # A write that cannot have the lock gives up after 10 s (30 by default), not a minute on.
    env["SQLITE_BUSY_TIMEOUT_SECONDS"] = "10"
    event_id, leader, game_id, white = setup_run(env, SETUP)
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        started: dict[str, tuple[int, Any]] = {}

        def start() -> None:
            started["answer"] = call(
                web.url, "POST", f"/api/team-swiss/{event_id}/start-next-round/", leader
            )

        starter = threading.Thread(target=start, daemon=True)
        starter.start()
        try:
            gate.wait_for_runs(1)  # the engine pairs round 1 now, held at the gate

            moved = call(web.url, "POST", f"/api/games/{game_id}/move/e2e4/", white)
            assert moved[0] == 200, moved
            edited = call(
                web.url,
                "PATCH",
                f"/api/team-swiss/{event_id}/",
                leader,
                {"description": "Round 1 at seven."},
            )
            assert edited[0] == 200, edited
        finally:
            gate.open()
        starter.join(timeout=120)
        status, paired = started["answer"]
        assert status == 201, paired
        assert paired["number"] == 1 and len(paired["matches"]) == 2
