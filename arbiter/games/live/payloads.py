"""The JSON of a game: the Board-API state (REST) and the socket's full state, one shape."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

import chess
import chess.pgn

from arbiter.games.legal_sans import legal_sans
from arbiter.games.models import Game, GameStatus
from arbiter.games.positions import position_of
from arbiter.games.read.selectors import game_place, game_rating_changes, username_get
from arbiter.games.rules import board_replay, clock_running, elapsed_ms, score_text


def clocks_now(game: Game, now: datetime) -> tuple[int, int]:
    """Each side's time left now, in ms: the running clock is the stored one minus the time
    since the turn started."""
    white, black = game.white_ms, game.black_ms
    if game.status == GameStatus.STARTED and clock_running(game.ply) and game.paused_at is None:
        spent = elapsed_ms(game.turn_started_at, now)
        if game.ply % 2 == 0:
            white = max(0, white - spent)
        else:
            black = max(0, black - spent)
    return white, black


def _player(user_id: int | None, *, rating: int, changes: dict[int, int]) -> dict[str, Any] | None:
    """`rating`: at entry to the event; `rating_change`: from this game once it is rated."""
    if user_id is None:
        return None
    return {
        "id": user_id,
        "username": username_get(user_id=user_id),
        "rating": rating,
        "rating_change": changes.get(user_id),
    }


def san_replay(moves: list[str]) -> tuple[list[str], chess.Board]:
    """The stored moves in SAN, and the position after them (one replay for both; a game's
    state uses the position its process keeps, `games.positions`)."""
    board = chess.Board()
    sans = []
    for uci in moves:
        move = chess.Move.from_uci(uci)
        sans.append(board.san(move))
        board.push(move)
    return sans, board


def legal_moves(board: chess.Board) -> dict[str, str]:
    """SAN → UCI of every legal move: the page's board destinations and typed moves come from
    here, so the browser needs no chess library of its own (docs/games.md). Written all at
    once (`games.legal_sans`), the same text as `board.san` of each."""
    return legal_sans(board)


# Positions whose legal moves are kept as JSON per process, the least recently used going
# first (a few hundred bytes each).
LEGAL_KEPT_MAX = 1024
_legal_kept: OrderedDict[str, str] = OrderedDict()
_legal_lock = threading.Lock()


def legal_moves_json(fen: str, *, board: chess.Board | None = None) -> str:
    """`legal_moves` of the position `fen` as the state's JSON writes it, kept per position.
    The position's FEN holds all the legal moves depend on (side to move, castling rights, a
    legal en-passant square), and they come in the same order as on the game's own board;
    `board` (that position, to push and pop on) spares reading the FEN."""
    with _legal_lock:
        text = _legal_kept.get(fen)
        if text is not None:
            _legal_kept.move_to_end(fen)
            return text
    text = json.dumps(legal_moves(board or chess.Board(fen)), separators=(",", ":"))
    with _legal_lock:
        _legal_kept[fen] = text
        if len(_legal_kept) > LEGAL_KEPT_MAX:
            _legal_kept.popitem(last=False)
    return text


def game_payload(game: Game, *, now: datetime) -> dict[str, Any]:
    """The state of the REST game detail and of the game socket (`GameStateOutputSerializer`),
    with the legal moves."""
    return game_state(game, now=now, legal=True)


def game_state(game: Game, *, now: datetime, legal: bool = False) -> dict[str, Any]:
    """`game_payload`; `legal` False leaves a running game's legal moves out (the key too),
    for who has no use of them: the Board API's streams, and the push after a move, which
    carries them apart (`game_push_state`)."""
    return _state_and_board(game, now=now, legal=legal)[0]


def game_push_state(game: Game, *, now: datetime) -> tuple[dict[str, Any], str | None]:
    """The state a write pushes: without the legal moves of a running game, and those as
    JSON (None for a game over, whose state has its empty `legal`). Written once here, by the
    process that made the write, from the board it has; the game sockets of every process
    splice them in (`live.push`) and the Board API's streams leave them out."""
    state, board = _state_and_board(game, now=now, legal=False)
    if "legal" in state:
        return state, None
    return state, legal_moves_json(state["fen"], board=board)


def _state_and_board(
    game: Game, *, now: datetime, legal: bool
) -> tuple[dict[str, Any], chess.Board]:
    started = game.status == GameStatus.STARTED
    position = position_of(game_id=game.id, moves=game.moves, keep=started)
    board = position.board_copy(history=False)
    white_ms, black_ms = clocks_now(game, now)
    first_move = game.status == GameStatus.STARTED and not clock_running(game.ply)
    place = game_place(game_id=game.id)
    # A started game has no rating change yet: no query for each move's push.
    changes = {} if game.status == GameStatus.STARTED else game_rating_changes(game_id=game.id)
    state: dict[str, Any] = {
        "id": game.id,
        "tournament_id": place.tournament_id,
        "tournament_name": place.tournament_name,
        "team_swiss_id": place.team_swiss_id,
        "table": place.table,
        "round": place.round,
        "board": place.board,
        "white": _player(game.white_id, rating=place.white_rating, changes=changes),
        "black": _player(game.black_id, rating=place.black_rating, changes=changes),
        "moves": game.moves,
        "ply": game.ply,
        "fen": board.fen(),
        "san": list(position.sans),
        "check": board.is_check(),
    }
    if game.status != GameStatus.STARTED:
        state["legal"] = {}
    elif legal:
        state["legal"] = legal_moves(board)
    # `legal` comes between `check` and `turn` (`live.push` relies on it).
    state |= {
        "turn": "white" if game.ply % 2 == 0 else "black",
        "wtime": white_ms,
        "btime": black_ms,
        "winc": game.increment_ms,
        "binc": game.increment_ms,
        "clock_running": started and clock_running(game.ply) and game.paused_at is None,
        "paused": started and game.paused_at is not None,
        "corrections": game.corrections,
        "first_move_deadline": game.flag_at.isoformat() if first_move and game.flag_at else None,
        "draw_offer": game.draw_offer or None,
        "status": game.status,
        "winner": game.winner or None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "server_time": int(now.timestamp() * 1000),
    }
    return state, board


def game_result_code(game: Game) -> str:
    if game.status == GameStatus.STARTED:
        return "*"
    return score_text(game.winner)


TERMINATION = {
    GameStatus.OUTOFTIME: "Time forfeit",
    GameStatus.NOSTART: "Abandoned",
    GameStatus.STARTED: "Unterminated",
    GameStatus.ADJUDICATED: "Adjudication",
}


def game_pgn(game: Game, *, event: str = "") -> str:
    """The game as PGN with the event's tags (a team game's round: round.table.board)."""
    board = board_replay(game.move_list)
    pgn = chess.pgn.Game.from_board(board)
    place = game_place(game_id=game.id)
    pgn.headers["Event"] = event or place.tournament_name
    pgn.headers["Site"] = f"/game/{game.id}"
    pgn.headers["Date"] = game.created_at.strftime("%Y.%m.%d")
    table = f"{place.table}." if place.table is not None else ""
    pgn.headers["Round"] = f"{place.round}.{table}{place.board}"
    pgn.headers["White"] = game.white.username if game.white else "?"
    pgn.headers["Black"] = game.black.username if game.black else "?"
    pgn.headers["Result"] = game_result_code(game)
    pgn.headers["TimeControl"] = f"{game.initial_ms // 1000}+{game.increment_ms // 1000}"
    pgn.headers["Termination"] = TERMINATION.get(GameStatus(game.status), "Normal")
    return str(pgn) + "\n"
