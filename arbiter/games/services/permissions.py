"""Who may act on a game: its event's arbiters (the host team's leaders, by
`teams.permissions.event_arbiter_required`) and its players."""

from __future__ import annotations

from typing import Literal

from django.utils.translation import gettext as _

from arbiter.common.exceptions import NotFound, PermissionDenied
from arbiter.games.models import Game
from arbiter.games.read import selectors
from arbiter.teams.permissions import event_arbiter_required
from arbiter.users.models import User


def game_arbiter_required(*, game_id: int, user: User, action: str) -> None:
    """403 unless `user` leads the host team of the game's event (404: no such game)."""
    team_id = selectors.game_host_team_id(game_id=game_id)
    if team_id is None and not Game.objects.filter(id=game_id).exists():
        raise NotFound(_("No such game."))
    event_arbiter_required(team_id=team_id, user=user, action=action)


# What only a game's players do, each refused in a whole sentence (for its translation).
PlayerAction = Literal["call the arbiter"]


def game_player_required(*, game: Game, user: User, action: PlayerAction) -> None:
    """403 unless `user` plays the game."""
    if user.id not in (game.white_id, game.black_id):
        refusals = {"call the arbiter": _("Only the game's players can call the arbiter.")}
        raise PermissionDenied(refusals[action])
