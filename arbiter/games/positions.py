"""Each game's position and its moves in SAN, kept by each process and extended move by move.

A position is a function of a game's stored moves (`Game.moves`) alone, so what is kept can
never be wrong: it is looked up by the game's id and used only for the very moves it was made
from; when the game has moved on (a move made by another web process), the moves since are
played on a copy of it, and anything else (another process's first sight of the game, a move
rolled back) is a replay from the start. A move (`services.play`) starts from the kept position
and keeps the one it makes; the state pushed after it (`live.payloads`) finds that one: no
replay, and one SAN per move instead of one per stored move (docs/games.md, "A move's cost").

A kept position is never changed once kept: its board is read or copied (`board_copy`), never
pushed on, so threads may share it without a lock."""

from __future__ import annotations

import threading
from dataclasses import dataclass

import chess

# Games kept per process, the least recently moved going first: about 40 kB each at 80 plies
# (the board's history), so at most ~40 MB for games of that length; a 2,000-player round is
# 1,000 games.
KEPT_MAX = 1024


@dataclass(frozen=True)
class Position:
    """The position after `moves` (space-separated UCI, as `Game.moves`)."""

    moves: str
    sans: tuple[str, ...]
    board: chess.Board  # with its history (repetitions); never pushed on once kept

    def board_copy(self, *, history: bool = True) -> chess.Board:
        """A board of this position to push moves on (`history`: with the moves played, which
        repetitions need). `Board.copy` copies each move of the history too (a third of a
        replay's time at 60 plies); neither the moves nor the history's saved states are ever
        changed in place (`push` appends, `pop` restores from them), so the copy shares them
        and its lists alone are new."""
        board = self.board.copy(stack=False)
        if history:
            board.move_stack = self.board.move_stack.copy()
            board._stack = self.board._stack.copy()
        return board


START = Position("", (), chess.Board())

_kept: dict[int, Position] = {}
_lock = threading.Lock()


def position_of(*, game_id: int, moves: str, keep: bool = True) -> Position:
    """The position after `moves` of game `game_id`: the kept one, that one extended by the
    moves since, or a replay; kept for the next call unless `keep` is False (a game over,
    read: it would only push a running game out)."""
    kept = _kept.get(game_id)
    if kept is not None and kept.moves == moves:
        return kept
    if kept is None or (kept.moves and not moves.startswith(kept.moves + " ")):
        kept = START  # not a position this game went through: replayed
    position = position_extended(kept, moves[len(kept.moves) :].split(), moves=moves)
    if keep:
        position_keep(game_id=game_id, position=position)
    return position


def position_extended(base: Position, ucis: list[str], *, moves: str) -> Position:
    """`base` with `ucis` played (stored moves: legal when played, so pushed unchecked)."""
    board = base.board_copy()
    sans = list(base.sans)
    for uci in ucis:
        sans.append(board.san_and_push(chess.Move.from_uci(uci)))
    return Position(moves, tuple(sans), board)


def position_keep(*, game_id: int, position: Position) -> None:
    """Keep `position` as game `game_id`'s latest; its board is not to be pushed on again."""
    with _lock:
        _kept.pop(game_id, None)
        if len(_kept) >= KEPT_MAX:
            del _kept[next(iter(_kept))]
        _kept[game_id] = position


def positions_forget() -> None:
    """Drop every kept position (tests)."""
    with _lock:
        _kept.clear()
