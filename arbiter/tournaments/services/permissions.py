"""Leaders of the hosting team manage its events."""

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.models import Team
from arbiter.teams.selectors import team_is_leader
from arbiter.users.models import User


def leader_required(*, team: Team, user: User, action: str) -> None:
    if not team_is_leader(team=team, user=user):
        raise PermissionDenied(f"Only the team's leaders can {action}.")
