"""A match's points from its boards (plain values, no database)."""

from decimal import Decimal as D

from arbiter.trf.team_event import Points, ScoreSystem, bye_score
from arbiter.trf.team_trf import match_points


def test_the_match_white_team_has_white_on_odd_boards():
    scores = ScoreSystem()
    # Board 1: the white team wins; board 2 (its Black) 1-0 is the black team's win: 1-1.
    assert match_points(scores=scores, results=[(1, "1-0"), (2, "1-0")]) == (D(1), D(1), D(1), D(1))
    assert match_points(scores=scores, results=[(1, "1/2"), (2, "0-1")]) == (
        D(2),
        D(0),
        D("1.5"),
        D("0.5"),
    )


def test_forfeits_count_as_games_and_a_double_forfeit_is_no_draw():
    scores = ScoreSystem(game=Points(D(3), D(1), D(0)))
    assert match_points(scores=scores, results=[(1, "+-"), (2, "--")]) == (D(2), D(0), D(3), D(0))
    assert match_points(scores=scores, results=[(1, "--"), (2, "--")]) == (D(0), D(0), D(0), D(0))


def test_the_bye_draws_the_match_and_wins_every_board_unless_its_points_are_set():
    assert bye_score(scores=ScoreSystem(), boards=4) == (D(1), D(4))  # a draw's MP (gacrux)
    assert bye_score(scores=ScoreSystem(pab_match=D(1), pab_game=D(2)), boards=4) == (D(1), D(2))
