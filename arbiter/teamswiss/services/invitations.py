"""Squad invitations: an account a captain (or a host leader) lists joins the squad only when
its user accepts. The shape of the individual Swiss' offer of an entry
(`tournaments.services.registered.entry_link_offer` / `entry_claim_approve`): one side
offers, only the named user confirms or declines, and everything is checked again when they
confirm. Accepting one invitation of an event drops the user's others in it."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import Conflict, NotFound, PermissionDenied
from arbiter.teams.permissions import captain_or_leader_required
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissTeam
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.read.selectors import account_name, account_rating
from arbiter.teamswiss.services.entry_rules import squad_entry_rules_check
from arbiter.teamswiss.services.locking import event_locked, version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)


def _invitation(event: TeamSwissEvent, player_id: int) -> TeamSwissPlayer:
    line = selectors.invitation_get(event=event, player_id=player_id)
    if line is None:
        raise NotFound(_("No such invitation in this event."))
    line.team.event = event
    return line


@transaction.atomic
def squad_invitation_accept(*, event: TeamSwissEvent, user: User, player_id: int) -> TeamSwissTeam:
    """The invited user agrees: the line becomes their account's, with their name and rating
    (as at this moment), and their other invitations in the event go. Checked again now: the
    event not over, the team not withdrawn, the user on no other squad of the event, and the
    event's fair-play entry rules."""
    event = event_locked(event=event)
    line = _invitation(event, player_id)
    assert line.invited is not None  # the selector's filter
    if line.invited_id != user.pk:
        raise PermissionDenied(
            _("Only %(username)s can accept this invitation.") % {"username": line.invited.username}
        )
    if event.status == TeamSwissEvent.Status.FINISHED:
        raise Conflict(_("The event has finished."))
    if line.team.status == TeamSwissTeam.Status.WITHDRAWN:
        raise Conflict(_("%(team)s has withdrawn from the event.") % {"team": line.team.name})
    held = TeamSwissPlayer.objects.filter(event=event, user=user).select_related("team").first()
    if held is not None:
        raise Conflict(_("You already play for %(team)s in this event.") % {"team": held.team.name})
    # Checked at the invitation, and again now: the rules may have been set since.
    squad_entry_rules_check(event=event, users=[user])
    TeamSwissPlayer.objects.filter(event=event, invited=user).exclude(id=line.id).update(
        invited=None
    )
    line.user, line.invited, line.confirmed_at = user, None, timezone.now()
    line.name, line.rating = account_name(user), account_rating(user)
    line.full_clean()  # one team per user per event
    line.save()
    version_bump(event=event)
    logger.info(
        "team swiss %s: %s accepted to play for %s", event.id, user.username, line.team.name
    )
    return line.team


@transaction.atomic
def squad_invitation_remove(*, event: TeamSwissEvent, user: User, player_id: int) -> None:
    """The invited user declines, or the team's captain or a host leader withdraws it. The
    line stays in the squad as a player without an account (its order may already count)."""
    event = event_locked(event=event)
    line = _invitation(event, player_id)
    if line.invited_id != user.pk:
        captain_or_leader_required(
            captain_id=line.team.captain_id,
            host_id=event.host_id,
            user=user,
            # Translators: completes "Only the team's captain or the event's arbiters can …".
            action=gettext("withdraw its invitations"),
        )
    invited = line.invited
    line.invited = None
    line.save(update_fields=["invited"])
    version_bump(event=event)
    logger.info(
        "team swiss %s: invitation of %s to %s removed by %s",
        event.id,
        invited.username if invited else "?",
        line.team.name,
        user.username,
    )
