"""Reads of ratings: a player's current ratings, their history, the change a game made."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from arbiter.ratings import parameters
from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.speeds import Speed


def user_rating(*, user_id: int, speed: Speed | str) -> int:
    """The rating shown and frozen at entry: the stored one rounded, a new player's if none."""
    row = Rating.objects.filter(user_id=user_id, speed=speed).values_list("rating", flat=True)
    return max(round(next(iter(row), parameters.NEW_RATING)), 0)


def is_provisional(deviation: float) -> bool:
    return deviation >= parameters.PROVISIONAL_DEVIATION


def user_ratings(*, user_id: int) -> list[Rating]:
    """One rating per speed, fastest first; a speed never played reads as a new player's
    (unsaved row)."""
    stored = {row.speed: row for row in Rating.objects.filter(user_id=user_id)}
    return [stored.get(speed) or Rating(user_id=user_id, speed=speed) for speed in Speed.values]


def rating_history(*, user_id: int, speed: Speed | str | None = None) -> QuerySet[RatingChange]:
    """A player's rating changes, newest first, with the event and opponent of each."""
    qs = RatingChange.objects.filter(user_id=user_id)
    if speed:
        qs = qs.filter(speed=speed)
    return qs.select_related("opponent", "pairing__round__tournament").order_by("-rated_at", "-id")


def tournament_rating_diffs(*, tournament_id: int, user_ids: Iterable[int]) -> dict[int, int]:
    """user id -> the sum of what the event's rated games did to their (shown) rating."""
    diffs: dict[int, int] = {}
    rows = (
        RatingChange.objects.filter(
            pairing__round__tournament_id=tournament_id, user_id__in=list(user_ids)
        )
        .order_by()  # a sum: the default order (rated_at, id) would only cost a sort
        .values_list("user_id", "rating_before", "rating_after")
    )
    for user_id, before, after in rows:
        diffs[user_id] = diffs.get(user_id, 0) + round(after) - round(before)
    return diffs
