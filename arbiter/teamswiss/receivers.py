"""The team Swiss side of an online game (connected in `apps.ready`): a team board's game
writes the board's result through the team result service when it ends, and an arbiter's
action on it goes into the team event's audit log."""

from __future__ import annotations

from typing import Any

from arbiter.games.models import Game
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.services.audit import team_audit_record
from arbiter.teamswiss.services.results import board_result_game_record


def on_game_ended(sender: Any, *, game: Game, **kwargs: Any) -> None:
    if game.team_board_id is None:  # an individual event's (tournaments.receivers)
        return
    board_result_game_record(board_id=game.team_board_id, status=game.status, winner=game.winner)


def on_game_arbitrated(
    sender: Any,
    *,
    game: Game,
    actor: Any,
    action: str,
    subject: str,
    before: Any,
    after: Any,
    **kwargs: Any,
) -> None:
    """An arbiter's action in a team event's game, in the event's audit log (in the action's
    transaction, so a refused action leaves no entry)."""
    if game.team_board_id is None:  # an individual event's (tournaments.receivers)
        return
    event = TeamSwissEvent.objects.get(rounds__matches__boards__id=game.team_board_id)
    team_audit_record(
        event=event, actor=actor, action=action, subject=subject, before=before, after=after
    )
