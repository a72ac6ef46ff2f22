"""Over-the-board results of rated events move the players' Glicko-2 ratings, through the API.

The expected ratings are computed here game by game with the pure module (`glicko2`) and
lila's parameters, independently of the service that stores them.
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

import pytest

from arbiter.ratings import glicko2, parameters
from arbiter.ratings.models import Rating, RatingChange
from arbiter.tournaments.models import SwissRound
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

SCORES = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
NEW = glicko2.Rating(parameters.NEW_RATING, parameters.NEW_DEVIATION, parameters.NEW_VOLATILITY)


def _bounded(rating: glicko2.Rating) -> glicko2.Rating:
    return glicko2.clamp(
        rating,
        min_deviation=parameters.MIN_DEVIATION,
        max_deviation=parameters.MAX_DEVIATION,
        max_volatility=parameters.MAX_VOLATILITY,
    )


class Expected:
    """Each player's rating as the pure module computes it, one game at a time."""

    def __init__(self) -> None:
        self.ratings: dict[str, glicko2.Rating] = {}
        self.last: dict[str, datetime] = {}

    def before(self, username: str, at: datetime) -> glicko2.Rating:
        rating = self.ratings.get(username, NEW)
        if username in self.last and at > self.last[username]:
            days = (at - self.last[username]).total_seconds() / 86400
            rating = _bounded(glicko2.inflate(rating, periods=days * parameters.PERIODS_PER_DAY))
        return rating

    def game(self, white: str, black: str, score: float, at: datetime) -> None:
        w, b = self.before(white, at), self.before(black, at)
        self.ratings[white] = _bounded(glicko2.rate(w, [(b, score)], tau=parameters.TAU))
        self.ratings[black] = _bounded(glicko2.rate(b, [(w, 1 - score)], tau=parameters.TAU))
        self.last[white] = self.last[black] = at


def _stored(username: str) -> glicko2.Rating:
    row = Rating.objects.get(user__username=username, speed="blitz")
    return glicko2.Rating(row.rating, row.deviation, row.volatility)


def _event(players: int, **overrides: Any) -> tuple[str, Any, list[Any]]:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team, **({"mode": "otb"} | overrides))
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    return base, leader, members


def _start(base: str, leader: Any) -> dict[str, Any]:
    started = client_of(leader).post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    return started.json()


def _round_start(base: str, number: int) -> datetime:
    event_id = int(base.rstrip("/").rsplit("/", 1)[1])
    started_at = SwissRound.objects.get(tournament_id=event_id, number=number).started_at
    assert started_at is not None
    return started_at


def _report(base: str, user: Any, board: dict[str, Any], result: str) -> None:
    reported = client_of(user).post(
        f"{base}/pairings/{board['id']}/result/", {"result": result}, format="json"
    )
    assert reported.status_code == 200, reported.json()


def test_a_rated_nine_round_event_rates_each_game_as_the_pure_module_does():
    base, leader, members = _event(11, num_rounds=9)
    by_name = {user.username: user for user in members}
    expected = Expected()
    rng = random.Random(17)
    for number in range(1, 10):
        rnd = _start(base, leader)
        at = _round_start(base, number)
        assert len(rnd["byes"]) == 1  # 11 players: someone sits out, unrated
        for board in rnd["pairings"]:
            result = rng.choice(list(SCORES))
            _report(base, by_name[board["white"]], board, result)
            expected.game(board["white"], board["black"], SCORES[result], at)
        for username, rating in expected.ratings.items():
            assert _stored(username) == pytest.approx(rating, abs=1e-9), (number, username)
    assert client_of(leader).get(f"{base}/").json()["status"] == "finished"
    assert RatingChange.objects.count() == 9 * 5 * 2
    games = dict(Rating.objects.filter(speed="blitz").values_list("user__username", "games"))
    assert sum(games.values()) == 90  # 45 games, two players each
    assert all(8 <= count <= 9 for count in games.values())
    # The standings show the rating each player entered with (frozen), not the new one.
    standings = client_of(leader).get(f"{base}/standings/").json()["results"]
    assert {row["rating"] for row in standings} == {1500}


