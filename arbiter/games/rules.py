"""The chess of a game, by python `chess`: replaying the stored moves, how a position ends,
and the clock arithmetic. Plain functions of values, so the rule tests need no database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import chess

from arbiter.ratings.speeds import Speed

# Early-draw prevention: no draw offer or claim before move 30 (the move being played).
DRAW_FROM_MOVE = 30
# A clock with no base time (e.g. 0+1) starts each side at its increment, and at least this
# (as lichess does): from 0 ms, white would be out of time the moment black moved first.
ZERO_LIMIT_START_MS = 3000
# Each player's first move must come within this (lichess scales it with the speed too).
FIRST_MOVE_SECONDS = {
    Speed.BULLET: 15,
    Speed.BLITZ: 20,
    Speed.RAPID: 30,
    Speed.CLASSICAL: 45,
}


@dataclass(frozen=True)
class Ending:
    status: str  # a GameStatus value
    winner: str  # "white", "black" or "" for a draw


def colour_name(colour: chess.Color) -> str:
    return "white" if colour == chess.WHITE else "black"


def board_replay(moves: list[str]) -> chess.Board:
    """The position after stored moves. They were checked legal when played, so they are
    pushed unchecked: a replay is half the time of `push_uci`'s, on every move."""
    board = chess.Board()
    for uci in moves:
        board.push(chess.Move.from_uci(uci))
    return board


def automatic_ending(board: chess.Board) -> Ending | None:
    """Endings nobody claims: mate, stalemate, dead position, fivefold, 75 moves."""
    if board.is_checkmate():
        return Ending("mate", colour_name(not board.turn))
    if board.is_stalemate():
        return Ending("stalemate", "")
    if (
        board.is_insufficient_material()
        or board.is_fivefold_repetition()
        or board.is_seventyfive_moves()
    ):
        return Ending("draw", "")
    return None


def draw_allowed(board: chess.Board) -> bool:
    return board.fullmove_number >= DRAW_FROM_MOVE


def claimable_draw(board: chess.Board) -> bool:
    """Threefold repetition or the fifty-move rule, as a claim by the side to move."""
    return board.can_claim_threefold_repetition() or board.can_claim_fifty_moves()


def timeout_ending(board: chess.Board, *, started: bool) -> Ending:
    """The side to move ran out. Before both first moves that is a no-show; after, a loss,
    or a draw when the other side could never mate."""
    loser = board.turn
    winner = not loser
    if not started:
        return Ending("noStart", colour_name(winner))
    if board.has_insufficient_material(winner):
        return Ending("outoftime", "")
    return Ending("outoftime", colour_name(winner))


# Added to each player's first-move deadline counted from the round start: the time to be
# taken to the game page (measured under 2 s, e2e/round-start.spec.ts) and for it to load on
# a slow phone (docs/games.md, "Round start").
ROUND_START_GRACE = timedelta(seconds=5)


def first_move_deadline(speed: Speed, seconds: int | None = None) -> timedelta:
    """The event's no-show time if it sets one, else the default for the speed."""
    return timedelta(seconds=FIRST_MOVE_SECONDS[speed] if seconds is None else seconds)


def no_show_seconds_max(limit_seconds: int, increment_seconds: int) -> int:
    """The longest no-show time an event may set: the whole initial clock (a 0-minute
    clock's starting time), since waiting longer than a player could think makes no sense."""
    return starting_ms(limit_seconds, increment_seconds) // 1000


def starting_ms(limit_seconds: int, increment_seconds: int) -> int:
    """Each side's time when a game starts: the base time, or for a 0-minute clock the
    increment, at least `ZERO_LIMIT_START_MS`."""
    if limit_seconds > 0:
        return limit_seconds * 1000
    return max(increment_seconds * 1000, ZERO_LIMIT_START_MS)


def first_move_deadline_at(
    *, speed: Speed, round_started_at: datetime, now: datetime, seconds: int | None = None
) -> datetime:
    """When the side to move loses by not moving: the first-move time (`seconds`, the event's
    no-show time, or the speed's default) from now, but never before the round start plus the
    first-move time and the redirect grace, so that a player still being taken to the game
    loses none of it (black moves first after a white premove)."""
    deadline = first_move_deadline(speed, seconds)
    return max(now + deadline, round_started_at + deadline + ROUND_START_GRACE)


def clock_running(ply: int) -> bool:
    """Clocks run from black's first move on (ply 2); before, the first-move deadline does."""
    return ply >= 2


def elapsed_ms(since: datetime, now: datetime) -> int:
    return max(0, int((now - since).total_seconds() * 1000))


def score_text(winner: str | None) -> str:
    """A finished game's result as PGN and the Swiss board write it: 1-0, 0-1 or 1/2-1/2."""
    return {"white": "1-0", "black": "0-1"}.get(winner or "", "1/2-1/2")
