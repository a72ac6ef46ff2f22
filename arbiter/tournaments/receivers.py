"""The Swiss side of an online game's end (connected in `apps.ready`): the board's result
goes through the result service over-the-board events use."""

from __future__ import annotations

from typing import Any

from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import score_text
from arbiter.tournaments.models import GameResult, SwissTournament
from arbiter.tournaments.rules.board_results import Side
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.results.apply import result_game_record


def game_result(game: Game) -> tuple[str, Side | None]:
    """The board's result and the no-show's colour, if any."""
    if game.status == GameStatus.NOSTART:
        absent: Side = "black" if game.winner == "white" else "white"
        forfeit = (
            GameResult.WHITE_WINS_FORFEIT
            if game.winner == "white"
            else GameResult.BLACK_WINS_FORFEIT
        )
        return forfeit, absent
    return GameResult(score_text(game.winner)), None


def on_game_ended(sender: Any, *, game: Game, **kwargs: Any) -> None:
    if game.pairing_id is None:  # a team event's board (teamswiss.receivers)
        return
    result, no_show = game_result(game)
    result_game_record(pairing_id=game.pairing_id, result=result, no_show=no_show)


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
    """An arbiter's action in an individual event's game, in the event's audit log (in the
    action's transaction)."""
    if game.pairing_id is None:  # a team event's board (teamswiss.receivers)
        return
    tournament = SwissTournament.objects.get(rounds__pairings__id=game.pairing_id)
    audit_record(
        tournament=tournament,
        actor=actor,
        action=action,
        subject=subject,
        before=before,
        after=after,
    )
