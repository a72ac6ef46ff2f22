"""The pairing engine runs outside the event's row lock: a result written while a slow engine
pairs the next round is answered while the engine still runs, and the engine's answer, now
stale, is discarded and the round paired again from the corrected state. The engine waits
for the test to release it, so the order is the test's, whatever the machine's load."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from arbiter.tournaments.models import SwissRound, SwissRoundEntry
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]


def slow_engine(directory: Path) -> tuple[Path, Path, Path]:
    """A bbpPairings-compatible engine that keeps a copy of each input it is given, waits
    until the returned release file exists (at most a minute), then pairs with gacrux
    through our own drop-in CLI."""
    inputs = directory / "inputs"
    inputs.mkdir()
    release = directory / "release"
    script = directory / "slow-engine"
    script.write_text(
        "#!/bin/sh\n"
        'for arg in "$@"; do case "$arg" in *.trf) '
        f'cp "$arg" {inputs}/$(date +%s%N).trf;; esac; done\n'
        f"i=0; while [ ! -e {release} ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done\n"
        f"cd {ROOT}\n"
        f'ARBITER_PAIRING_ENGINE=gacrux exec {sys.executable} -m arbiter.pairing "$@"\n'
    )
    script.chmod(0o755)
    return script, inputs, release


def test_a_result_during_a_slow_engine_call_is_not_kept_waiting(tmp_path, monkeypatch):
    team, leader, members = team_with_members(6)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    first = client_of(leader).post(f"{base}/start-next-round/")
    assert first.status_code == 201
    boards = first.json()["pairings"]
    for board in boards:
        url = f"{base}/pairings/{board['id']}/result/"
        assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200

    script, inputs, release = slow_engine(tmp_path)
    monkeypatch.setenv("ARBITER_PAIRING_ENGINE", "bbpPairings")
    monkeypatch.setenv("ARBITER_BBPPAIRINGS", str(script))
    started: dict[str, Any] = {}

    def start_round_two() -> None:
        try:
            started["response"] = client_of(leader).post(f"{base}/start-next-round/")
        finally:
            connection.close()  # this thread's own connection

    starter = threading.Thread(target=start_round_two)
    starter.start()
    wait_for(lambda: any(inputs.iterdir()), timeout=WAIT_SECONDS)  # the engine is running

    # A leader corrects a result of round 1 while the engine pairs round 2: answered while
    # the engine still waits (a lock held over the run would keep it until the release).
    correction = f"{base}/pairings/{boards[0]['id']}/result/"
    posted_at = time.monotonic()
    corrected = client_of(leader).post(correction, {"result": "0-1"}, format="json")
    answered_in = time.monotonic() - posted_at
    assert corrected.status_code == 200, corrected.json()
    # Round 2 is not stored yet, and the engine's first run has not answered.
    assert not SwissRound.objects.filter(tournament_id=event["id"], number=2).exists()
    assert starter.is_alive() and len(list(inputs.iterdir())) == 1
    print(f"the correction was answered in {answered_in:.2f} s during the engine's run")
    release.touch()

    starter.join(timeout=WAIT_SECONDS)
    assert started["response"].status_code == 201, started["response"].json()
    assert started["response"].json()["number"] == 2
    # The first answer was paired from the old result: discarded, the engine asked again.
    runs = sorted(inputs.iterdir())
    assert len(runs) == 2
    assert runs[0].read_text() != runs[1].read_text()
    assert SwissRound.objects.filter(tournament_id=event["id"]).count() == 2
    assert SwissRoundEntry.objects.filter(round__number=2).count() == 6
