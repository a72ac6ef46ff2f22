"""`manage.py ratings_recompute` replays every rated game from the stored boards."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.services import user_rating_set
from tests.ratings.test_rated_event import (
    SCORES,
    Expected,
    _event,
    _report,
    _round_start,
    _start,
    _stored,
)
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _snapshot() -> dict[tuple[str, str], tuple[float, float, float, int]]:
    return {
        (row.user.username, row.speed): (row.rating, row.deviation, row.volatility, row.games)
        for row in Rating.objects.select_related("user")
    }


def _recompute() -> str:
    out = StringIO()
    call_command("ratings_recompute", stdout=out)
    return out.getvalue()


def _play(rounds: int, players: int) -> tuple[str, object, dict[str, object]]:
    base, leader, members = _event(players, num_rounds=rounds)
    by_name = {user.username: user for user in members}
    results = ["1-0", "0-1", "1/2-1/2"]
    for number in range(rounds):
        for i, board in enumerate(_start(base, leader)["pairings"]):
            _report(base, by_name[board["white"]], board, results[(number + i) % 3])
    return base, leader, by_name


def test_recompute_rebuilds_the_live_ratings_and_is_idempotent():
    _play(rounds=3, players=8)
    live = _snapshot()
    assert "12 rated games replayed." in _recompute()
    assert _snapshot() == live
    changes = list(RatingChange.objects.values_list("user_id", "rating_after"))
    _recompute()
    assert _snapshot() == live
    assert sorted(RatingChange.objects.values_list("user_id", "rating_after")) == sorted(changes)


def test_recompute_starts_each_player_from_their_rating_before_their_first_game():
    base, leader, members = _event(2, num_rounds=1)
    first = members[0]
    user_rating_set(user=first, speed="blitz", rating=1900)  # after entry, before any game
    (board,) = _start(base, leader)["pairings"]
    _report(base, members[0] if board["white"] == first.username else members[1], board, "1-0")
    live = _snapshot()
    _recompute()
    assert _snapshot() == live
    change = RatingChange.objects.get(user=first)
    assert change.rating_before == 1900


def test_recompute_replays_a_game_corrected_after_later_ones():
    base, leader, _ = _play(rounds=2, players=4)
    expected = Expected()
    rounds = [client_of(leader).get(f"{base}/rounds/{n}/").json() for n in (1, 2)]
    board = rounds[0]["pairings"][0]
    corrected = "0-1" if board["result"] != "0-1" else "1-0"
    _report(base, leader, board, corrected)  # after round 2 was played
    live = _snapshot()
    _recompute()
    for number, rnd in enumerate(rounds, start=1):
        at = _round_start(base, number)
        for game in rnd["pairings"]:
            result = corrected if game["id"] == board["id"] else game["result"]
            expected.game(game["white"], game["black"], SCORES[result], at)
    for username, rating in expected.ratings.items():
        assert _stored(username) == pytest.approx(rating, abs=1e-9)
    # Live, the correction only moved the two players by the difference: not the same.
    assert _snapshot()[(board["white"], "blitz")] != live[(board["white"], "blitz")]
