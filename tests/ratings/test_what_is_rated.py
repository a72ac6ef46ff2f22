"""Which boards are rated games (`tournaments.services.ratings.rated_game`), on unsaved rows."""

from __future__ import annotations

import pytest
from django.utils import timezone

from arbiter.games.models import Game
from arbiter.tournaments.models import SwissPairing, SwissParticipant, SwissRound
from arbiter.tournaments.services.ratings import rated_game

pytestmark = pytest.mark.django_db  # a board without an online game is looked up and not found


def _board(result: str, *, white_user: int | None = 1, ply: int | None = None) -> SwissPairing:
    board = SwissPairing(
        id=5,
        round=SwissRound(number=1, started_at=timezone.now()),
        white=SwissParticipant(user_id=white_user, rating=1500),
        black=SwissParticipant(user_id=2, rating=1500),
        result=result,
    )
    if ply is not None:
        board.game = Game(ply=ply)
    return board


def test_played_results_are_rated_with_white_s_score():
    scores = {r: rated_game(_board(r), speed="blitz") for r in ("1-0", "0-1", "1/2-1/2")}
    assert {r: g.white_score for r, g in scores.items() if g} == {
        "1-0": 1.0,
        "0-1": 0.0,
        "1/2-1/2": 0.5,
    }


def test_forfeits_and_boards_without_a_result_are_not():
    assert all(rated_game(_board(r), speed="blitz") is None for r in ("+-", "-+", "--", ""))


def test_a_no_show_is_not_rated():
    board = _board("1-0")
    board.no_show_id = 3
    assert rated_game(board, speed="blitz") is None


def test_a_registered_player_without_an_account_is_not_rated():
    assert rated_game(_board("1-0", white_user=None), speed="blitz") is None


def test_an_online_game_needs_two_moves():
    assert rated_game(_board("1-0", ply=1), speed="blitz") is None
    game = rated_game(_board("1-0", ply=2), speed="blitz")
    assert game is not None and (game.white_id, game.black_id) == (1, 2)
