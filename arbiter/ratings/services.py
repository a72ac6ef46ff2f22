"""Writes to ratings: rating games, correcting and withdrawing their changes, admin settings.

Callers name the games (`RatedGame`) and decide what is rated; this module only knows Glicko-2
and the stored rows. Every write locks the players' rating rows in one sorted order, so two
events rating the same player at once wait for each other instead of deadlocking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from arbiter.common.bulk import rows_update
from arbiter.ratings import glicko2, parameters
from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.speeds import Speed

SECONDS_PER_DAY = 86400.0


@dataclass(frozen=True)
class RatedGame:
    """One game to rate, as its source (a board of a rated event) describes it."""

    pairing_id: int
    white_id: int
    black_id: int
    speed: str
    white_score: float  # 1, 0.5 or 0
    played_at: datetime  # inactivity is measured up to here


def _glicko(row: Rating | RatingChange, prefix: str = "") -> glicko2.Rating:
    return glicko2.Rating(
        getattr(row, f"rating{prefix}"),
        getattr(row, f"deviation{prefix}"),
        getattr(row, f"volatility{prefix}"),
    )


def _clamp(rating: glicko2.Rating) -> glicko2.Rating:
    return glicko2.clamp(
        rating,
        min_deviation=parameters.MIN_DEVIATION,
        max_deviation=parameters.MAX_DEVIATION,
        max_volatility=parameters.MAX_VOLATILITY,
    )


def _store(row: Rating, rating: glicko2.Rating) -> None:
    row.rating, row.deviation, row.volatility = rating.rating, rating.deviation, rating.volatility


def rating_before_game(row: Rating, *, at: datetime) -> glicko2.Rating:
    """The row's rating with the deviation widened for the rating periods since its last game."""
    current = _glicko(row)
    if row.last_rated_at is None or at <= row.last_rated_at:
        return current
    days = (at - row.last_rated_at).total_seconds() / SECONDS_PER_DAY
    return _clamp(glicko2.inflate(current, periods=days * parameters.PERIODS_PER_DAY))


def rating_after_game(
    *, player: glicko2.Rating, opponent: glicko2.Rating, score: float
) -> glicko2.Rating:
    """One game is one rating period (lila)."""
    return _clamp(glicko2.rate(player, [(opponent, score)], tau=parameters.TAU))


def _rows_lock(keys: Iterable[tuple[int, str]]) -> dict[tuple[int, str], Rating]:
    """The rating rows of these (user, speed) pairs, created as new players where missing,
    locked in (user, speed) order."""
    wanted = sorted(set(keys))
    if not wanted:
        return {}
    Rating.objects.bulk_create(
        [Rating(user_id=user_id, speed=speed) for user_id, speed in wanted],
        ignore_conflicts=True,
    )
    # PostgreSQL locks the rows as the sorted result is read: always the same order.
    locked = Rating.objects.select_for_update().filter(
        user_id__in={user_id for user_id, _ in wanted}, speed__in={speed for _, speed in wanted}
    )
    rows = {(row.user_id, row.speed): row for row in locked.order_by("user_id", "speed")}
    return {key: rows[key] for key in wanted}


def _shift(row: Rating, old: glicko2.Rating, new: glicko2.Rating) -> None:
    """Move the row by new − old: exactly to `new` when it still holds `old` (no later game)."""
    current = _glicko(row)
    if current == old:
        _store(row, new)
        return
    _store(
        row,
        _clamp(
            glicko2.Rating(
                current.rating + new.rating - old.rating,
                current.deviation + new.deviation - old.deviation,
                current.volatility + new.volatility - old.volatility,
            )
        ),
    )


def _change_write(change: RatingChange, after: glicko2.Rating, score: float) -> None:
    change.score = score
    change.rating_after, change.deviation_after, change.volatility_after = (
        after.rating,
        after.deviation,
        after.volatility,
    )


def _rate_new(game: RatedGame, rows: dict[tuple[int, str], Rating]) -> list[RatingChange]:
    white, black = rows[(game.white_id, game.speed)], rows[(game.black_id, game.speed)]
    white_before = rating_before_game(white, at=game.played_at)
    black_before = rating_before_game(black, at=game.played_at)
    changes = []
    for row, before, opponent_id, opponent, score in (
        (white, white_before, game.black_id, black_before, game.white_score),
        (black, black_before, game.white_id, white_before, 1.0 - game.white_score),
    ):
        after = rating_after_game(player=before, opponent=opponent, score=score)
        change = RatingChange(
            user_id=row.user_id,
            speed=game.speed,
            pairing_id=game.pairing_id,
            opponent_id=opponent_id,
            rating_before=before.rating,
            deviation_before=before.deviation,
            volatility_before=before.volatility,
            rated_at=game.played_at,
        )
        _change_write(change, after, score)
        changes.append(change)
        _store(row, after)
        row.games += 1
        row.last_rated_at = max(filter(None, (row.last_rated_at, game.played_at)))
    return changes


