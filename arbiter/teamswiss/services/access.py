"""Who may act on an event, and the event's lock."""

from __future__ import annotations

from arbiter.common.db import counter_bump
from arbiter.common.exceptions import NotFound, PermissionDenied
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import AnyUser, team_id_is_leader
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissTeam
from arbiter.users.models import User


def leader_required(*, event: TeamSwissEvent, user: AnyUser, action: str) -> None:
    """403 unless `user` leads the host team."""
    team_leader_required(team_id=event.host_id, user=user, action=action)


def captain_or_leader_required(*, team: TeamSwissTeam, user: AnyUser, action: str) -> None:
    """403 unless `user` captains `team` or leads the host team."""
    if user.is_authenticated and team.captain_id == user.pk:
        return
    if not team_id_is_leader(team_id=team.event.host_id, user=user):
        raise PermissionDenied(f"Only the team's captain or the event's arbiters can {action}.")


def lineup_access_required(*, team: TeamSwissTeam, user: AnyUser, action: str) -> None:
    """Before the line-ups close: 403 unless `user` captains `team`, or leads the host team
    and has no other side in the event. A host leader who captains or plays for a team is a
    party to its matches: the other side's line-up is as secret from them as from any captain
    (an arbiter with no team reads and sets any)."""
    captain_or_leader_required(team=team, user=user, action=action)
    if team.captain_id == user.pk or not isinstance(user, User):
        return  # the captain; no anonymous user gets past the check above
    captains = TeamSwissTeam.objects.filter(event_id=team.event_id, captain_id=user.pk)
    plays = TeamSwissPlayer.objects.filter(event_id=team.event_id, user=user)
    sides = set(captains.values_list("id", flat=True)) | set(
        plays.values_list("team_id", flat=True)
    )
    if sides - {team.id}:
        raise PermissionDenied(
            f"You captain or play for another team of this event: {team.name}'s line-up is "
            "its captain's until the line-ups close."
        )


def event_locked(*, event: TeamSwissEvent) -> TeamSwissEvent:
    """The event, re-read under its row lock: writes to one event go one at a time. Every
    writer takes it, so its read version moves on here (as an individual event's does in
    `tournament_lock`): readers get pages of the new version once the write commits."""
    locked = TeamSwissEvent.objects.select_for_update().filter(id=event.id).first()
    if locked is None:
        raise NotFound("No such event.")
    locked.version = read_version_bump(event_id=locked.id)
    return locked


def read_version_bump(*, event_id: int) -> int:
    """The event's read version + 1, published to readers after the commit."""
    version = counter_bump(model=TeamSwissEvent, object_id=event_id)
    effects.read_version_published(event_id=event_id, version=version)
    return version


def version_bump(*, event: TeamSwissEvent) -> None:
    """The version + 1 after a pairing or a result (with the status the write changed)."""
    event.save(update_fields=["status", "updated_at"])
    event.version = read_version_bump(event_id=event.id)
