"""Migrations 0009/0010: forbidden pairs that named two users name those users' entries in
the event afterwards (stored low id first); a pair whose users never entered is dropped."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The other apps go back too: their later columns (NOT NULL) are unknown to the old models.
OTHERS = [("users", "0002_apitoken_expires_at"), ("teams", "0001_initial")]
BEFORE = [("tournaments", "0008_pairing_player_reports"), *OTHERS]
AFTER = [("tournaments", "0010_forbidden_pairs_name_entries"), *OTHERS]


@pytest.mark.django_db(transaction=True)
def test_user_pairs_become_entry_pairs() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps
        user = old.get_model("users", "User")
        ann, bob, cy, dan = (
            user.objects.create(username=name, password="x") for name in ("ann", "bob", "cy", "dan")
        )
        team = old.get_model("teams", "Team").objects.create(name="Fjord", slug="fjord")
        clock = old.get_model("games", "TimeControl").objects.create(limit_seconds=300)
        event = old.get_model("tournaments", "SwissTournament").objects.create(
            team=team,
            created_by=ann,
            name="Fjord Open",
            time_control=clock,
            num_rounds=5,
            start_time=datetime(2026, 6, 1, tzinfo=UTC),
        )
        entry = old.get_model("tournaments", "SwissParticipant")
        # Entered in reverse order: the entries' ids are ordered unlike the users'.
        entries = {
            u.username: entry.objects.create(tournament=event, user=u, rating=1500)
            for u in (cy, bob, ann)
        }
        pairs = old.get_model("tournaments", "ForbiddenPairing")
        pairs.objects.create(tournament=event, player1=ann, player2=cy)
        pairs.objects.create(tournament=event, player1=bob, player2=dan)  # dan never entered

        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER).apps
        moved = list(
            new.get_model("tournaments", "ForbiddenPairing").objects.values_list(
                "player1", "player2"
            )
        )
        low, high = sorted((entries["ann"].id, entries["cy"].id))
        assert moved == [(low, high)]
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
