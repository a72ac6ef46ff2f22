"""SIGKILL the worker in the middle of a round start: nothing is lost, nothing doubled."""

from __future__ import annotations

import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from arbiter.tournaments.models import SwissPairing, SwissRound, SwissRoundEntry, SwissTournament
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[3]


def slow_engine(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A bbpPairings-compatible engine that announces itself, waits until the returned
    release file exists (at most a minute), then pairs with gacrux through our own drop-in
    CLI: held mid-pairing for as long as the test needs to kill it, whatever the load."""
    marker, release = tmp_path / "engine-started", tmp_path / "release"
    script = tmp_path / "slow-engine"
    script.write_text(
        "#!/bin/sh\n"
        f"touch {marker}\n"
        f"i=0; while [ ! -e {release} ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i+1)); done\n"
        f"cd {ROOT}\n"
        f'ARBITER_PAIRING_ENGINE=gacrux exec {sys.executable} -m arbiter.pairing "$@"\n'
    )
    script.chmod(0o755)
    return script, marker, release


def test_killing_the_worker_mid_round_start_loses_and_doubles_nothing(tmp_path):
    script, marker, release = slow_engine(tmp_path)
    team, leader, members = team_with_members(7)
    event = create_event(
        leader,
        team,
        num_rounds=3,
        round_interval_seconds=5,
        start_time=(timezone.now() + timedelta(seconds=1)).isoformat(),
    )
    for user in members:
        client_of(user).post(f"/api/tournaments/swiss/{event['id']}/join/", {}, format="json")
    engine_env = {
        "ARBITER_PAIRING_ENGINE": "bbpPairings",
        "ARBITER_BBPPAIRINGS": str(script),
        "ARBITER_TICK_SECONDS": "1",
        # The killed run's lease must run out before the next worker may pair (60 s by default).
        "ARBITER_PAIRING_LEASE_SECONDS": "8",
    }

    with celery_worker(beat=True, extra_env=engine_env) as worker:
        wait_for(marker.exists, timeout=WAIT_SECONDS)  # the engine runs, inside the round start
        worker.kill()
    assert not SwissRound.objects.filter(tournament_id=event["id"]).exists()
    tournament = SwissTournament.objects.get(id=event["id"])
    assert tournament.current_round == 0 and tournament.next_round_at is not None  # still due

    marker.unlink()
    release.touch()  # the next engine pairs at once
    with celery_worker(beat=True, extra_env=engine_env):
        wait_for(
            lambda: SwissRound.objects.filter(tournament_id=event["id"], number=1).exists(),
            timeout=90,
        )
        time.sleep(3)  # further ticks and redelivered tasks must not add anything
    rounds = SwissRound.objects.filter(tournament_id=event["id"])
    assert list(rounds.values_list("number", flat=True)) == [1]
    assert SwissPairing.objects.filter(round__in=rounds).count() == 3
    entries = SwissRoundEntry.objects.filter(round__in=rounds)
    assert entries.count() == 7 and entries.filter(kind="U").count() == 1
    assert SwissTournament.objects.get(id=event["id"]).current_round == 1
