"""The team Swiss side of an online game's end (connected in `apps.ready`): a team board's
game writes the board's result through the team result service."""

from __future__ import annotations

from typing import Any

from arbiter.games.models import Game
from arbiter.teamswiss.services.results import board_result_game_record


def on_game_ended(sender: Any, *, game: Game, **kwargs: Any) -> None:
    if game.team_board_id is None:  # an individual event's (tournaments.receivers)
        return
    board_result_game_record(board_id=game.team_board_id, status=game.status, winner=game.winner)
