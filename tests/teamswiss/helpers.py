"""Team Swiss events built through the services, as a host leader and captains would."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from arbiter.ratings.services import user_rating_set
from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissMatch,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.teamswiss.services.events import event_create
from arbiter.teamswiss.services.invitations import squad_invitation_accept
from arbiter.teamswiss.services.teams import SquadEntry, team_register
from arbiter.trf.team_event import board_colour
from arbiter.users.models import User
from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory


@dataclass
class Built:
    event: TeamSwissEvent
    leader: User
    captains: list[User]
    teams: list[TeamSwissTeam]
    players: list[list[User]]  # per team, in squad order


def event_with_teams(
    *, teams: int = 4, boards: int = 2, squad: int | None = None, **settings: Any
) -> Built:
    """`teams` teams of `squad` players (default: `boards`), each player an account that
    accepted the leader's invitation; team i is rated 2000 - 100 i (the accounts' classical
    ratings), so pairing numbers follow registration."""
    membership = LeaderFactory()
    leader = membership.user
    settings.setdefault("num_rounds", 2)
    event = event_create(
        host=membership.team, user=leader, name="League", boards=boards, **settings
    )
    built = Built(event=event, leader=leader, captains=[], teams=[], players=[])
    for i in range(teams):
        captain = UserFactory()
        users = [UserFactory() for _ in range(squad or boards)]
        for j, user in enumerate(users):
            user_rating_set(user=user, speed="classical", rating=2000 - 100 * i - j)
        team = team_register(
            event=event,
            user=leader,
            name=f"Club {chr(65 + i)}",
            captain=captain,
            squad=[SquadEntry(user=u) for u in users],
        )
        for line in team.players.order_by("order"):
            squad_invitation_accept(event=event, user=line.invited, player_id=line.id)
        built.captains.append(captain)
        built.teams.append(team)
        built.players.append(users)
    return built


def round_stored(built: Built, *, pairs: list[tuple[int, int]], number: int = 1) -> TeamSwissRound:
    """A playing round with these matches (by team index), boards from the squads' first
    players: state built directly, for tests that need no engine."""
    rnd = TeamSwissRound.objects.create(
        event=built.event,
        number=number,
        status=TeamSwissRound.Status.PLAYING,
        paired_at=timezone.now(),
        lineups_close_at=timezone.now(),
    )
    for table, (w, b) in enumerate(pairs, 1):
        white, black = built.teams[w], built.teams[b]
        match = TeamSwissMatch.objects.create(round=rnd, table=table, white=white, black=black)
        ours = list(white.players.order_by("order"))
        theirs = list(black.players.order_by("order"))
        for board in range(1, built.event.boards + 1):
            a, c = ours[board - 1], theirs[board - 1]
            wp, bp = (a, c) if board_colour(board) == "w" else (c, a)
            TeamSwissBoard.objects.create(
                match=match, board=board, white_player=wp, black_player=bp
            )
    TeamSwissEvent.objects.filter(id=built.event.id).update(status=TeamSwissEvent.Status.STARTED)
    built.event.refresh_from_db()
    return rnd
