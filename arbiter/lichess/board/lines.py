"""The lines of the Board API's streams, as lichess writes them: `gameFull` and `gameState`
(a game's stream), `gameStart` and `gameFinish` (the event stream).

Every line is built from a game's state as Arbiter pushes it (`games.live.payloads.game_payload`,
the `game_state` of the `game.{id}` group) and the few facts a state leaves out (`GameFacts`,
read once when a stream opens), so a pushed state becomes a line with no database read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from arbiter.games.models import Game
from arbiter.games.read.selectors import game_place
from arbiter.lichess.identity import user_id_of
from arbiter.ratings.speeds import speed_for_clock

# lichess's status names (Arbiter stores the same names) and their ids.
STATUS_IDS = {
    "created": 10,
    "started": 20,
    "aborted": 25,
    "mate": 30,
    "resign": 31,
    "stalemate": 32,
    "timeout": 33,
    "draw": 34,
    "outoftime": 35,
    "cheat": 36,
    "noStart": 37,
    "unknownFinish": 38,
    "insufficientMaterialClaim": 39,
    "variantEnd": 60,
}
STANDARD = {"key": "standard", "name": "Standard"}
# Arbiter's statuses lichess has no name for: an arbiter's decision is an end lichess cannot
# name either (its `winner` says who won).
LICHESS_STATUS = {"adjudicated": "unknownFinish"}


def status_name(status: str) -> str:
    return LICHESS_STATUS.get(status, status)


@dataclass(frozen=True)
class GameFacts:
    """What a game's lines need besides its state, fixed while it is played."""

    rated: bool
    initial_ms: int
    increment_ms: int
    created_at: datetime

    @property
    def speed(self) -> str:
        return str(speed_for_clock(self.initial_ms // 1000, self.increment_ms // 1000))


def game_facts(game: Game) -> GameFacts:
    """`game` with its place kept (`games.read.selectors.game_with_place_get`)."""
    return GameFacts(
        rated=game_place(game_id=game.id).rated,
        initial_ms=game.initial_ms,
        increment_ms=game.increment_ms,
        created_at=game.created_at,
    )


def is_over(state: dict[str, Any]) -> bool:
    return bool(state["status"] != "started")


def flag_due_ms(state: dict[str, Any]) -> int:
    """When (epoch ms) a running game's side to move runs out of time (or of first-move time),
    as `state` has it (never, while an arbiter has paused it)."""
    if state.get("paused"):
        return 2**62
    deadline = state.get("first_move_deadline")
    if deadline:
        return _ms(datetime.fromisoformat(deadline))
    left = state["wtime"] if state["turn"] == "white" else state["btime"]
    return int(state["server_time"]) + int(left)


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def game_state_line(state: dict[str, Any]) -> dict[str, Any]:
    """`gameState`: the moves in UCI, both clocks (ms, as they stood when the state was
    built), the status name; the draw offer and the winner only when there are some."""
    line: dict[str, Any] = {
        "type": "gameState",
        "moves": state["moves"],
        "wtime": state["wtime"],
        "btime": state["btime"],
        "winc": state["winc"],
        "binc": state["binc"],
        "status": status_name(state["status"]),
    }
    offer = state.get("draw_offer")
    if offer == "white":
        line["wdraw"] = True
    elif offer == "black":
        line["bdraw"] = True
    if state.get("winner"):
        line["winner"] = state["winner"]
    if state.get("paused"):
        line["paused"] = True  # Arbiter's own: an arbiter stopped both clocks (no lichess key)
    deadline = state.get("first_move_deadline")
    if deadline and not is_over(state):
        # The first-move window: what is left of it is `millisToMove - idleMillis`.
        left = _ms(datetime.fromisoformat(deadline)) - state["server_time"]
        line["expiration"] = {"idleMillis": 0, "millisToMove": max(0, left)}
    return line


def _full_player(player: dict[str, Any] | None) -> dict[str, Any]:
    if player is None:  # the account was deleted after the pairing
        return {"id": None, "name": "Anonymous", "title": None, "rating": None}
    return {
        "id": user_id_of(player["username"]),
        "name": player["username"],
        "title": None,
        "rating": player["rating"],
    }


def game_full_line(facts: GameFacts, state: dict[str, Any]) -> dict[str, Any]:
    """`gameFull`, the first line of a game's stream. Players are lichess's (`id` lowercase,
    the same string as `/api/account`'s), the ratings those frozen at entry to the event."""
    speed = facts.speed
    return {
        "type": "gameFull",
        "id": str(state["id"]),
        "variant": {**STANDARD, "short": "Std"},
        "speed": speed,
        "perf": {"name": speed.capitalize()},
        "rated": facts.rated,
        "createdAt": _ms(facts.created_at),
        "white": _full_player(state["white"]),
        "black": _full_player(state["black"]),
        "initialFen": "startpos",
        "clock": {"initial": facts.initial_ms, "increment": facts.increment_ms},
        "state": game_state_line(state),
    }


def colour_of(state: dict[str, Any], user_pk: int) -> str | None:
    for colour in ("white", "black"):
        player = state[colour]
        if player is not None and player["id"] == user_pk:
            return colour
    return None


def _event_game(facts: GameFacts, state: dict[str, Any], colour: str) -> dict[str, Any]:
    """The `game` of an event-stream line, seen by the player of `colour` (lichess's owner
    preview with `source`, `swissId` and `compat`)."""
    other = "black" if colour == "white" else "white"
    opponent = state[other]
    moves = state["moves"].split()
    game_id = str(state["id"])
    speed = facts.speed
    game: dict[str, Any] = {
        "fullId": game_id,
        "gameId": game_id,
        "fen": state["fen"],
        "color": colour,
        "lastMove": moves[-1] if moves else "",
        "source": "swiss",
        "status": {
            "id": STATUS_IDS.get(status_name(state["status"]), 38),
            "name": status_name(state["status"]),
        },
        "variant": dict(STANDARD),
        "speed": speed,
        "perf": speed,
        "rated": facts.rated,
        "hasMoved": len(moves) >= (1 if colour == "white" else 2),
        "opponent": {
            "id": user_id_of(opponent["username"]) if opponent else None,
            "username": opponent["username"] if opponent else "Anonymous",
            "rating": opponent["rating"] if opponent else None,
        },
        "isMyTurn": not is_over(state) and state["turn"] == colour,
        "secondsLeft": state["wtime" if colour == "white" else "btime"] // 1000,
        # A team event's game names its team event (lichess has no such source).
        "swissId": str(state.get("tournament_id") or state.get("team_swiss_id")),
        "compat": {"bot": False, "board": True},
        "id": game_id,
    }
    if is_over(state):
        if state.get("winner"):
            game["winner"] = state["winner"]
        mine = state[colour]["rating_change"] if state[colour] else None
        if mine is not None:
            game["ratingDiff"] = mine
        if opponent and opponent.get("rating_change") is not None:
            game["opponent"]["ratingDiff"] = opponent["rating_change"]
    return game


def game_start_line(facts: GameFacts, state: dict[str, Any], colour: str) -> dict[str, Any]:
    return {"type": "gameStart", "game": _event_game(facts, state, colour)}


def game_finish_line(facts: GameFacts, state: dict[str, Any], colour: str) -> dict[str, Any]:
    return {"type": "gameFinish", "game": _event_game(facts, state, colour)}
