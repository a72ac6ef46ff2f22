"""`manage.py ratings_recompute` replays every rated game from the stored boards."""

from __future__ import annotations

from datetime import datetime
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.services import user_rating_set
from arbiter.tournaments.models import SwissPairing, SwissRound, SwissTournament
from arbiter.tournaments.services.results.submit import result_submit
from tests.factories.events import BuiltEvent, event_with_players, round_next
from tests.ratings.test_rated_event import SCORES, Expected, _stored

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


def _play(rounds: int, players: int) -> BuiltEvent:
    """A rated event played to the end: rounds paired by the factories, each result reported
    by the white player through the results service, which rates the games live (the API's
    path without its request: the command's replay is the subject)."""
    built = event_with_players(players, num_rounds=rounds)
    results = ["1-0", "0-1", "1/2-1/2"]
    for number in range(rounds):
        round_next(built)
        for i, board in enumerate(built.boards):
            result_submit(pairing=board, user=board.white.user, result=results[(number + i) % 3])
    return built


def _round_boards(event: SwissTournament, number: int) -> list[dict[str, Any]]:
    """A round's boards by id, usernames and result, in board order (as the round detail
    lists them)."""
    boards = SwissPairing.objects.filter(round__tournament=event, round__number=number)
    rows = []
    for b in boards.select_related("white__user", "black__user").order_by("board"):
        white, black = b.white.user.username, b.black.user.username
        rows.append({"id": b.id, "white": white, "black": black, "result": b.result})
    return rows


def _round_start(event: SwissTournament, number: int) -> datetime:
    started_at = SwissRound.objects.get(tournament=event, number=number).started_at
    assert started_at is not None
    return started_at


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
    built = event_with_players(2, num_rounds=1)
    first = built.users[0]
    user_rating_set(user=first, speed="blitz", rating=1900)  # after entry, before any game
    (board,) = round_next(built).boards
    result_submit(pairing=board, user=board.white.user, result="1-0")
    live = _snapshot()
    _recompute()
    assert _snapshot() == live
    change = RatingChange.objects.get(user=first)
    assert change.rating_before == 1900


def test_recompute_replays_a_game_corrected_after_later_ones():
    built = _play(rounds=2, players=4)
    expected = Expected()
    rounds = [_round_boards(built.event, n) for n in (1, 2)]
    board = rounds[0][0]
    corrected = "0-1" if board["result"] != "0-1" else "1-0"
    # After round 2 was played, by the arbiter.
    result_submit(
        pairing=SwissPairing.objects.get(id=board["id"]), user=built.leader, result=corrected
    )
    live = _snapshot()
    _recompute()
    for number, rnd in enumerate(rounds, start=1):
        at = _round_start(built.event, number)
        for game in rnd:
            result = corrected if game["id"] == board["id"] else game["result"]
            expected.game(game["white"], game["black"], SCORES[result], at)
    for username, rating in expected.ratings.items():
        assert _stored(username) == pytest.approx(rating, abs=1e-9)
    # Live, the correction only moved the two players by the difference: not the same.
    assert _snapshot()[(board["white"], "blitz")] != live[(board["white"], "blitz")]
