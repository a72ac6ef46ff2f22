"""Demo data for a newcomer: a club, 40 rated players and a Swiss event halfway through.

Everything after the accounts goes through the real services: the team join, the event, the
entries, the pairings (by the configured engine) and the results, as if a leader had clicked.

Safe beside a running server (`make run`): each event is created already holding its pairing
lease (services/pairing_lease.py), so the server's scheduler cannot pair it while the seed
plays its rounds; the seed releases it once done. All or nothing: a seed that fails removes
what it created (`demo_remove`), so the next run starts afresh.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

from arbiter.ratings.services import user_rating_set
from arbiter.teams.models import Team
from arbiter.teams.services import team_create, team_join
from arbiter.tournaments.models import GameResult, SwissPairing, SwissRound, SwissTournament
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.tournaments.services.pairing import round_pair_next
from arbiter.tournaments.services.pairing_lease import (
    lease_kept,
    lease_release,
    lease_take,
    lease_token,
)
from arbiter.tournaments.services.results.submit import results_submit
from arbiter.users.models import User

TEAM_NAME = "Demo Chess Club"
LEADER = "demo_arbiter"
PASSWORD = "swiss-demo-2026"
EVENT_NAME = "Demo Club Swiss"
ROUNDS = 7
ROUNDS_COMPLETE = 3  # then round 4 is paired and half of its boards have a result
FIRST = "anna bruno chloe diego elena farid greta hugo ines jonas kira lars mila nora omar paula"
LAST = "berg costa duval eriksen fischer garcia hansen ivanova jensen kowalski lindqvist moreau"
PLAYERS = 40


class DemoDataExists(Exception):
    """The demo team is already there: seeding twice would only duplicate it."""


@dataclass(frozen=True)
class DemoData:
    team: Team
    event: SwissTournament
    leader: User


def demo_usernames(count: int = PLAYERS) -> list[str]:
    """`anna_berg`, `bruno_costa`, …: distinct, readable, stable from run to run."""
    first, last = FIRST.split(), LAST.split()
    return [f"{first[i % len(first)]}_{last[(i * 5) % len(last)]}" for i in range(count)]


def _expected_score(rating: int, opponent: int) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def _result(rng: random.Random, white: int, black: int) -> str:
    """A plausible result: the stronger player wins more often; a third of games are drawn."""
    if rng.random() < 0.3:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if rng.random() < _expected_score(white, black) else "0-1"


def _play(leader: User, rnd: SwissRound, rng: random.Random, *, share: float) -> None:
    boards = list(
        SwissPairing.objects.filter(round=rnd).select_related("white", "black", "round__tournament")
    )
    played = boards[: round(len(boards) * share)]
    # The round's sheet typed in at once: one standings recomputation, not one per board.
    results_submit(
        decisions=[(p, _result(rng, p.white.rating, p.black.rating)) for p in played], user=leader
    )


def _event(
    team: Team,
    leader: User,
    players: list[User],
    *,
    name: str,
    rounds: int,
    lease: str | None = None,
    **fields: Any,
) -> SwissTournament:
    """The event with its entries, in one transaction; with `lease`, created holding it."""
    fields.setdefault("start_time", timezone.now())
    # The demo's results are entered as in a hall; online games would end as no-shows.
    fields.setdefault("mode", "otb")
    limit, increment = fields.pop("clock", (300, 3))
    with transaction.atomic():
        event = tournament_create(
            team=team,
            user=leader,
            name=name,
            num_rounds=rounds,
            clock_limit_seconds=limit,
            clock_increment_seconds=increment,
            **fields,
        )
        # In the creating transaction: the event is never visible without its lease.
        if lease is not None and not lease_take(tournament_id=event.id, token=lease):
            raise RuntimeError(f"a new event's pairing lease was taken: {event.id}")
        for user in players:
            tournament_join(tournament=event, user=user)
    return event


def _play_rounds(
    event: SwissTournament,
    leader: User,
    rng: random.Random,
    *,
    lease: str,
    complete: int,
    half: bool,
) -> None:
    """Pair and play `complete` rounds, then (if `half`) pair one more with half its results.
    One transaction per step, as a leader's clicks would be; under the event's pairing lease,
    released at the end."""
    with lease_kept(tournament_id=event.id, token=lease):
        for number in range(1, complete + 1 + int(half)):
            rnd = round_pair_next(tournament=event, lease=lease)
            assert rnd is not None and rnd.number == number, "the demo event ended early"
            _play(leader, rnd, rng, share=1.0 if number <= complete else 0.5)
    lease_release(tournament_id=event.id, token=lease)
    event.refresh_from_db()


def demo_remove() -> bool:
    """Delete the demo team, its events and the demo accounts; whether there was any."""
    with transaction.atomic():
        events = SwissTournament.objects.filter(team__name__iexact=TEAM_NAME)
        found = events.exists()
        events.delete()
        found |= Team.objects.filter(name__iexact=TEAM_NAME).delete()[0] > 0
        usernames = [LEADER, *demo_usernames()]
        found |= User.objects.filter(username__in=usernames).delete()[0] > 0
    return found


def demo_seed(*, reset: bool = False) -> DemoData:
    """Create the demo data, or raise DemoDataExists when the demo team is already there
    (`reset`: delete it and create it again). All or nothing: on any failure what was created
    is removed again.

    Besides the event halfway through, the lobby gets a finished event and an upcoming one."""
    if reset:
        demo_remove()
    elif Team.objects.filter(name__iexact=TEAM_NAME).exists():
        raise DemoDataExists(TEAM_NAME)
    try:
        return _seed()
    except BaseException:
        demo_remove()
        raise


def _seed() -> DemoData:
    rng = random.Random(2026)
    with transaction.atomic():
        # One hash for all: hashing 41 passwords one by one takes seconds for nothing.
        password = make_password(PASSWORD)
        leader = User.objects.create(username=LEADER, password=password)
        team = team_create(
            user=leader,
            name=TEAM_NAME,
            description="Demo data from `manage.py seed_demo`: a club with a Swiss event "
            "halfway through.",
        )
        players = User.objects.bulk_create(
            User(username=name, password=password) for name in demo_usernames()
        )
        for user in players:
            user_rating_set(user=user, speed="blitz", rating=rng.randrange(1200, 2400, 5))
            team_join(team=team, user=user)
    lease = lease_token("seed_demo")
    warm_up = _event(
        team,
        leader,
        players[::5],
        name="Demo Warm-up Swiss",
        rounds=3,
        clock=(180, 2),
        lease=lease,
    )
    _play_rounds(warm_up, leader, rng, lease=lease, complete=3, half=False)
    event = _event(
        team,
        leader,
        players,
        name=EVENT_NAME,
        rounds=ROUNDS,
        description="Seven rounds of 5+3 blitz. Three rounds are over, the fourth is on.",
        lease=lease,
    )
    _play_rounds(event, leader, rng, lease=lease, complete=ROUNDS_COMPLETE, half=True)
    next_friday = timezone.now().replace(hour=18, minute=0, second=0, microsecond=0)
    next_friday += timedelta(days=(4 - next_friday.weekday()) % 7 or 7)
    _event(
        team,
        leader,
        players[:12],
        name="Demo Friday Blitz",
        rounds=5,
        clock=(180, 2),
        start_time=next_friday,
        round_interval_seconds=120,
    )
    return DemoData(team=team, event=event, leader=leader)
