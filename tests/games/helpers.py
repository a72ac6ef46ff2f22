"""An online event with round 1 started: built through the public API (`online_round`), for
tests of the round start and of the API, or by the factories (`online_game`), for tests of
play, where how the round started is not the subject."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import chess

from arbiter.games.models import Game
from arbiter.games.rules import automatic_ending, claimable_draw
from arbiter.tournaments.models import EventMode, SwissTournament
from tests.factories.events import event_with_round
from tests.tournaments.helpers import client_of, create_event, team_with_members


@dataclass
class Started:
    event: dict[str, Any]
    leader: Any
    game: Game
    white: Any
    black: Any


def online_round(*, players: int = 2, **overrides: Any) -> Started:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team, num_rounds=3, **overrides)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    game = Game.objects.select_related("white", "black").get(
        pairing__round__tournament_id=event["id"], pairing__board=1
    )
    return Started(event, leader, game, game.white, game.black)


@dataclass
class Playing:
    event: SwissTournament
    leader: Any
    game: Game
    white: Any
    black: Any


def online_game(*, players: int = 2, **event_fields: Any) -> Playing:
    """Board 1's game of an online event's round 1, as `online_round` has it (three rounds,
    the clock 3+2), made by the factories: no request, no engine."""
    built = event_with_round(players, mode=EventMode.ONLINE, num_rounds=3, **event_fields)
    game = Game.objects.select_related("white", "black").get(pairing=built.boards[0])
    return Playing(built.event, built.leader, game, game.white, game.black)


def quiet_moves(plies: int, *, seed: int = 7) -> list[str]:
    """`plies` legal moves from the start that end nothing and allow no draw claim (so the
    rule tests reach move 30 without a repetition)."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        for _ in range(plies):
            moves = [m for m in board.legal_moves if not board.is_capture(m)]
            if not moves:
                break
            board.push(rng.choice(moves))
            if automatic_ending(board) or claimable_draw(board) or board.is_check():
                break
        else:
            return [m.uci() for m in board.move_stack]


# Fool's mate, and Sam Loyd's stalemate in ten moves (19 plies, all material but kings and
# pieces still on the board).
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
LOYD_STALEMATE = [
    "e2e3",
    "a7a5",
    "d1h5",
    "a8a6",
    "h5a5",
    "h7h5",
    "h2h4",
    "a6h6",
    "a5c7",
    "f7f6",
    "c7d7",
    "e8f7",
    "d7b7",
    "d8d3",
    "b7b8",
    "d3h7",
    "b8c8",
    "f7g6",
    "c8e6",
]
