"""The event's stored bye default is the rule engines' one constant (no database)."""

from decimal import Decimal as D

from arbiter.teamswiss.models import TeamSwissEvent


def test_the_model_default_is_a_drawn_match_of_the_default_points():
    event = TeamSwissEvent()
    # 2/1/0 match points by default: the bye's default is the draw's 1 (docs/team-swiss.md).
    assert (event.match_win, event.match_draw, event.match_loss) == (D(2), D(1), D(0))
    assert event.pab_match_points == D(1)
    assert event.pab_game_points is None  # every board won
