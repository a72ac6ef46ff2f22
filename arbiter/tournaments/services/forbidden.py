"""Pairs of entries a leader keeps apart (registered players too): the engine never pairs them."""

from django.db import transaction

from arbiter.common.exceptions import ApplicationError, InvalidInput, NotFound
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import (
    ForbiddenPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.users.models import User


@transaction.atomic
def forbidden_pairing_add(
    *,
    tournament: SwissTournament,
    user: User,
    player1: SwissParticipant,
    player2: SwissParticipant,
) -> ForbiddenPairing:
    team_leader_required(team_id=tournament.team_id, user=user, action="manage forbidden pairings")
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise ApplicationError("This tournament is over.")
    for field, entry in (("player1", player1), ("player2", player2)):
        if entry.tournament_id != tournament.id:
            raise InvalidInput({field: ["Not an entry of this tournament."]})
    if player1.id == player2.id:
        raise InvalidInput({"player2": ["A player cannot be forbidden from meeting themself."]})
    low, high = sorted((player1, player2), key=lambda e: e.id)
    if ForbiddenPairing.objects.filter(tournament=tournament, player1=low, player2=high).exists():
        raise ApplicationError(
            f"{low.display_name} and {high.display_name} are already kept apart."
        )
    pair = ForbiddenPairing(tournament=tournament, player1=low, player2=high)
    pair.full_clean()
    pair.save()
    return pair


@transaction.atomic
def forbidden_pairing_remove(*, tournament: SwissTournament, user: User, pair_id: int) -> None:
    team_leader_required(team_id=tournament.team_id, user=user, action="manage forbidden pairings")
    deleted, _ = ForbiddenPairing.objects.filter(tournament=tournament, id=pair_id).delete()
    if not deleted:
        raise NotFound("No such forbidden pairing.")
