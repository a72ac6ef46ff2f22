"""The reads of the Board API: who plays a game, and a game's state with its facts."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from arbiter.games.live.payloads import game_state
from arbiter.games.models import Game
from arbiter.games.read.selectors import game_with_place_get
from arbiter.lichess.board.lines import GameFacts, game_facts
from arbiter.lichess.http import LichessError
from arbiter.lichess.identity import object_id
from arbiter.users.models import User

NO_SUCH_GAME = "No such game"
NOT_YOUR_GAME = "Not your game"


def board_game_of_player(*, game_id: str, user: User) -> Game:
    """The game `game_id` (a path segment) if `user` plays in it; lichess's 404s otherwise
    (the Board API is for the players: spectators are refused, as on lichess)."""
    pk = object_id(game_id)
    game = Game.objects.filter(id=pk).first() if pk is not None else None
    if game is None:
        raise LichessError(NO_SUCH_GAME, 404)
    if user.pk not in (game.white_id, game.black_id):
        raise LichessError(NOT_YOUR_GAME, 404)
    return game


def board_game_read(*, game_id: int) -> tuple[GameFacts, dict[str, Any]] | None:
    """A game's facts and its state as the `game.{id}` group gets it (without the legal
    moves, which no line shows); None if it is gone. One query, which leaves the game's
    place and names known to this process (the states it pushes after a move use them)."""
    game = game_with_place_get(game_id=game_id)
    if game is None:
        return None
    return game_facts(game), game_state(game, now=timezone.now())
