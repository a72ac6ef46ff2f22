"""Glicko-2, as Glickman's "Example of the Glicko-2 system" (2013) defines it.

Plain Python, no Django: data in, data out. The eight steps of the paper are marked below.
We write the formulas ourselves because the common PyPI implementation uses μ² where the
volatility step needs φ² (the paper's own example hides it, as μ = 0 there).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2 scale factor: 400 / ln(10)
CENTRE = 1500.0
CONVERGENCE = 1e-6  # ε of the volatility iteration


@dataclass(frozen=True)
class Rating:
    rating: float
    deviation: float
    volatility: float


Outcome = tuple[Rating, float]  # (opponent before the game, score 1, 0.5 or 0)


def _mu(rating: Rating) -> float:
    return (rating.rating - CENTRE) / SCALE


def _phi(rating: Rating) -> float:
    return rating.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(*, phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the root of f by the Illinois (regula falsi) iteration."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    lower = a
    if delta * delta > phi2 + v:
        upper = math.log(delta * delta - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        upper = a - k * tau
    f_lower, f_upper = f(lower), f(upper)
    while abs(upper - lower) > CONVERGENCE:
        new = lower + (lower - upper) * f_lower / (f_upper - f_lower)
        f_new = f(new)
        if f_new * f_upper <= 0:
            lower, f_lower = upper, f_upper
        else:
            f_lower /= 2.0
        upper, f_upper = new, f_new
    return math.exp(lower / 2.0)


def rate(player: Rating, outcomes: Sequence[Outcome], *, tau: float) -> Rating:
    """The player's rating after one rating period with these games.

    An empty period only lets the deviation grow by the volatility (step 6 of the paper's note
    on players who do not compete)."""
    mu, phi, sigma = _mu(player), _phi(player), player.volatility  # step 2
    if not outcomes:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    improvement = 0.0  # Σ g(φj)(s − E)
    information = 0.0  # Σ g(φj)² E (1 − E)
    for opponent, score in outcomes:
        g_j = _g(_phi(opponent))
        expected = _expected(mu, _mu(opponent), g_j)
        improvement += g_j * (score - expected)
        information += g_j * g_j * expected * (1.0 - expected)
    v = 1.0 / information  # step 3
    delta = v * improvement  # step 4
    sigma_new = _new_volatility(phi=phi, sigma=sigma, delta=delta, v=v, tau=tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * SCALE + CENTRE, phi_new * SCALE, sigma_new)  # step 8


def inflate(player: Rating, *, periods: float) -> Rating:
    """The deviation after `periods` rating periods without games (fractions allowed)."""
    phi, sigma = _phi(player), player.volatility
    return Rating(player.rating, math.sqrt(phi * phi + periods * sigma * sigma) * SCALE, sigma)


def clamp(
    player: Rating, *, min_deviation: float, max_deviation: float, max_volatility: float
) -> Rating:
    """A rating held inside the bounds of its pool (lila: deviation 45–500, volatility ≤ 0.1)."""
    return Rating(
        player.rating,
        min(max(player.deviation, min_deviation), max_deviation),
        min(player.volatility, max_volatility),
    )
