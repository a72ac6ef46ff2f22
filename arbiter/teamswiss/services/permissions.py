"""Who may act on a team event where the rule reads the event's own tables: the line-ups'
secrecy and a team's registration. The rules that need no more than ids (the host team's
leaders, a team's captain) are `teams.permissions`', which these call."""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.permissions import captain_or_leader_required
from arbiter.teams.read import AnyUser, team_id_is_leader
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissTeam
from arbiter.users.models import User


def lineup_access_required(*, team: TeamSwissTeam, user: AnyUser, action: str) -> None:
    """Before the line-ups close: 403 unless `user` captains `team`, or leads the host team
    and has no other side in the event. A host leader who captains or plays for a team is a
    party to its matches: the other side's line-up is as secret from them as from any captain
    (an arbiter with no team reads and sets any)."""
    captain_or_leader_required(
        captain_id=team.captain_id, host_id=team.event.host_id, user=user, action=action
    )
    if team.captain_id == user.pk or not isinstance(user, User):
        return  # the captain; no anonymous user gets past the check above
    captains = TeamSwissTeam.objects.filter(event_id=team.event_id, captain_id=user.pk)
    plays = TeamSwissPlayer.objects.filter(event_id=team.event_id, user=user)
    sides = set(captains.values_list("id", flat=True)) | set(
        plays.values_list("team_id", flat=True)
    )
    if sides - {team.id}:
        raise PermissionDenied(
            _(
                "You captain or play for another team of this event: %(team)s's line-up is "
                "its captain's until the line-ups close."
            )
            % {"team": team.name}
        )


def team_register_required(*, event: TeamSwissEvent, captain_id: int, user: User) -> None:
    """403 unless `user` leads the host team (any team, at any time), or registers a team
    they captain themselves before round 1 is paired."""
    if team_id_is_leader(team_id=event.host_id, user=user):
        return
    if captain_id != user.pk:
        raise PermissionDenied(
            _("Only the event's arbiters can register a team for another captain.")
        )
    if event.rounds.exists():
        raise PermissionDenied(_("Registration has closed: ask the event's arbiters."))
