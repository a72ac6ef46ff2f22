"""Which boards of an event are rated games, and handing them to the ratings app.

Rated: a board of an event marked rated between two users, with a played result (1-0, 0-1,
1/2-1/2) and no no-show; played online, at least two moves (`MIN_PLIES`). Not rated: byes
(they have no board), forfeits, no-shows, boards without a result, games of fewer than two
moves, registered players without an account, events not marked rated.

A game's time is the start of its round: it never changes when a result is corrected, so
inactivity is measured the same way live and in a recompute.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F

from arbiter.ratings.parameters import MIN_PLIES
from arbiter.ratings.services import RatedGame, ratings_apply, ratings_reset
from arbiter.ratings.speeds import speed_for_clock
from arbiter.tournaments.models import SwissPairing, SwissTournament
from arbiter.tournaments.rules.result_codes import PLAYED_SCORES

# What `game_to_rate` reads of a board, as one row of `values_list` (no model built per board).
BOARD_VALUES = (
    "id",
    "result",
    "no_show_id",
    "white__user_id",
    "black__user_id",
    "game__ply",  # None: no online game
    "round__started_at",
    "reported_at",
)
CLOCK_VALUES = (
    "round__tournament__time_control__limit_seconds",
    "round__tournament__time_control__increment_seconds",
)


def _row_game(row: tuple[Any, ...]) -> RatedGame | None:
    """A `BOARD_VALUES` + `CLOCK_VALUES` row as a game to rate."""
    n = len(BOARD_VALUES)
    return game_to_rate(*row[:n], speed=speed_for_clock(*row[n:]))


def game_to_rate(
    pairing_id: int,
    result: str,
    no_show_id: int | None,
    white_id: int | None,
    black_id: int | None,
    ply: int | None,
    started_at: datetime | None,
    reported_at: datetime | None,
    *,
    speed: str,
) -> RatedGame | None:
    """A board as a game to rate, or None when it is not one: no game played over the board,
    a no-show, a registered player, an online game under two moves (the event's `rated` flag
    is the caller's to check)."""
    score = PLAYED_SCORES.get(result)
    if score is None or no_show_id is not None:
        return None
    if white_id is None or black_id is None:
        return None  # a registered player without an account has no rating to move
    if ply is not None and ply < MIN_PLIES:
        return None
    played_at = started_at or reported_at
    if played_at is None:
        return None
    return RatedGame(
        pairing_id=pairing_id,
        white_id=white_id,
        black_id=black_id,
        speed=speed,
        white_score=score,
        played_at=played_at,
    )


def pairings_rate(*, tournament: SwissTournament, pairing_ids: Iterable[int]) -> None:
    """Rate the boards whose result was just written, in the result's transaction (the caller
    holds the event lock): a new result is rated, a corrected one replaces its change, a
    result that is no longer a rated game withdraws it."""
    if not tournament.rated:
        return
    ids = list(dict.fromkeys(pairing_ids))  # in write order, once each
    if not ids:
        return
    # One query: the boards as tuples, with the event's clock (its speed) joined in.
    rows = SwissPairing.objects.filter(id__in=ids).values_list(*BOARD_VALUES, *CLOCK_VALUES)
    boards = {row[0]: row for row in rows}
    rated, unrated = [], []
    for pairing_id in ids:
        game = _row_game(boards[pairing_id])
        if game is None:
            unrated.append(pairing_id)
        else:
            rated.append(game)
    ratings_apply(rated=rated, unrated_pairing_ids=unrated)


@transaction.atomic
def ratings_recompute() -> int:
    """Every rating rebuilt from the boards of rated events, in the order their rounds
    started (then event, round, board), from each player's rating before their first rated
    game. Running it twice gives the same ratings. Returns the number of games rated."""
    ratings_reset()
    boards = (
        SwissPairing.objects.filter(round__tournament__rated=True, no_show__isnull=True)
        .filter(result__in=list(PLAYED_SCORES))
        .order_by(
            F("round__started_at").asc(nulls_last=True),
            "round__tournament_id",
            "round__number",
            "board",
        )
        .values_list(*BOARD_VALUES, *CLOCK_VALUES)
    )
    games = []
    for row in boards.iterator(chunk_size=2000):
        game = _row_game(row)
        if game is not None:
            games.append(game)
    ratings_apply(rated=games)
    return len(games)
