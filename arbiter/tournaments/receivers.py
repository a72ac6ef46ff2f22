"""The Swiss side of an online game's end (connected in `apps.ready`): the board's result
goes through the result service over-the-board events use."""

from __future__ import annotations

from typing import Any

from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import score_text
from arbiter.tournaments.models import GameResult
from arbiter.tournaments.services.results.apply import result_game_record


def game_result(game: Game) -> tuple[str, str | None]:
    """The board's result and the no-show's colour, if any."""
    if game.status == GameStatus.NOSTART:
        absent = "black" if game.winner == "white" else "white"
        forfeit = (
            GameResult.WHITE_WINS_FORFEIT
            if game.winner == "white"
            else GameResult.BLACK_WINS_FORFEIT
        )
        return forfeit, absent
    return GameResult(score_text(game.winner)), None


def on_game_ended(sender: Any, *, game: Game, **kwargs: Any) -> None:
    result, no_show = game_result(game)
    result_game_record(pairing_id=game.pairing_id, result=result, no_show=no_show)
