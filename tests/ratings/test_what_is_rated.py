"""Which boards are rated games (`tournaments.services.ratings.game_to_rate`), on the values
it reads of a board."""

from __future__ import annotations

from django.utils import timezone

from arbiter.ratings.services import RatedGame
from arbiter.tournaments.services.ratings import game_to_rate


def _rated(
    result: str, *, white_user: int | None = 1, ply: int | None = None, no_show: int | None = None
) -> RatedGame | None:
    """Board 5 between users `white_user` and 2, `ply` half-moves if it was played online."""
    started = timezone.now()
    return game_to_rate(5, result, no_show, white_user, 2, ply, started, None, speed="blitz")


def test_played_results_are_rated_with_white_s_score():
    scores = {r: _rated(r) for r in ("1-0", "0-1", "1/2-1/2")}
    assert {r: g.white_score for r, g in scores.items() if g} == {
        "1-0": 1.0,
        "0-1": 0.0,
        "1/2-1/2": 0.5,
    }


def test_forfeits_and_boards_without_a_result_are_not():
    assert all(_rated(r) is None for r in ("+-", "-+", "--", ""))


def test_a_no_show_is_not_rated():
    assert _rated("1-0", no_show=3) is None


def test_a_registered_player_without_an_account_is_not_rated():
    assert _rated("1-0", white_user=None) is None


def test_an_online_game_needs_two_moves():
    assert _rated("1-0", ply=1) is None
    game = _rated("1-0", ply=2)
    assert game is not None and (game.white_id, game.black_id) == (1, 2)
