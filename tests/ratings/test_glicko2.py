"""Glicko-2 against Glickman's worked example and its defining properties."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.ratings import parameters as lila
from arbiter.ratings.glicko2 import Rating, clamp, inflate, rate


def lila_rate(player: Rating, outcomes: list[tuple[Rating, float]]) -> Rating:
    return clamp(
        rate(player, outcomes, tau=lila.TAU),
        min_deviation=lila.MIN_DEVIATION,
        max_deviation=lila.MAX_DEVIATION,
        max_volatility=lila.MAX_VOLATILITY,
    )


def test_glickmans_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [
        (Rating(1400, 30, 0.06), 1.0),
        (Rating(1550, 100, 0.06), 0.0),
        (Rating(1700, 300, 0.06), 0.0),
    ]
    after = rate(player, games, tau=0.5)
    # The paper rounds its intermediate values (μ' = -0.2069); exact arithmetic lands within
    # that rounding: 1464.05 / 151.52 / 0.059996.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_volatility_step_uses_the_deviation_not_the_rating() -> None:
    # Away from 1500 (μ ≠ 0) the μ²-for-φ² slip of a popular package shows: the volatility
    # of a 2200/60 player losing twice to 2000/60 moves up, as the paper's formula gives.
    player = Rating(2200, 60, 0.06)
    after = rate(player, [(Rating(2000, 60, 0.06), 0.0)] * 2, tau=0.5)
    assert after.volatility > 0.06
    assert after.rating < 2200


def test_win_raises_loss_lowers_draw_between_equals_keeps() -> None:
    player, opponent = Rating(1500, 200, 0.06), Rating(1500, 200, 0.06)
    assert rate(player, [(opponent, 1.0)], tau=0.75).rating > 1500
    assert rate(player, [(opponent, 0.0)], tau=0.75).rating < 1500
    assert rate(player, [(opponent, 0.5)], tau=0.75).rating == pytest.approx(1500)


def test_deviation_shrinks_with_games_and_grows_with_inactivity() -> None:
    player = Rating(lila.NEW_RATING, lila.NEW_DEVIATION, lila.NEW_VOLATILITY)
    for _ in range(10):
        before = player.deviation
        player = lila_rate(player, [(Rating(1500, 100, 0.06), 0.5)])
        assert player.deviation < before
    rested = inflate(player, periods=lila.PERIODS_PER_DAY * 365)
    assert rested.deviation > player.deviation
    assert rested.rating == player.rating
    assert rate(player, [], tau=lila.TAU).deviation > player.deviation


def test_clamps_and_volatility_cap_hold() -> None:
    busy = Rating(1800, 46, 0.005)
    unclamped = rate(busy, [(Rating(1800, 45, 0.06), 0.5)] * 10, tau=lila.TAU)
    assert unclamped.deviation < lila.MIN_DEVIATION
    assert lila_rate(busy, [(Rating(1800, 45, 0.06), 0.5)] * 10).deviation == lila.MIN_DEVIATION
    newcomer = lila_rate(Rating(1500, 500, 0.1), [])
    assert newcomer.deviation == lila.MAX_DEVIATION
    streak = Rating(1500, 45, 0.1)
    for _ in range(20):
        streak = lila_rate(streak, [(Rating(2500, 45, 0.06), 1.0)])
    assert streak.volatility <= lila.MAX_VOLATILITY


def test_volatility_iteration_converges_for_extreme_inputs() -> None:
    wild = rate(Rating(1500, 500, 0.09), [(Rating(2900, 45, 0.06), 1.0)], tau=lila.TAU)
    assert math.isfinite(wild.rating) and math.isfinite(wild.volatility)
    player = Rating(1500, 500, 0.09)
    for _ in range(20):
        player = lila_rate(player, [(Rating(1500, 45, 0.06), 1.0)])
    assert player.rating > 2000
    assert lila.MIN_DEVIATION <= player.deviation <= lila.MAX_DEVIATION


ratings = st.builds(
    Rating,
    rating=st.floats(min_value=400, max_value=3200),
    deviation=st.floats(min_value=lila.MIN_DEVIATION, max_value=lila.MAX_DEVIATION),
    volatility=st.floats(min_value=0.01, max_value=lila.MAX_VOLATILITY),
)


@given(white=ratings, black=ratings, score=st.sampled_from([1.0, 0.5, 0.0]))
def test_the_two_players_of_a_game_move_in_opposite_directions(
    white: Rating, black: Rating, score: float
) -> None:
    white_after = lila_rate(white, [(black, score)])
    black_after = lila_rate(black, [(white, 1.0 - score)])
    change_white = white_after.rating - white.rating
    change_black = black_after.rating - black.rating
    assert change_white * change_black <= 1e-9


@given(player=ratings, opponent=ratings, score=st.sampled_from([1.0, 0.5, 0.0]))
def test_update_is_deterministic_finite_and_bounded(
    player: Rating, opponent: Rating, score: float
) -> None:
    first = lila_rate(player, [(opponent, score)])
    assert first == lila_rate(player, [(opponent, score)])
    assert all(math.isfinite(x) for x in (first.rating, first.deviation, first.volatility))
    assert lila.MIN_DEVIATION <= first.deviation <= lila.MAX_DEVIATION
    assert 0 < first.volatility <= lila.MAX_VOLATILITY