def test_an_unrated_event_changes_no_rating():
    base, leader, members = _event(4, num_rounds=2, rated=False)
    by_name = {user.username: user for user in members}
    for _ in range(2):
        for board in _start(base, leader)["pairings"]:
            _report(base, by_name[board["white"]], board, "1-0")
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(games__gt=0).exists()


def test_a_result_corrected_before_the_next_game_is_as_if_right_from_the_start():
    base, leader, members = _event(4, num_rounds=2)
    by_name = {user.username: user for user in members}
    rnd = _start(base, leader)
    at = _round_start(base, 1)
    first, second = rnd["pairings"]
    _report(base, by_name[first["white"]], first, "1-0")
    _report(base, by_name[second["white"]], second, "1/2-1/2")
    # The arbiter corrects board 1 to a black win before anyone plays again.
    _report(base, leader, first, "0-1")
    expected = Expected()
    expected.game(first["white"], first["black"], 0.0, at)
    expected.game(second["white"], second["black"], 0.5, at)
    for username in by_name:
        assert _stored(username) == expected.ratings[username]  # exactly, not approximately
    assert Rating.objects.get(user__username=first["white"], speed="blitz").games == 1
    change = RatingChange.objects.get(pairing_id=first["id"], user__username=first["black"])
    assert (change.score, change.rating_after) == (1.0, expected.ratings[first["black"]].rating)


def test_a_game_turned_into_a_forfeit_gives_the_rating_back():
    base, leader, members = _event(2, num_rounds=1)
    by_name = {user.username: user for user in members}
    (board,) = _start(base, leader)["pairings"]
    _report(base, by_name[board["white"]], board, "1-0")
    assert _stored(board["white"]).rating > parameters.NEW_RATING
    _report(base, leader, board, "+-")  # a forfeit is not a rated game
    for username in by_name:
        assert _stored(username) == NEW
        assert Rating.objects.get(user__username=username, speed="blitz").games == 0
    assert not RatingChange.objects.exists()


def test_a_disputed_result_is_withdrawn_until_the_arbiter_decides():
    base, leader, members = _event(4, num_rounds=2)  # board 2 keeps the round open
    by_name = {user.username: user for user in members}
    board = _start(base, leader)["pairings"][0]
    _report(base, by_name[board["white"]], board, "1-0")
    _report(base, by_name[board["black"]], board, "0-1")  # contested: the board is cleared
    assert not RatingChange.objects.exists()
    assert _stored(board["black"]) == NEW
    _report(base, leader, board, "0-1")
    assert _stored(board["black"]).rating > parameters.NEW_RATING
    assert RatingChange.objects.count() == 2


def test_boards_and_standings_show_the_rating_and_what_the_game_did_to_it():
    base, leader, members = _event(4, num_rounds=2)
    by_name = {user.username: user for user in members}
    first, second = _start(base, leader)["pairings"]
    _report(base, by_name[first["white"]], first, "1-0")
    board = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"][0]
    assert (board["white_rating"], board["black_rating"]) == (1500, 1500)
    white_diff = round(_stored(first["white"]).rating) - 1500
    assert white_diff > 0
    assert (board["white_rating_diff"], board["black_rating_diff"]) == (white_diff, -white_diff)
    pending = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"][1]
    assert (pending["white_rating_diff"], pending["black_rating_diff"]) == (None, None)
    rows = client_of(leader).get(f"{base}/standings/").json()["results"]
    diffs = {row["username"]: row["rating_diff"] for row in rows}
    assert diffs == {
        first["white"]: white_diff,
        first["black"]: -white_diff,
        second["white"]: None,
        second["black"]: None,
    }
