"""`game_start` with the game's facts: what a subscriber needs to announce a player's new game
without reading it (the Board API's event streams, each of which read its game from the
database at every round start: 500 streams, 500 reads, `gameStart` 3 s late).

A user's `/ws/me/` sockets get the short `game_start` (the schema's `GameStartPayload`,
unchanged); the subscribers of `game_start_group(user)` get the same event carrying, besides
the ids, the game's `facts` (fixed while it is played) and its `state`, the fields of the
game's socket state (`games.live.payloads.game_payload`) a start line needs, with the same
names and values. Two groups, so that the browser's frames stay as small as they were."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import chess
from django.utils import timezone

from arbiter.games.live.payloads import clocks_now
from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import board_replay, clock_running
from arbiter.realtime.batch import group_pushes_send
from arbiter.realtime.push import user_group
from arbiter.users.models import User


def game_start_group(user_id: int) -> str:
    """The subscribers to a user's game starts with their facts."""
    return f"user.{user_id}.game-starts"


def _player(user: User | None, rating: int) -> dict[str, Any] | None:
    if user is None:
        return None
    # A started game has no rating change yet (game_payload's rule).
    return {"id": user.id, "username": user.username, "rating": rating, "rating_change": None}


@dataclass(frozen=True)
class GameStart:
    """A started game and what its start tells besides its row (`white`, `black` loaded): the
    event's ids (`{"tournament_id": …}`, or a team event's `{"tournament_id": None,
    "team_swiss_id": …}`), the round, the ratings at entry, whether rated. Both kinds of
    event announce their games through `game_starts_send`."""

    game: Game
    event: dict[str, int | None]
    number: int
    white_rating: int
    black_rating: int
    rated: bool


def game_start_of_pairing(game: Game, *, number: int) -> GameStart:
    """`game` as `read.game_starts.round_games_started` loads it."""
    pairing = game.pairing
    assert pairing is not None
    tournament = pairing.round.tournament
    return GameStart(
        game=game,
        event={"tournament_id": tournament.id},
        number=number,
        white_rating=pairing.white.rating,
        black_rating=pairing.black.rating,
        rated=tournament.rated,
    )


def game_start_payload(start: GameStart, *, now: datetime) -> dict[str, Any]:
    """The start's ids, `facts` and `state` (`game_payload`'s fields but those a start does
    not show: the SAN, the legal moves, the event's name, the board number)."""
    game = start.game
    white_ms, black_ms = clocks_now(game, now)
    started = game.status == GameStatus.STARTED
    first_move = started and not clock_running(game.ply)
    state = {
        "id": game.id,
        **start.event,
        "white": _player(game.white, start.white_rating),
        "black": _player(game.black, start.black_rating),
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
        "rated": start.rated,
        "initial_ms": game.initial_ms,
        "increment_ms": game.increment_ms,
        "created_at": game.created_at.isoformat(),
    }
    return {
        "game_id": game.id,
        **start.event,
        "round": start.number,
        "facts": facts,
        "state": state,
    }


def game_starts_send(starts: list[GameStart]) -> None:
    """`game_start` on each player's own socket (`/ws/me/`), whatever page they have open: the
    client takes them to the game unless they turned that off (`redirect`). Before those, the
    same event with the game's facts and state goes to each player's `game_start_group`, where
    the Board API's event streams build their `gameStart` from it alone (`live.game_starts`):
    a stream subscribed to both takes the facts and skips the short one. The one mechanism of
    individual and team events."""
    now = timezone.now()
    facts: list[tuple[str, dict[str, Any]]] = []
    short: list[tuple[str, dict[str, Any]]] = []
    for start in starts:
        started = game_start_payload(start, now=now)
        game = start.game
        for user in (game.white, game.black):
            if user is not None:
                facts.append((game_start_group(user.id), started))
                payload = {
                    "game_id": game.id,
                    **start.event,
                    "round": start.number,
                    "redirect": bool(user.redirect_to_game),
                }
                short.append((user_group(user.id), payload))
    game_starts_publish(facts + short)


def game_starts_publish(pushes: list[tuple[str, dict[str, Any]]]) -> None:
    """Each `(group, payload)` as a `game_start`, in order, all at once
    (`realtime.batch`): sent one by one, the last players of a large round heard theirs
    late."""
    group_pushes_send([(group, "game_start", payload) for group, payload in pushes])
