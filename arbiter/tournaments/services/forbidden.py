"""Pairs of entries a leader keeps apart (registered players too): the engine never pairs them."""

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, InvalidInput, NotFound
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import (
    ForbiddenPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.audit import audit_record
from arbiter.users.models import User


@transaction.atomic
def forbidden_pairing_add(
    *,
    tournament: SwissTournament,
    user: User,
    player1: SwissParticipant,
    player2: SwissParticipant,
) -> ForbiddenPairing:
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("manage forbidden pairings"),
    )
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise ApplicationError(_("This tournament is over."))
    for field, entry in (("player1", player1), ("player2", player2)):
        if entry.tournament_id != tournament.id:
            raise InvalidInput({field: [_("Not an entry of this tournament.")]})
    if player1.id == player2.id:
        raise InvalidInput({"player2": [_("A player cannot be forbidden from meeting themself.")]})
    low, high = sorted((player1, player2), key=lambda e: e.id)
    if ForbiddenPairing.objects.filter(tournament=tournament, player1=low, player2=high).exists():
        raise ApplicationError(
            _("%(name)s and %(other)s are already kept apart.")
            % {"name": low.display_name, "other": high.display_name}
        )
    pair = ForbiddenPairing(tournament=tournament, player1=low, player2=high)
    pair.full_clean()
    pair.save()
    audit_record(
        tournament=tournament,
        actor=user,
        action="forbidden.added",
        subject=f"{low.display_name} / {high.display_name}",
        after={"players": [low.display_name, high.display_name]},
    )
    return pair


@transaction.atomic
def forbidden_pairing_remove(*, tournament: SwissTournament, user: User, pair_id: int) -> None:
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("manage forbidden pairings"),
    )
    pair = (
        ForbiddenPairing.objects.select_related("player1__user", "player2__user")
        .filter(tournament=tournament, id=pair_id)
        .first()
    )
    if pair is None:
        raise NotFound(_("No such forbidden pairing."))
    names = [pair.player1.display_name, pair.player2.display_name]
    pair.delete()
    audit_record(
        tournament=tournament,
        actor=user,
        action="forbidden.removed",
        subject=" / ".join(names),
        before={"players": names},
    )


@transaction.atomic
def forbidden_pairings_replace(
    *,
    tournament: SwissTournament,
    user: User,
    pairs: list[tuple[SwissParticipant, SwissParticipant]],
) -> None:
    """The event's pairs kept apart become exactly `pairs` (a whole list set at once, as
    lichess's `forbiddenPairings` text is); a pair given twice, or in both orders, is one."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("manage forbidden pairings"),
    )
    wanted: set[tuple[int, int]] = set()
    for player1, player2 in pairs:
        for entry in (player1, player2):
            if entry.tournament_id != tournament.id:
                raise InvalidInput(
                    {"player": [_("%(name)s is not in this event.") % {"name": entry.display_name}]}
                )
        if player1.id != player2.id:
            low, high = sorted((player1.id, player2.id))
            wanted.add((low, high))
    stored = ForbiddenPairing.objects.filter(tournament=tournament)
    have = set(stored.values_list("player1_id", "player2_id"))
    if wanted == have:
        return
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise ApplicationError(_("This tournament is over."))
    audit_record(
        tournament=tournament,
        actor=user,
        action="forbidden.replaced",
        subject="forbidden pairings",
        before={"pairs": sorted(have)},
        after={"pairs": sorted(wanted)},
    )
    for low, high in have - wanted:
        stored.filter(player1_id=low, player2_id=high).delete()
    ForbiddenPairing.objects.bulk_create(
        ForbiddenPairing(tournament=tournament, player1_id=low, player2_id=high)
        for low, high in sorted(wanted - have)
    )
