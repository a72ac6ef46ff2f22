"""berserk 0.14.0, unchanged, runs a whole Swiss event against the real server: on the
production topology (several uvicorn processes, Celery worker and beat, Redis, PostgreSQL)
and on `make run`'s embedded configuration (one process, SQLite, in-memory channel layer,
in-process tasks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.lichess.berserk_event import run_event
from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_env, migrate
from tests.web import web_server
from tests.worker import celery_worker

pytestmark = pytest.mark.timeout(240)


@pytest.mark.django_db(transaction=True)
def test_berserk_runs_a_whole_event_on_the_production_topology():
    # The beat's tick starts due rounds: faster than its 2 s default, for the test's time.
    with (
        celery_worker(beat=True, extra_env={"ARBITER_TICK_SECONDS": "0.5"}),
        web_server(workers=2) as port,
    ):
        figures = run_event(f"http://127.0.0.1:{port}")
    assert figures["games"] == 6


def test_berserk_runs_a_whole_event_on_the_embedded_configuration(tmp_path: Path):
    env = embedded_env(tmp_path)
    env["ARBITER_TICK_SECONDS"] = "0.5"
    migrate(env)
    with served(env=env, log_path=tmp_path / "embedded.log") as server:
        figures = run_event(server.url)
    assert figures["games"] == 6
