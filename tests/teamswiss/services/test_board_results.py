"""Board results: who reports, who corrects, match points, the round and the event end."""

from decimal import Decimal

import pytest

from arbiter.common.exceptions import Conflict, InvalidInput, PermissionDenied
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch, TeamSwissRound
from arbiter.teamswiss.services.results import board_result_submit
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def test_players_report_arbiters_correct_and_the_match_and_event_complete():
    built = event_with_teams(teams=2, num_rounds=1)
    rnd = round_stored(built, pairs=[(0, 1)])
    a1, a2 = built.players[0]
    b1, b2 = built.players[1]
    event = built.event

    def report(board: int, user, result: str):
        return board_result_submit(
            event=event, number=1, table=1, board=board, user=user, result=result
        )

    with pytest.raises(PermissionDenied):
        report(1, a2, "1-0")  # not on board 1
    with pytest.raises(PermissionDenied):
        report(1, UserFactory(), "1-0")
    with pytest.raises(PermissionDenied):
        report(1, a1, "+-")  # forfeits are the arbiter's
    report(1, a1, "1-0")
    report(1, b1, "1-0")  # the opponent confirms (a contradiction: test_board_disputes.py)
    match = TeamSwissMatch.objects.get(round=rnd)
    assert match.white_match_points is None
    report(2, b2, "1/2")  # board 2: B's player has White
    match.refresh_from_db()
    assert (match.white_match_points, match.black_match_points) == (Decimal(2), Decimal(0))
    assert (match.white_game_points, match.black_game_points) == (Decimal("1.5"), Decimal("0.5"))
    rnd.refresh_from_db()
    event.refresh_from_db()
    assert rnd.status == TeamSwissRound.Status.COMPLETE
    assert event.status == TeamSwissEvent.Status.FINISHED
    # A correction by the arbiter after the end: B wins board 2 (White) -> 1-1, a drawn match.
    report(2, built.leader, "1-0")
    match.refresh_from_db()
    assert (match.white_match_points, match.black_match_points) == (Decimal(1), Decimal(1))
    with pytest.raises(Conflict):
        report(2, b2, "0-1")  # the round is over: players no longer report


def test_a_board_without_a_player_takes_only_a_forfeit_against_that_side():
    built = event_with_teams(teams=2, num_rounds=1)
    rnd = round_stored(built, pairs=[(0, 1)])
    board = TeamSwissMatch.objects.get(round=rnd).boards.get(board=2)
    board.black_player = None
    board.save()
    with pytest.raises(InvalidInput) as refused:
        board_result_submit(
            event=built.event, number=1, table=1, board=2, user=built.leader, result="1-0"
        )
    assert refused.value.extra["fields"]["result"] == [
        "A board where a team fielded nobody takes +- or --."
    ]
    board_result_submit(
        event=built.event, number=1, table=1, board=2, user=built.leader, result="+-"
    )
