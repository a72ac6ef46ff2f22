from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from arbiter.games.models import Game, GameStatus


def game_get(*, game_id: int) -> Game | None:
    return (
        Game.objects.select_related("white", "black", "pairing__round__tournament")
        .filter(id=game_id)
        .first()
    )


def games_of_tournament(*, tournament_id: int) -> QuerySet[Game]:
    return (
        Game.objects.select_related("white", "black", "pairing__round__tournament")
        .filter(pairing__round__tournament_id=tournament_id)
        .order_by("pairing__round__number", "pairing__board")
    )


def game_ids_flag_due(*, now: datetime, limit: int = 500) -> list[int]:
    """Started games whose side to move is out of time (or of first-move time) by now."""
    return list(
        Game.objects.filter(status=GameStatus.STARTED, flag_at__lte=now)
        .order_by("flag_at")
        .values_list("id", flat=True)[:limit]
    )
