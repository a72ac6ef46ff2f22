from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q, QuerySet

from arbiter.games.models import ArbiterCall, Game, GameStatus
from arbiter.teams.models import Membership
from arbiter.users.models import User


def game_get(*, game_id: int) -> Game | None:
    return Game.objects.select_related("white", "black").filter(id=game_id).first()


def game_ids_started_of_user(*, user_id: int) -> list[int]:
    """The games `user_id` plays that are still running, oldest first."""
    return list(
        Game.objects.filter(Q(white_id=user_id) | Q(black_id=user_id), status=GameStatus.STARTED)
        .order_by("id")
        .values_list("id", flat=True)
    )


def game_ids_flag_due(*, now: datetime, limit: int = 500) -> list[int]:
    """Started games whose side to move is out of time (or of first-move time) by now."""
    return list(
        Game.objects.filter(status=GameStatus.STARTED, flag_at__lte=now)
        .order_by("flag_at")
        .values_list("id", flat=True)[:limit]
    )


def games_flag_soon(*, now: datetime, within: timedelta) -> list[tuple[int, datetime]]:
    """Started games whose side to move runs out after `now` and within `within`, with when."""
    soon = Game.objects.filter(
        status=GameStatus.STARTED, flag_at__gt=now, flag_at__lte=now + within
    ).values_list("id", "flag_at")
    return [(game_id, flag_at) for game_id, flag_at in soon if flag_at is not None]


@dataclass(frozen=True)
class Place:
    """Where a game is played: its event (an individual event's, or a team event's with the
    match's table: `team_swiss_id`), round and board, the ratings at entry, whether rated."""

    tournament_id: int | None
    tournament_name: str
    round: int
    board: int
    white_rating: int
    black_rating: int
    rated: bool = False
    team_swiss_id: int | None = None
    table: int | None = None


# What a game's state shows besides its own row never changes while it is played (a board
# re-paired is a new game; usernames are fixed), so each web process keeps it: a move then
# reads and locks the game's row alone. Bounded, in case of a long-lived process; a read that
# loaded them anyway (a Board-API stream's open) keeps them (`game_place_keep`).
PLACES_KEPT = 8192
USERNAMES_KEPT = 16384
_places: dict[int, Place] = {}
_usernames: dict[int, str] = {}

# The place's columns through an individual pairing, and through a team board (a team
# player's rating may be unknown: 0). One query reads either, by the game's link.
_PAIRING_PLACE = (
    "pairing__round__tournament_id",
    "pairing__round__tournament__name",
    "pairing__round__number",
    "pairing__board",
    "pairing__white__rating",
    "pairing__black__rating",
    "pairing__round__tournament__rated",
)
_TEAM_PLACE = (
    "team_board__match__round__event_id",
    "team_board__match__round__event__name",
    "team_board__match__round__number",
    "team_board__board",
    "team_board__white_player__rating",
    "team_board__black_player__rating",
    "team_board__match__table",
)


def _keep(store: dict[int, Any], key: int, value: Any, bound: int) -> None:
    if len(store) >= bound:
        store.clear()
    store[key] = value


def game_place(*, game_id: int) -> Place:
    place = _places.get(game_id)
    if place is not None:
        return place
    row = Game.objects.filter(id=game_id).values_list(*_PAIRING_PLACE, *_TEAM_PLACE).get()
    pairing, team = row[: len(_PAIRING_PLACE)], row[len(_PAIRING_PLACE) :]
    if pairing[0] is not None:
        tournament_id, name, number, board, white_rating, black_rating, rated = pairing
        place = Place(
            tournament_id=tournament_id,
            tournament_name=name,
            round=number,
            board=board,
            white_rating=white_rating,
            black_rating=black_rating,
            rated=rated,
        )
    else:
        event_id, name, number, board, white_rating, black_rating, table = team
        place = Place(
            tournament_id=None,
            tournament_name=name,
            round=number,
            board=board,
            white_rating=white_rating or 0,
            black_rating=black_rating or 0,
            team_swiss_id=event_id,
            table=table,
        )
    _keep(_places, game_id, place, PLACES_KEPT)
    return place


def _place_of(game: Game) -> Place:
    """The place of `game` loaded with its relations (`game_with_place_get`)."""
    if game.pairing is not None:
        pairing = game.pairing
        return Place(
            tournament_id=pairing.round.tournament_id,
            tournament_name=pairing.round.tournament.name,
            round=pairing.round.number,
            board=pairing.board,
            white_rating=pairing.white.rating,
            black_rating=pairing.black.rating,
            rated=pairing.round.tournament.rated,
        )
    board = game.team_board
    assert board is not None  # games_one_board
    white, black = board.white_player, board.black_player
    return Place(
        tournament_id=None,
        tournament_name=board.match.round.event.name,
        round=board.match.round.number,
        board=board.board,
        white_rating=(white.rating if white else None) or 0,
        black_rating=(black.rating if black else None) or 0,
        team_swiss_id=board.match.round.event_id,
        table=board.match.table,
    )


