"""Who may act for a team: the one check every service of every app calls."""

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.read import AnyUser, team_id_is_leader


def team_leader_required(*, team_id: int, user: AnyUser, action: str) -> None:
    """Refuse (403) unless `user` leads the team; `action` completes "Only the team's leaders
    can …"."""
    if not team_id_is_leader(team_id=team_id, user=user):
        raise PermissionDenied(f"Only the team's leaders can {action}.")
