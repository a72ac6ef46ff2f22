"""Inactivity widens the deviation before the next rated game (lila: 0.21436 periods a day)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from arbiter.ratings import glicko2, parameters
from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.services import RatedGame, ratings_apply
from arbiter.tournaments.models import SwissPairing
from tests.factories.events import event_with_round

pytestmark = pytest.mark.django_db


def test_sixty_idle_days_widen_the_deviation_before_the_next_game():
    first, second = event_with_round(4, num_rounds=2).boards
    boards = SwissPairing.objects.select_related("white", "black").in_bulk([first.id, second.id])
    white, black = boards[first.id].white.user_id, boards[first.id].black.user_id
    start = boards[first.id].round.started_at
    assert start is not None
    ratings_apply(rated=[RatedGame(first.id, white, black, "blitz", 1.0, start)])
    settled = Rating.objects.get(user_id=white, speed="blitz")
    later = start + timedelta(days=60)
    # The same two players again, 60 days on (another board stands in for their next game).
    ratings_apply(rated=[RatedGame(second.id, white, black, "blitz", 0.5, later)])
    change = RatingChange.objects.get(pairing_id=second.id, user_id=white)
    widened = glicko2.inflate(
        glicko2.Rating(settled.rating, settled.deviation, settled.volatility),
        periods=60 * parameters.PERIODS_PER_DAY,
    )
    assert change.deviation_before == pytest.approx(widened.deviation, abs=1e-9)
    assert change.deviation_before > settled.deviation
    assert change.rating_before == settled.rating  # inactivity moves the deviation only
    assert Rating.objects.get(user_id=white, speed="blitz").last_rated_at == later


def test_a_game_rated_out_of_order_is_not_widened_backwards():
    first, second = event_with_round(4, num_rounds=2).boards
    boards = SwissPairing.objects.select_related("white", "black", "round").in_bulk(
        [first.id, second.id]
    )
    white, black = boards[first.id].white.user_id, boards[first.id].black.user_id
    start = boards[first.id].round.started_at
    assert start is not None
    ratings_apply(rated=[RatedGame(first.id, white, black, "blitz", 1.0, start)])
    settled = Rating.objects.get(user_id=white, speed="blitz")
    earlier = start - timedelta(days=3)
    ratings_apply(rated=[RatedGame(second.id, white, black, "blitz", 1.0, earlier)])
    change = RatingChange.objects.get(pairing_id=second.id, user_id=white)
    assert change.deviation_before == settled.deviation
    assert Rating.objects.get(user_id=white, speed="blitz").last_rated_at == start
