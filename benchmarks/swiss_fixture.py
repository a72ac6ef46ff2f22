"""Shared by the benchmarks: a database of their own and a Swiss event built straight into it."""

from __future__ import annotations

import random
from typing import Any


def recreate_database(name: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def build_event(*, players: int, rounds_done: int, total_rounds: int) -> tuple[Any, Any]:
    """An event whose rounds 1..rounds_done are complete and round rounds_done+1 is being
    played (no results yet). Random rematch-free pairings: a benchmark needs the load of a
    real event, not Dutch pairings."""
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from arbiter.games.services import time_control_get_or_create
    from arbiter.teams.models import Membership, Team
    from arbiter.tournaments.models import (
        EntryKind,
        EventMode,
        RoundStatus,
        SwissPairing,
        SwissParticipant,
        SwissRound,
        SwissRoundEntry,
        SwissTournament,
        TournamentStatus,
    )
    from arbiter.tournaments.services.standings import standings_store
    from arbiter.users.models import User

    call_command("migrate", verbosity=0)
    rng = random.Random(6)
    leader = User.objects.create_user("leader", password="x")
    team = Team.objects.create(name="Bench", slug="bench")
    Membership.objects.create(team=team, user=leader, role=Membership.Role.LEADER)
    users = User.objects.bulk_create(User(username=f"p{i:04d}") for i in range(players))
    event = SwissTournament.objects.create(
        team=team,
        created_by=leader,
        name="Bench",
        num_rounds=total_rounds,
        time_control=time_control_get_or_create(limit_seconds=180, increment_seconds=2),
        start_time=timezone.now() - timedelta(hours=3),
        status=TournamentStatus.RUNNING,
        current_round=rounds_done + 1,
        tiebreak_order=["BH/C1", "BH", "SB", "PS", "DE"],
        # Over the board: leaders and players post results (online events get them from
        # games). Rated, as the model's default, so each result also moves ratings.
        mode=EventMode.OTB,
        rated=True,
    )
    people = SwissParticipant.objects.bulk_create(
        SwissParticipant(
            tournament=event, user=u, rating=rng.randrange(1000, 2600), pairing_number=i + 1
        )
        for i, u in enumerate(users)
    )
    met: set[frozenset[int]] = set()
    for number in range(1, rounds_done + 2):
        rnd = SwissRound.objects.create(
            tournament=event,
            number=number,
            status=RoundStatus.COMPLETE if number <= rounds_done else RoundStatus.PLAYING,
        )
        order = people[:]
        rng.shuffle(order)
        boards: list[Any] = []
        entries: list[Any] = []
        while len(order) >= 2:
            a = order.pop()
            b = next(p for p in reversed(order) if frozenset((a.id, p.id)) not in met)
            order.remove(b)
            met.add(frozenset((a.id, b.id)))
            result = rng.choice(["1-0", "0-1", "1/2-1/2"]) if number <= rounds_done else ""
            boards.append(
                SwissPairing(round=rnd, board=len(boards) + 1, white=a, black=b, result=result)
            )
        boards = SwissPairing.objects.bulk_create(boards)
        for board in boards:
            entries += [
                SwissRoundEntry(
                    round=rnd, participant=board.white, kind=EntryKind.GAME, pairing=board
                ),
                SwissRoundEntry(
                    round=rnd, participant=board.black, kind=EntryKind.GAME, pairing=board
                ),
            ]
        SwissRoundEntry.objects.bulk_create(entries)
    standings_store(tournament=event)
    return event, leader
