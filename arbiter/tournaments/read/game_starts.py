"""The games a round start announces, read once for all its players' pushes (`live.game_starts`):
each started game's row with its players (name, redirect setting), their ratings at entry and
whether the event is rated. One query for the whole round."""

from __future__ import annotations

from arbiter.games.models import Game, GameStatus

# What a game's start needs of the rows joined to it: the game's own columns are all read.
_JOINED = (
    "white__username",
    "white__redirect_to_game",
    "black__username",
    "black__redirect_to_game",
    "pairing__white__rating",
    "pairing__black__rating",
    "pairing__round__number",
    "pairing__round__tournament__rated",
)


def round_games_started(*, tournament_id: int, number: int) -> list[Game]:
    """The round's games still running, oldest first, with `white`, `black`, the pairing's
    entries (`pairing.white.rating`) and `pairing.round.tournament.rated` loaded."""
    game_columns = [field.name for field in Game._meta.concrete_fields]
    return list(
        Game.objects.filter(
            pairing__round__tournament_id=tournament_id,
            pairing__round__number=number,
            status=GameStatus.STARTED,
        )
        .select_related(
            "white", "black", "pairing__white", "pairing__black", "pairing__round__tournament"
        )
        .only(*game_columns, *_JOINED)
        .order_by("id")
    )
