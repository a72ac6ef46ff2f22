"""The one rule of a player's board report (individual and team boards), on plain values."""

import pytest

from arbiter.common.board_reports import BoardReportState, ReportOutcome, report_outcome
from arbiter.common.exceptions import ApplicationError

OPEN = BoardReportState(
    result="1-0", disputed=False, reported_by=7, by_opponent_report=True, round_open=True
)


def test_a_report_sets_is_confirmed_or_disputes_the_opponents():
    empty = BoardReportState(
        result="", disputed=False, reported_by=None, by_opponent_report=False, round_open=True
    )
    assert report_outcome(empty, reporter=8, own_report="", result="1-0") == ReportOutcome.SET
    assert report_outcome(OPEN, reporter=8, own_report="", result="1-0") == ReportOutcome.CONFIRM
    assert report_outcome(OPEN, reporter=7, own_report="1-0", result="1-0") == (
        ReportOutcome.UNCHANGED
    )
    assert report_outcome(OPEN, reporter=8, own_report="", result="0-1") == ReportOutcome.DISPUTE


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
        report_outcome(board, reporter=reporter, own_report="", result="1/2")