def game_place_keep(*, game: Game) -> None:
    """Keep `game`'s place and its players' names, loaded with it (`GAME_PLACE_RELATED`)."""
    _keep(_places, game.id, _place_of(game), PLACES_KEPT)
    for user in (game.white, game.black):
        if user is not None:
            _keep(_usernames, user.id, user.username, USERNAMES_KEPT)


def game_rating_changes(*, game_id: int) -> dict[int, int]:
    """Each player's rating change from this game (user id -> points, rounded), once rated."""
    rows = Game.objects.filter(id=game_id, pairing__rating_changes__isnull=False).values_list(
        "pairing__rating_changes__user_id",
        "pairing__rating_changes__rating_before",
        "pairing__rating_changes__rating_after",
    )
    return {user_id: round(after) - round(before) for user_id, before, after in rows}


def username_get(*, user_id: int) -> str:
    name = _usernames.get(user_id)
    if name is None:
        name = str(User.objects.filter(id=user_id).values_list("username", flat=True).get())
        _keep(_usernames, user_id, name, USERNAMES_KEPT)
    return name


def game_with_place_get(*, game_id: int) -> Game | None:
    """The game's row with what its state and lines show besides (the players' names, its
    event, round and board, the entries' ratings, whether the event is rated) in one query
    (either link's rows joined: the other's are null), kept for the process's next states
    (`game_place_keep`)."""
    game_columns = [field.name for field in Game._meta.concrete_fields]
    game = (
        Game.objects.select_related(
            "white",
            "black",
            "pairing__white",
            "pairing__black",
            "pairing__round__tournament",
            "team_board__white_player",
            "team_board__black_player",
            "team_board__match__round__event",
        )
        .only(*game_columns, *GAME_PLACE_RELATED)
        .filter(id=game_id)
        .first()
    )
    if game is not None:
        game_place_keep(game=game)
    return game


GAME_PLACE_RELATED = (
    "white__username",
    "black__username",
    "pairing__board",
    "pairing__white__rating",
    "pairing__black__rating",
    "pairing__round__number",
    "pairing__round__tournament__name",
    "pairing__round__tournament__rated",
    "team_board__board",
    "team_board__white_player__rating",
    "team_board__black_player__rating",
    "team_board__match__table",
    "team_board__match__round__number",
    "team_board__match__round__event__name",
)


# --- arbiter calls (services.arbitration) ---------------------------------------------------

# The host team of a game's event, through either link (one is null): its leaders are the
# game's arbiters.
_HOST_TEAM = ("pairing__round__tournament__team_id", "team_board__match__round__event__host_id")


def game_host_team_id(*, game_id: int) -> int | None:
    """The team whose leaders arbitrate the game (the event's host), None for no such game."""
    row = Game.objects.filter(id=game_id).values_list(*_HOST_TEAM).first()
    if row is None:
        return None
    return row[0] if row[0] is not None else row[1]


def arbiter_calls_open_for(
    *, user: User, tournament_id: int | None = None, team_swiss_id: int | None = None
) -> QuerySet[ArbiterCall]:
    """The open calls of the games `user` arbitrates (events hosted by a team they lead),
    oldest first; `tournament_id`: that individual event's only; `team_swiss_id`: that team
    event's only."""
    led = Membership.objects.filter(user=user, role=Membership.Role.LEADER).values("team_id")
    calls = ArbiterCall.objects.filter(status=ArbiterCall.Status.OPEN).filter(
        Q(game__pairing__round__tournament__team_id__in=led)
        | Q(game__team_board__match__round__event__host_id__in=led)
    )
    if tournament_id is not None:
        calls = calls.filter(game__pairing__round__tournament_id=tournament_id)
    if team_swiss_id is not None:
        calls = calls.filter(game__team_board__match__round__event_id=team_swiss_id)
    return calls.select_related("game", "caller").order_by("created_at", "id")


def arbiter_calls_of_game(*, game_id: int, user_id: int | None = None) -> QuerySet[ArbiterCall]:
    """A game's calls, newest first; `user_id`: that player's own only."""
    calls = ArbiterCall.objects.filter(game_id=game_id)
    if user_id is not None:
        calls = calls.filter(caller_id=user_id)
    return calls.select_related("caller").order_by("-created_at", "-id")
