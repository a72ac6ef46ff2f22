"""`game_start` with the game's facts: what a subscriber needs to announce a player's new game
without reading it (the Board API's event streams, each of which read its game from the
database at every round start: 500 streams, 500 reads, `gameStart` 3 s late).

A user's `/ws/me/` sockets get the short `game_start` (the schema's `GameStartPayload`,
unchanged); the subscribers of `game_start_group(user)` get the same event carrying, besides
the ids, the game's `facts` (fixed while it is played) and its `state`, the fields of the
game's socket state (`games.live.payloads.game_payload`) a start line needs, with the same
names and values. Two groups, so that the browser's frames stay as small as they were."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import chess

from arbiter.games.live.payloads import clocks_now
from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import board_replay, clock_running
from arbiter.realtime.batch import group_pushes_send
from arbiter.users.models import User


def game_start_group(user_id: int) -> str:
    """The subscribers to a user's game starts with their facts."""
    return f"user.{user_id}.game-starts"


def _player(user: User | None, rating: int) -> dict[str, Any] | None:
    if user is None:
        return None
    # A started game has no rating change yet (game_payload's rule).
    return {"id": user.id, "username": user.username, "rating": rating, "rating_change": None}


def game_start_payload(game: Game, *, number: int, now: datetime) -> dict[str, Any]:
    """`game` as `read.game_starts.round_games_started` loads it: its ids, `facts` and
    `state` (`game_payload`'s fields but those a start does not show: the SAN, the legal
    moves, the event's name, the board number)."""
    pairing = game.pairing
    tournament = pairing.round.tournament
    white_ms, black_ms = clocks_now(game, now)
    started = game.status == GameStatus.STARTED
    first_move = started and not clock_running(game.ply)
    state = {
        "id": game.id,
        "tournament_id": tournament.id,
        "white": _player(game.white, pairing.white.rating),
        "black": _player(game.black, pairing.black.rating),
        "moves": game.moves,
        "ply": game.ply,
        "fen": board_replay(game.move_list).fen() if game.moves else chess.STARTING_FEN,
        "turn": "white" if game.ply % 2 == 0 else "black",
        "wtime": white_ms,
        "btime": black_ms,
        "winc": game.increment_ms,
        "binc": game.increment_ms,
        "clock_running": started and clock_running(game.ply),
        "first_move_deadline": game.flag_at.isoformat() if first_move and game.flag_at else None,
        "draw_offer": game.draw_offer or None,
        "status": game.status,
        "winner": game.winner or None,
        "server_time": int(now.timestamp() * 1000),
    }
    facts = {
        "rated": tournament.rated,
        "initial_ms": game.initial_ms,
        "increment_ms": game.increment_ms,
        "created_at": game.created_at.isoformat(),
    }
    return {
        "game_id": game.id,
        "tournament_id": tournament.id,
        "round": number,
        "facts": facts,
        "state": state,
    }


def game_starts_publish(pushes: list[tuple[str, dict[str, Any]]]) -> None:
    """Each `(group, payload)` as a `game_start`, in order, all at once
    (`realtime.batch`): sent one by one, the last players of a large round heard theirs
    late."""
    group_pushes_send([(group, "game_start", payload) for group, payload in pushes])
