"""Reads of over-the-board games and of the boards the feeds list."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Count, Q, QuerySet, Sum

from arbiter.games.models import Game, GameStatus
from arbiter.otb.models import OtbGame
from arbiter.tournaments.models import SwissPairing, SwissTournament

# What a board's game, its JSON and its PGN read: the round and event, both players with
# their accounts, the game of either kind.
BOARD_RELATIONS = (
    "round__tournament__time_control",
    "white__user",
    "black__user",
    "otb_game__entered_by",
    "game",
)


def related_or_none(board: SwissPairing, name: str) -> object | None:
    """A reverse one-to-one of the board (`otb_game`, `game`), None when there is none."""
    try:
        return getattr(board, name)
    except ObjectDoesNotExist:
        return None


def otb_game_of(board: SwissPairing) -> OtbGame | None:
    game = related_or_none(board, "otb_game")
    return game if isinstance(game, OtbGame) else None


def online_game_of(board: SwissPairing) -> Game | None:
    game = related_or_none(board, "game")
    return game if isinstance(game, Game) else None


def board_get(*, tournament_id: int, pairing_id: int) -> SwissPairing | None:
    """A board of the event with what its game needs, in one query."""
    return (
        SwissPairing.objects.select_related(*BOARD_RELATIONS)
        .filter(round__tournament_id=tournament_id, id=pairing_id)
        .first()
    )


def boards_of(*, tournament: SwissTournament, number: int | None = None) -> QuerySet[SwissPairing]:
    """The event's boards (of round `number`, or all) in round and board order."""
    boards = SwissPairing.objects.select_related(*BOARD_RELATIONS).filter(
        round__tournament=tournament
    )
    if number is not None:
        boards = boards.filter(round__number=number)
    return boards.order_by("round__number", "board")


def otb_boards_with_games(
    *, tournament: SwissTournament, player: str | None = None
) -> QuerySet[SwissPairing]:
    """The boards that have an over-the-board game, in round and board order; with
    `player`, only that user's (case-insensitive username), as the games export filters."""
    boards = boards_of(tournament=tournament).filter(otb_game__isnull=False)
    if player:
        boards = boards.filter(
            Q(white__user__username__iexact=player) | Q(black__user__username__iexact=player)
        )
    return boards


def online_moves_stamp(*, tournament_id: int, number: int | None = None) -> tuple[int, int]:
    """(plies played, games running) over the event's online games (of round `number`, or
    all): the plies only grow while a game runs, so with the event's version they say whether
    a feed of running games is still the one kept (a game's end moves the version)."""
    games = Game.objects.filter(pairing__round__tournament_id=tournament_id)
    if number is not None:
        games = games.filter(pairing__round__number=number)
    counts = games.aggregate(
        plies=Sum("ply"), running=Count("id", filter=Q(status=GameStatus.STARTED))
    )
    return int(counts["plies"] or 0), int(counts["running"] or 0)
