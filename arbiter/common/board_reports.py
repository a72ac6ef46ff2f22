"""What a player's report of a board's result does: the one rule of individual and team Swiss
boards (`tournaments.services.results.apply.report_apply`,
`teamswiss.services.results.board_result_submit`). Plain values in, an outcome out; the
caller checks first that the reporter plays the board and reports a played result.

- No result yet: the report is the board's result (it stands unless contradicted).
- The same result as the board's: the opponent confirms it (their report is recorded).
- Another result: the opponent contradicts the report; the board is cleared and disputed,
  for the arbiter. Only the opponent's own report, on a board of the round being played, is
  contradicted this way: an arbiter's decision and any result of a completed round are
  changed by an arbiter only.
- A disputed board takes no report: the arbiter decides."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arbiter.common.exceptions import ApplicationError


class ReportOutcome(StrEnum):
    SET = "set"  # the board's result, as reported
    CONFIRM = "confirm"  # the same result, now confirmed by this player too
    UNCHANGED = "unchanged"  # this player had already reported it
    DISPUTE = "dispute"  # cleared and disputed: the arbiter decides


@dataclass(frozen=True, slots=True)
class BoardReportState:
    """The board as a report finds it."""

    result: str  # "" while it has none
    disputed: bool
    reported_by: int | None  # who wrote the result (a player's report or an arbiter)
    # The result is the other player's own report (not an arbiter's decision, nor a game's).
    by_opponent_report: bool
    round_open: bool  # the board's round is the one being played


def report_outcome(
    board: BoardReportState, *, reporter: int, own_report: str, result: str
) -> ReportOutcome:
    """The outcome of `reporter`'s report `result` (`own_report`: what they reported before,
    "" if nothing); raises ApplicationError for a report the rule refuses."""
    if board.disputed:
        raise ApplicationError("This result is disputed: the arbiter will decide.")
    if not board.result:
        return ReportOutcome.SET
    if board.result == result:
        return ReportOutcome.UNCHANGED if own_report == result else ReportOutcome.CONFIRM
    if board.reported_by == reporter:
        raise ApplicationError("You already reported this board; ask the arbiter to correct it.")
    if not board.round_open:
        raise ApplicationError("This round is complete: only the arbiter can correct its results.")
    if not board.by_opponent_report:
        raise ApplicationError("The arbiter set this result: only the arbiter can change it.")
    return ReportOutcome.DISPUTE
