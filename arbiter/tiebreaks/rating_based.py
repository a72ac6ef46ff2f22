"""C.07 article 10: rating-based tie-breaks (ARO, TPR, PTP, APRO, APPO).

Only games played over the board count: byes and all forfeits are ignored, in Swiss and in
round robins alike (15.2). Averages are rounded half up to an integer. When any participant is
unrated these tie-breaks give no value at all (FIDE drops rating-based tie-breaks when unrated
players are present, unless the regulations said how to rate them).
"""

from __future__ import annotations

from typing import Final

from arbiter.tiebreaks.modifiers import cut_sorted
from arbiter.tiebreaks.scores import OTB, Event

# FIDE Rating Regulations table 8.1(a): dp for a percentage score p = 0.50 ... 1.00
# (dp(1 - p) = -dp(p)).
_DP_UPPER: Final = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
# Table 8.1(b): the smallest rating difference at which the higher-rated player's expected
# score reaches 0.51, 0.52, ... 1.00 (0.50 below the first entry).
_PD_STEPS: Final = (
    4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146, 154,
    163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345,
    358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736,
)  # fmt: skip
_PD_TABLE: Final = tuple(50 + sum(1 for step in _PD_STEPS if step <= diff) for diff in range(801))


def divide_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up, in integers (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def dp(percentage: int) -> int:
    """Rating difference for a score percentage 0..100 (already rounded)."""
    return _DP_UPPER[percentage - 50] if percentage >= 50 else -_DP_UPPER[50 - percentage]


def expected_hundredths(rating: int, opponent: int) -> int:
    """Expected score x100 of `rating` against `opponent` (difference capped at 800)."""
    diff = max(-800, min(800, rating - opponent))
    return _PD_TABLE[diff] if diff >= 0 else 100 - _PD_TABLE[-diff]


def all_rated(event: Event) -> bool:
    cached = event.cache.get("all-rated")
    if cached is None:
        cached = all(rating is not None for rating in event.ratings)
        event.cache["all-rated"] = cached
    return bool(cached)


def rated_games(event: Event, p: int) -> list[tuple[int, int]]:
    """(opponent rating, own half-points) for every opponent met over the board; empty when
    some participant is unrated."""
    games: list[tuple[int, int]] = []
    if not all_rated(event):
        return games
    for r in range(event.rounds):
        if event.kind[p][r] == OTB:
            rating = event.ratings[event.opp[p][r]]
            if rating is not None:
                games.append((rating, event.pts[p][r]))
    return games


def aro(event: Event, p: int, low: int = 0, high: int = 0) -> int | None:
    """No game over the board: 0 (the seed libraries'; gacrux gives no value, docs/tiebreaks.md).
    Games that the cuts all remove: no value (gacrux; Held's exercise 18)."""
    if not all_rated(event):
        return None
    ratings = [rating for rating, _ in rated_games(event, p)]
    if not ratings:
        return 0
    ratings = cut_sorted(ratings, low, high) if low or high else ratings
    if not ratings:
        return None
    return divide_half_up(sum(ratings), len(ratings))


def tpr(event: Event, p: int) -> int | None:
    games = rated_games(event, p)
    if not games:
        return None
    count = len(games)
    average = divide_half_up(sum(rating for rating, _ in games), count)
    half_points = sum(points for _, points in games)
    return average + dp(divide_half_up(50 * half_points, count))  # percentage, rounded


def ptp(event: Event, p: int) -> int | None:
    """Lowest rating whose expected score reaches the actual score (10.3)."""
    games = rated_games(event, p)
    if not games:
        return None
    ratings = [rating for rating, _ in games]
    target = sum(points for _, points in games) * 50  # hundredths
    if target == 0:
        return min(ratings) - 800
    if target == 100 * len(games):
        return max(ratings) + 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < target <= at high
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle, rating) for rating in ratings) >= target:
            high = middle
        else:
            low = middle
    return high


def performance_table(event: Event, name: str) -> list[int | None]:
    """TPR or PTP of every participant, computed once per event."""
    cached = event.cache.get(name)
    if cached is None:
        function = tpr if name == "TPR" else ptp
        cached = [function(event, p) for p in range(len(event.ids))]
        event.cache[name] = cached
    return cached  # type: ignore[return-value]


def average_of_opponents(event: Event, p: int, values: list[int | None]) -> int | None:
    """APRO / APPO: mean of the opponents' TPR / PTP over opponents met over the board."""
    known = [
        value
        for r in range(event.rounds)
        if event.kind[p][r] == OTB and (value := values[event.opp[p][r]]) is not None
    ]
    if not known:
        return None
    return divide_half_up(sum(known), len(known))
