"""Who may act on an event, and the event's lock."""

from __future__ import annotations

from arbiter.common.exceptions import NotFound, PermissionDenied
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.selectors import AnyUser, team_id_is_leader
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissTeam


def leader_required(*, event: TeamSwissEvent, user: AnyUser, action: str) -> None:
    """403 unless `user` leads the host team."""
    team_leader_required(team_id=event.host_id, user=user, action=action)


def captain_or_leader_required(*, team: TeamSwissTeam, user: AnyUser, action: str) -> None:
    """403 unless `user` captains `team` or leads the host team."""
    if user.is_authenticated and team.captain_id == user.pk:
        return
    if not team_id_is_leader(team_id=team.event.host_id, user=user):
        raise PermissionDenied(f"Only the team's captain or the event's arbiters can {action}.")


def event_locked(*, event: TeamSwissEvent) -> TeamSwissEvent:
    """The event, re-read under its row lock: writes to one event go one at a time."""
    locked = TeamSwissEvent.objects.select_for_update().filter(id=event.id).first()
    if locked is None:
        raise NotFound("No such event.")
    return locked


def version_bump(*, event: TeamSwissEvent) -> None:
    event.version += 1
    event.save(update_fields=["version", "status", "updated_at"])
