"""Playing a game: moves, resignation, draw offers and claims, and the server's flag.

Every write locks the game row, so two moves sent at once (two tabs) are applied one after
the other: the second finds the ply moved on (or the turn passed) and is refused. A game's
end sends `signals.game_ended` inside the same transaction (the Swiss result hook)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import chess
from django.db import connection, transaction
from django.db.models import Field, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.common.exceptions import (
    ApplicationError,
    Conflict,
    InvalidInput,
    NotFound,
    PermissionDenied,
)
from arbiter.games import signals
from arbiter.games.live import effects
from arbiter.games.models import Game, GameStatus
from arbiter.games.positions import Position, position_keep, position_of
from arbiter.games.rules import (
    Ending,
    automatic_ending,
    claimable_draw,
    clock_running,
    colour_name,
    draw_allowed,
    elapsed_ms,
    first_move_deadline_at,
    timeout_ending,
)
from arbiter.ratings.speeds import Speed, speed_for_clock
from arbiter.users.models import User

logger = logging.getLogger(__name__)


# What a move writes (an end writes the result too): a full save would rewrite every column.
MOVE_FIELDS = ["moves", "ply", "white_ms", "black_ms", "turn_started_at", "flag_at", "draw_offer"]


def _locked(game_id: int, *, skip_locked: bool = False) -> Game | None:
    """The game's row alone, locked (its pushed state adds only what never changes, which
    `selectors` keeps): a query joining the players and the board cost several times more to
    build than to run, on every move. Its SQL is written once (`_row_sql`), and the row made
    a `Game` as the ORM makes one (`from_db`): the ORM compiled the query again for each
    move, which took more CPU than sending it."""
    sql, names, converters = _row_sql(connection.vendor, skip_locked=skip_locked)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for i, (functions, column) in converters.items():  # none on PostgreSQL
        for convert in functions:
            values[i] = convert(values[i], column, connection)
    return Game.from_db(connection.alias, names, values)


@functools.cache
def _row_sql(vendor: str, *, skip_locked: bool) -> tuple[str, list[str], dict[int, Any]]:
    """`SELECT <every column> ... FOR UPDATE` of one game, the fields in that order, and the
    converters the ORM applies to their values (`SQLCompiler.get_converters`: SQLite's
    dates, for one). As the ORM does, no lock clause where the database has none (SQLite, the
    embedded mode's, which locks the whole database for a write)."""
    quote, fields = connection.ops.quote_name, Game._meta.concrete_fields
    converters = {}
    for i, field in enumerate(fields):
        column = field.get_col(Game._meta.db_table)
        functions = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if functions:
            converters[i] = (functions, column)
    columns = ", ".join(quote(field.column) for field in fields)
    table, pk = quote(Game._meta.db_table), quote(Game._meta.pk.column)
    sql = f"SELECT {columns} FROM {table} WHERE {pk} = %s"
    features = connection.features
    if features.has_select_for_update:
        sql += " FOR UPDATE"
        if skip_locked and features.has_select_for_update_skip_locked:
            sql += " SKIP LOCKED"
    return sql, [field.attname for field in fields], converters


@functools.cache
def _move_sql(vendor: str) -> tuple[str, list[Field[Any, Any]]]:
    """The UPDATE of a move's columns (`MOVE_FIELDS`), written once as `_row_sql`, and their
    fields in that order."""
    by_name = {field.name: field for field in Game._meta.concrete_fields}
    fields = [by_name[name] for name in MOVE_FIELDS]
    quote = connection.ops.quote_name
    columns = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    table, pk = quote(Game._meta.db_table), quote(Game._meta.pk.column)
    return f"UPDATE {table} SET {columns} WHERE {pk} = %s", fields


def _move_save(game: Game) -> None:
    """`game.save(update_fields=MOVE_FIELDS)` without the ORM's compiling (no model signal
    listens to games), each value prepared by its field as `save` prepares it."""
    sql, fields = _move_sql(connection.vendor)
    values = [field.get_db_prep_save(getattr(game, field.attname), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, game.pk])


def _run(action: Callable[[Game, datetime], Game], game_id: int) -> Game:
    """Run `action(game, now)` under the game's lock; a game found out of time is ended and
    committed first, then the action is refused as a game that is over."""
    with transaction.atomic():
        game = _locked(game_id)
        if game is None:
            raise NotFound(_("No such game."))
        now = timezone.now()
        flagged = _flag_if_due(game, now)
        if not flagged:
            return action(game, now)
    raise Conflict(_("The game is over (%(status)s).") % {"status": game.status})


def _colour_of(game: Game, user: User) -> chess.Color:
    if user.id == game.white_id:
        return chess.WHITE
    if user.id == game.black_id:
        return chess.BLACK
    raise PermissionDenied(_("This is not your game."))


def clock_stop(*, game: Game, now: datetime) -> None:
    """Charge the side to move its time since its turn started (unless paused already: its
    clock stopped at the pause), and start the count again from `now`."""
    if clock_running(game.ply) and game.paused_at is None:
        spent = elapsed_ms(game.turn_started_at, now)
        if game.ply % 2 == 0:
            game.white_ms = max(0, game.white_ms - spent)
        else:
            game.black_ms = max(0, game.black_ms - spent)
    game.turn_started_at = now


def _end(
    game: Game,
    ending: Ending,
    now: datetime,
    board: chess.Board | None = None,
    *,
    signal: bool = True,
) -> None:
    """Stop the clocks where they are and record the end; `board`: the final position;
    `signal`: tell the event (not for an abort, which scores nothing). A paused game's
    clocks were stopped at the pause."""
    clock_stop(game=game, now=now)
    game.status, game.winner = ending.status, ending.winner
    game.finished_at, game.flag_at, game.draw_offer = now, None, ""
    game.save(update_fields=[*MOVE_FIELDS, "status", "winner", "finished_at"])
    if signal:
        signals.game_ended.send(sender=Game, game=game)
    effects.game_changed(game=game)
    logger.info("game %s: %s, winner %s", game.id, ending.status, ending.winner or "none")


def _flag_if_due(game: Game, now: datetime) -> bool:
    """End a game whose side to move is out of time; True if it ended (caller holds the lock)."""
    if game.status != GameStatus.STARTED or game.flag_at is None or game.flag_at > now:
        return False
    board = _position(game).board_copy(history=False)
    _end(game, timeout_ending(board, started=clock_running(game.ply)), now, board)
    return True


def _playable(game: Game, user: User) -> chess.Color:
    """The user's colour in a game still running; refuses with the reason otherwise."""
    colour = _colour_of(game, user)
    if game.status != GameStatus.STARTED:
        raise Conflict(_("The game is over (%(status)s).") % {"status": game.status})
    return colour


def game_move(*, game_id: int, user: User, uci: str, ply: int | None = None) -> Game:
    """Play `uci` for `user`. `ply` is the ply the client moves from: a different one is a
    stale move (another tab moved, or the client missed a move) and is refused."""
    try:
        move = chess.Move.from_uci(uci)
    except ValueError:
        message = _("%(uci)s is not a move in UCI notation.") % {"uci": repr(uci)}
        raise InvalidInput({"uci": [message]}) from None

    def action(game: Game, now: datetime) -> Game:
        colour = _playable(game, user)
        if game.paused_at is not None:
            raise Conflict(_("The arbiter has paused the game: wait until it resumes."))
        if ply is not None and ply != game.ply:
            message = _("Stale move: the game is at ply %(ply)s, not %(sent)s.")
            raise Conflict(message % {"ply": game.ply, "sent": ply})
        position = _position(game)
        board = position.board_copy()
        if board.turn != colour:
            raise Conflict(_("It is not your turn."))
        if move not in board.legal_moves:
            message = _("Illegal move %(uci)s in %(fen)s.") % {"uci": uci, "fen": board.fen()}
            raise InvalidInput({"uci": [message]})
        _move_apply(game, position, board, move, now)
        return game

    return _run(action, game_id)


def _position(game: Game) -> Position:
    """The game's position, kept by this process (`positions`): no replay of every move."""
    return position_of(game_id=game.id, moves=game.moves)


def _move_apply(
    game: Game, position: Position, board: chess.Board, move: chess.Move, now: datetime
) -> None:
    """`board`: a copy of `position`'s, on which the move is played and which is then kept
    as the game's new position (with the move's SAN), for the state pushed after commit."""
    mover = board.turn
    if clock_running(game.ply):
        spent = elapsed_ms(game.turn_started_at, now)
        if mover == chess.WHITE:
            game.white_ms = max(0, game.white_ms - spent) + game.increment_ms
        else:
            game.black_ms = max(0, game.black_ms - spent) + game.increment_ms
    san = board.san_and_push(move)
    game.moves = f"{game.moves} {move.uci()}".strip()
    game.ply += 1
    game.turn_started_at = now
    if game.draw_offer and game.draw_offer != colour_name(mover):
        game.draw_offer = ""  # moving declines the opponent's offer
    ending = automatic_ending(board)
    # Kept before the write commits: a position is a function of the moves, so one whose
    # write rolls back is simply never asked for (the stored moves differ).
    position_keep(game_id=game.id, position=Position(game.moves, (*position.sans, san), board))
    if ending is not None:
        _end(game, ending, now, board)
        return
    game.flag_at = _flag_at(game, now)
    _move_save(game)
    effects.game_changed(game=game)


def _flag_at(game: Game, now: datetime) -> datetime:
    if not clock_running(game.ply):
        return first_move_deadline_at(
            speed=_speed(game),
            round_started_at=game.created_at,
            now=now,
            seconds=game.first_move_seconds,
        )
    left = game.white_ms if game.ply % 2 == 0 else game.black_ms
    return now + timedelta(milliseconds=left)


def _speed(game: Game) -> Speed:
    return speed_for_clock(game.initial_ms // 1000, game.increment_ms // 1000)


def game_resign(*, game_id: int, user: User) -> Game:
    def action(game: Game, now: datetime) -> Game:
        colour = _playable(game, user)
        _end(game, Ending(GameStatus.RESIGN, colour_name(not colour)), now)
        return game

    return _run(action, game_id)


def game_draw(*, game_id: int, user: User, accept: bool) -> Game:
    """`yes`: accept the opponent's offer, claim a threefold / fifty-move draw, or offer one;
    `no`: decline the opponent's offer. No offer or claim before move 30."""

    def action(game: Game, now: datetime) -> Game:
        colour = _playable(game, user)
        mine, theirs = colour_name(colour), colour_name(not colour)
        if not accept:
            if game.draw_offer == theirs:
                game.draw_offer = ""
                game.save(update_fields=["draw_offer"])
                effects.game_changed(game=game)
            return game
        board = _position(game).board_copy()
        if not draw_allowed(board):
            raise ApplicationError(
                _("No draw offers or claims before move 30 in this tournament."),
                extra={"move": board.fullmove_number},
            )
        if game.draw_offer == theirs or (board.turn == colour and claimable_draw(board)):
            _end(game, Ending(GameStatus.DRAW, ""), now, board)
        elif game.draw_offer != mine:
            game.draw_offer = mine
            game.save(update_fields=["draw_offer"])
            effects.game_changed(game=game)
        return game

    return _run(action, game_id)


def game_flag_if_due(*, game_id: int) -> bool:
    """The server's flag (run by the tick): ends the game if its side to move is out of time."""
    with transaction.atomic():
        game = _locked(game_id, skip_locked=True)
        if game is None:  # gone, or a move holds it right now (which flags it itself)
            return False
        return _flag_if_due(game, timezone.now())


def games_abort_of_tournament(*, tournament_id: int) -> int:
    """End every running game of a cancelled event as `aborted`: clocks stopped, no winner,
    no result for the event (which is over). Each game under its own lock, so a move in
    flight finishes first and then finds the game over. Returns how many were ended."""
    return _abort_running(Game.objects.filter(pairing__round__tournament_id=tournament_id))


def games_abort_of_pairings(*, pairing_ids: list[int]) -> int:
    """End these boards' running games as `aborted` (an arbiter decided the boards already,
    e.g. a disqualified player's forfeit): as for a cancelled event, no result is sent."""
    return _abort_running(Game.objects.filter(pairing_id__in=pairing_ids))


def games_abort_of_team_boards(*, board_ids: list[int]) -> int:
    """As `games_abort_of_pairings`, for a team event's boards."""
    return _abort_running(Game.objects.filter(team_board_id__in=board_ids))


def _abort_running(games: QuerySet[Game]) -> int:
    ended = 0
    running = games.filter(status=GameStatus.STARTED).values_list("id", flat=True)
    for game_id in list(running):
        with transaction.atomic():
            game = _locked(game_id)
            if game is None or game.status != GameStatus.STARTED:
                continue
            _end(game, Ending(GameStatus.ABORTED, ""), timezone.now(), signal=False)
            ended += 1
    return ended
