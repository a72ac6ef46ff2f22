"""What a result does to a board (individual and team boards), on plain values: no database."""

from dataclasses import replace

import pytest

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput, PermissionDenied
from arbiter.teamswiss.rules import decision_checked as team_decision_checked
from arbiter.teamswiss.rules import player_report_checked as team_report_checked
from arbiter.tournaments.rules.board_results import (
    BoardReportState,
    Decision,
    ReportedBoard,
    ReportOutcome,
    decision_audit_action,
    decision_checked,
    player_report_side,
    report_outcome,
)
from arbiter.users.models import User

OPEN = BoardReportState(
    result="1-0", disputed=False, reported_by=7, by_opponent_report=True, round_open=True
)


def test_a_report_sets_is_confirmed_or_disputes_the_opponents():
    empty = BoardReportState(
        result="", disputed=False, reported_by=None, by_opponent_report=False, round_open=True
    )
    assert report_outcome(board=empty, reporter=8, own_report="", result="1-0") == ReportOutcome.SET
    assert (
        report_outcome(board=OPEN, reporter=8, own_report="", result="1-0") == ReportOutcome.CONFIRM
    )
    assert report_outcome(board=OPEN, reporter=7, own_report="1-0", result="1-0") == (
        ReportOutcome.UNCHANGED
    )
    assert (
        report_outcome(board=OPEN, reporter=8, own_report="", result="0-1") == ReportOutcome.DISPUTE
    )


@pytest.mark.parametrize(
    ("board", "reporter", "message"),
    [
        (
            BoardReportState("", True, 7, False, True),
            8,
            "This result is disputed: the arbiter will decide.",
        ),
        (OPEN, 7, "You already reported this board; ask the arbiter to correct it."),
        (
            BoardReportState("1-0", False, 7, True, False),
            8,
            "This round is complete: only the arbiter can correct its results.",
        ),
        (
            BoardReportState("1-0", False, 1, False, True),
            8,
            "The arbiter set this result: only the arbiter can change it.",
        ),
    ],
)
def test_what_a_player_cannot_contradict(board, reporter, message):
    with pytest.raises(ApplicationError, match=message.replace(".", r"\.")):
        report_outcome(board=board, reporter=reporter, own_report="", result="1/2")


# --- what a player may report, what an arbiter may decide (individual and team boards) ---

BOARD = ReportedBoard(white_user=8, black_user=9, online=False, event_finished=False)


def _player(pk: int) -> User:
    return User(pk=pk, username=f"p{pk}")  # unsaved: the rules read no table


def test_a_player_reports_for_their_own_side() -> None:
    assert player_report_side(board=BOARD, reporter=_player(8), result="1-0") == "white"
    assert player_report_side(board=BOARD, reporter=_player(9), result="1/2-1/2") == "black"


@pytest.mark.parametrize(
    ("board", "reporter", "result", "refusal", "message"),
    [
        (replace(BOARD, event_finished=True), 8, "1-0", ApplicationError, "is finished"),
        (BOARD, 7, "1-0", PermissionDenied, "Only the players of this board"),
        (replace(BOARD, online=True), 8, "1-0", Conflict, "played online"),
        (BOARD, 8, "+-", ApplicationError, "forfeits are set by an arbiter"),
    ],
)
def test_a_report_is_refused_in_the_rules_order(board, reporter, result, refusal, message) -> None:
    with pytest.raises(refusal, match=message):
        player_report_side(board=board, reporter=_player(reporter), result=result)


def test_a_decision_takes_any_known_result_and_a_no_show_is_a_forfeit_loss() -> None:
    assert decision_checked(result="+-", no_show=None) == Decision(result="+-", absent=None)
    assert decision_checked(result="-+", no_show="white") == Decision(result="-+", absent="white")
    assert decision_checked(result="--", no_show="black").absent == "black"
    with pytest.raises(ApplicationError, match="Unknown result"):
        decision_checked(result="", no_show=None)
    with pytest.raises(ApplicationError, match="A no-show loses by forfeit"):
        decision_checked(result="1-0", no_show="white")
    assert decision_audit_action(result_before="") == "result.set"
    assert decision_audit_action(result_before="1-0") == "result.corrected"


@pytest.mark.parametrize(
    ("white", "black", "allowed"),
    [
        (True, True, {"1-0", "0-1", "1/2", "+-", "-+", "--"}),
        (True, False, {"+-", "--"}),
        (False, True, {"-+", "--"}),
        (False, False, {"--"}),
    ],
)
def test_a_team_board_takes_a_forfeit_against_the_side_that_fielded_nobody(
    white: bool, black: bool, allowed: set[str]
) -> None:
    for result in ("1-0", "0-1", "1/2", "+-", "-+", "--"):
        if result in allowed:
            team_decision_checked(white_fielded=white, black_fielded=black, result=result)
        else:
            with pytest.raises(InvalidInput):
                team_decision_checked(white_fielded=white, black_fielded=black, result=result)


def test_a_team_player_reports_a_played_result_over_the_board_while_the_round_is_played() -> None:
    team_report_checked(round_playing=True, online=False, reporter=_player(8), result="1/2")
    with pytest.raises(Conflict, match="The round is over"):
        team_report_checked(round_playing=False, online=False, reporter=_player(8), result="1-0")
    with pytest.raises(Conflict, match="played online"):
        team_report_checked(round_playing=True, online=True, reporter=_player(8), result="1-0")
    with pytest.raises(PermissionDenied, match="Only an arbiter decides a forfeit"):
        team_report_checked(round_playing=True, online=False, reporter=_player(8), result="+-")
