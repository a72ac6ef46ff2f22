"""The objects a lichess path names, or lichess's 404."""

from __future__ import annotations

from arbiter.lichess.http import LichessError
from arbiter.lichess.identity import object_id
from arbiter.teams.models import Team
from arbiter.teams.read import team_get_by_slug
from arbiter.tournaments.models import SwissTournament, TournamentStatus
from arbiter.tournaments.read import selectors

NOT_FOUND = "Not found"


def hidden(tournament: SwissTournament) -> bool:
    """An event terminated before its start: lichess deletes it, so its paths show nothing
    (Arbiter keeps it, cancelled, for the record)."""
    return tournament.status == TournamentStatus.CANCELLED and tournament.current_round == 0


def swiss_or_404(swiss_id: str) -> SwissTournament:
    number = object_id(swiss_id)
    tournament = None if number is None else selectors.tournament_get(tournament_id=number)
    if tournament is None or hidden(tournament):
        raise LichessError(NOT_FOUND, 404)
    return tournament


def team_or_404(team_id: str) -> Team:
    team = team_get_by_slug(slug=team_id)
    if team is None:
        raise LichessError(NOT_FOUND, 404)
    return team
