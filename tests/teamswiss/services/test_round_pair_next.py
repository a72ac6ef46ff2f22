"""Pairing the next round with the real C.04.6 engine (gacrux fideteam)."""

from decimal import Decimal

import pytest

from arbiter.common.exceptions import ApplicationError
from arbiter.teamswiss.models import TeamSwissRound
from arbiter.teamswiss.services.lineups import lineups_close
from arbiter.teamswiss.services.pairing import round_pair_next
from arbiter.teamswiss.services.results import board_result_submit
from arbiter.teamswiss.services.teams import team_withdraw
from tests.teamswiss.helpers import event_with_teams

pytestmark = pytest.mark.django_db


def test_withdrawn_teams_are_left_out_and_the_odd_team_gets_the_bye():
    built = event_with_teams(teams=4, lineup_minutes=0)
    team_withdraw(team=built.teams[1], user=built.leader)
    rnd = round_pair_next(event=built.event, user=built.leader)
    # No line-up time: the boards are there at once, with the squads' first players.
    assert rnd.status == TeamSwissRound.Status.PLAYING
    matches = list(rnd.matches.order_by("table").select_related("white", "black"))
    assert len(matches) == 2
    played, bye = matches
    assert bye.black is None and bye.white.name == "Club D"  # the lowest of the three
    # A drawn match's points (gacrux's default) and every board won.
    assert (bye.white_match_points, bye.white_game_points) == (Decimal(1), Decimal(2))
    assert {played.white.name, played.black.name} == {"Club A", "Club C"}
    assert played.boards.count() == 2


def test_no_valid_pairing_is_a_refusal_with_the_engines_words_and_stores_nothing():
    built = event_with_teams(teams=2, num_rounds=2)
    rnd = round_pair_next(event=built.event, user=built.leader)
    lineups_close(event=built.event, number=1, user=built.leader)
    for board in (1, 2):
        board_result_submit(
            event=built.event, number=1, table=1, board=board, user=built.leader, result="1/2"
        )
    rnd.refresh_from_db()
    assert rnd.status == TeamSwissRound.Status.COMPLETE
    with pytest.raises(ApplicationError) as refused:
        round_pair_next(event=built.event, user=built.leader)
    assert refused.value.message.startswith("No valid pairing for round 2: ")
    assert built.event.rounds.count() == 1
