"""What a result does to a board: the rule of individual and team Swiss boards alone, apart
from how results are queued, locked and written (`services/results/`). Plain values in, the
change out; no query, no write. A refusal is raised as the API error it answers.

A player's report:
- No result yet: the report is the board's result (it stands unless contradicted).
- The same result as the board's: the opponent confirms it (their report is recorded).
- Another result: the opponent contradicts the report; the board is cleared and disputed,
  for the arbiter. Only the opponent's own report, on a board of the round being played, is
  contradicted this way: an arbiter's decision and any result of a completed round are
  changed by an arbiter only.
- A disputed board takes no report: the arbiter decides.

An arbiter's decision sets any known result; a no-show ("white" or "black") is a forfeit loss
of the absent side (or a double forfeit), which pauses and bans that player."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, Conflict
from arbiter.teams.permissions import board_player_or_arbiter_required
from arbiter.teams.read import AnyUser
from arbiter.tournaments.models import GameResult

Side = Literal["white", "black"]

PLAYED_RESULTS = frozenset({GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW})
# English, marked for the catalogue: a refusal says `gettext(ONLINE_BOARD)`.
ONLINE_BOARD = gettext_noop(
    "This board is played online: its result comes from the game. "
    "Ask the arbiter if it needs correcting."
)


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
    *, board: BoardReportState, reporter: int, own_report: str, result: str
) -> ReportOutcome:
    """The outcome of `reporter`'s report `result` (`own_report`: what they reported before,
    "" if nothing); the caller checked first that the reporter plays the board and reports a
    played result."""
    if board.disputed:
        raise ApplicationError(_("This result is disputed: the arbiter will decide."))
    if not board.result:
        return ReportOutcome.SET
    if board.result == result:
        return ReportOutcome.UNCHANGED if own_report == result else ReportOutcome.CONFIRM
    if board.reported_by == reporter:
        raise ApplicationError(_("You already reported this board; ask the arbiter to correct it."))
    if not board.round_open:
        raise ApplicationError(
            _("This round is complete: only the arbiter can correct its results.")
        )
    if not board.by_opponent_report:
        raise ApplicationError(_("The arbiter set this result: only the arbiter can change it."))
    return ReportOutcome.DISPUTE


@dataclass(frozen=True, slots=True)
class ReportedBoard:
    """An individual event's board as a player's report finds it, before the report rule."""

    white_user: int | None
    black_user: int | None
    online: bool  # its result comes from its game
    event_finished: bool


def player_report_side(*, board: ReportedBoard, reporter: AnyUser, result: str) -> Side:
    """The side whose report `reporter` makes, once they may report `result` on an individual
    event's board at all (an arbiter's result is a decision, not a report)."""
    if board.event_finished:
        raise ApplicationError(
            _("The tournament is finished: only its leaders can correct results.")
        )
    board_player_or_arbiter_required(
        as_arbiter=False,
        player_ids=(board.white_user, board.black_user),
        user=reporter,
        # Translators: completes "Only the players of this board (or the team's leaders) …".
        action=gettext("can report"),
        wording="team's leaders",
    )
    if board.online:
        raise Conflict(_(ONLINE_BOARD))
    if result not in PLAYED_RESULTS:
        raise ApplicationError(
            _("Players report 1-0, 0-1 or 1/2-1/2; forfeits are set by an arbiter."),
            extra={"fields": {"result": [_("Must be 1-0, 0-1 or 1/2-1/2.")]}},
        )
    return "white" if reporter.pk == board.white_user else "black"


@dataclass(frozen=True, slots=True)
class Decision:
    """An arbiter's decision as it is written: the result, and the absent side if a no-show."""

    result: str
    absent: Side | None


def decision_checked(*, result: str, no_show: Side | None) -> Decision:
    """An arbiter's decision (or an online game's end), refused if the result is unknown or a
    no-show is not a forfeit loss of the absent side."""
    if result not in GameResult.values or result == "":
        unknown = _("Unknown result.")
        raise ApplicationError(unknown, extra={"fields": {"result": [unknown]}})
    if no_show:
        expected = (
            GameResult.BLACK_WINS_FORFEIT if no_show == "white" else GameResult.WHITE_WINS_FORFEIT
        )
        if result not in (expected, GameResult.DOUBLE_FORFEIT):
            # One whole sentence per absent side, for its translation.
            if no_show == "white":
                must = _("Must be %(expected)s or -- for a no-show by white.")
            else:
                must = _("Must be %(expected)s or -- for a no-show by black.")
            raise ApplicationError(
                _("A no-show loses by forfeit."),
                extra={"fields": {"result": [must % {"expected": expected}]}},
            )
    return Decision(result=result, absent=no_show or None)


def decision_audit_action(*, result_before: str) -> str:
    """The audit log's name for a decision on a board that had `result_before`."""
    return "result.corrected" if result_before else "result.set"