def _rate_again(
    game: RatedGame, stored: dict[int, RatingChange], rows: dict[tuple[int, str], Rating]
) -> None:
    """A corrected result: the change is recomputed from the ratings stored before the game,
    and the current rating moves by the difference (later games are not replayed)."""
    white, black = stored[game.white_id], stored[game.black_id]
    for change, opponent, score in (
        (white, black, game.white_score),
        (black, white, 1.0 - game.white_score),
    ):
        if change.score == score:
            continue
        old = _glicko(change, "_after")
        new = rating_after_game(
            player=_glicko(change, "_before"), opponent=_glicko(opponent, "_before"), score=score
        )
        _shift(rows[(change.user_id, change.speed)], old, new)
        _change_write(change, new, score)


def _withdraw(change: RatingChange, rows: dict[tuple[int, str], Rating]) -> None:
    row = rows[(change.user_id, change.speed)]
    _shift(row, _glicko(change, "_after"), _glicko(change, "_before"))
    row.games = max(row.games - 1, 0)


ROW_FIELDS = ["rating", "deviation", "volatility", "games", "last_rated_at"]
CHANGE_FIELDS = ["score", "rating_after", "deviation_after", "volatility_after"]


# No savepoint: inside a result's transaction a failure here fails the whole result anyway
# (no caller catches it), and the savepoint cost two round trips per result.
@transaction.atomic(savepoint=False)
def ratings_apply(*, rated: Sequence[RatedGame], unrated_pairing_ids: Sequence[int] = ()) -> None:
    """Rate these games in order (a game already rated is corrected, see `_rate_again`), and
    withdraw the changes of boards that are no longer rated games (a result cleared by a
    dispute, turned into a forfeit)."""
    pairing_ids = [game.pairing_id for game in rated] + list(unrated_pairing_ids)
    if not pairing_ids:
        return
    existing = list(RatingChange.objects.filter(pairing_id__in=pairing_ids))
    keys = {(c.user_id, c.speed) for c in existing}
    for game in rated:
        keys.update({(game.white_id, game.speed), (game.black_id, game.speed)})
    rows = _rows_lock(keys)
    stored: dict[int, dict[int, RatingChange]] = {}
    for change in existing:
        stored.setdefault(change.pairing_id, {})[change.user_id] = change
    kept = {
        game.pairing_id
        for game in rated
        if stored.get(game.pairing_id, {}).keys() == {game.white_id, game.black_id}
        and all(c.speed == game.speed for c in stored[game.pairing_id].values())
    }
    # Withdrawn first: no longer rated, or stored in a shape this game does not match.
    withdrawn = [c for c in existing if c.pairing_id not in kept]
    for change in withdrawn:
        _withdraw(change, rows)
    created: list[RatingChange] = []
    for game in rated:
        if game.pairing_id in kept:
            _rate_again(game, stored[game.pairing_id], rows)
        else:
            created += _rate_new(game, rows)
    if withdrawn:
        RatingChange.objects.filter(id__in=[c.id for c in withdrawn]).delete()
    rows_update([c for c in existing if c.pairing_id in kept], CHANGE_FIELDS)
    if created:
        RatingChange.objects.bulk_create(created)
    rows_update(list(rows.values()), ROW_FIELDS)


@transaction.atomic
def user_rating_set(*, user: AbstractBaseUser, speed: Speed | str, rating: float) -> Rating:
    """An admin's or an import's rating; deviation and volatility are left as they are."""
    key = (int(user.pk), str(speed))
    row = _rows_lock([key])[key]
    row.rating = rating
    row.full_clean()
    row.save(update_fields=["rating"])
    return row


@transaction.atomic
def ratings_reset() -> None:
    """Before a recompute: each player who has rated games goes back to the rating they had
    before their first one (their first change's "before", which no inactivity widened), and
    every change is deleted. Players without rated games keep their rows."""
    first: dict[tuple[int, str], RatingChange] = {}
    for change in RatingChange.objects.order_by("rated_at", "id"):
        first.setdefault((change.user_id, change.speed), change)
    rows = _rows_lock(first)
    for key, row in rows.items():
        _store(row, _glicko(first[key], "_before"))
        row.games, row.last_rated_at = 0, None
    RatingChange.objects.all().delete()
    rows_update(list(rows.values()), ROW_FIELDS)
