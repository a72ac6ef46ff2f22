"""What a result does to a team event's board and its match, on plain values: which results
an arbiter may set and a player may report (the report itself follows the individual boards'
rule, `tournaments.rules.board_results`), a game's end as a result, and a match's score from
its boards' results (C.04.6 art. 1.2)."""

from __future__ import annotations

from functools import reduce

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import Conflict, InvalidInput
from arbiter.teams.permissions import event_arbiter_required
from arbiter.teams.read import AnyUser
from arbiter.teamswiss.models import TeamSwissBoard
from arbiter.tournaments.rules.board_results import ONLINE_BOARD
from arbiter.trf.team_event import PLAYED_RESULTS

RESULTS = tuple(value for value in TeamSwissBoard.Result.values if value)


def decision_checked(*, white_fielded: bool, black_fielded: bool, result: str) -> None:
    """An arbiter's result for a board: any while both teams fielded a player, else only a
    forfeit against the side that fielded nobody."""
    if white_fielded and black_fielded:
        allowed: tuple[str, ...] = RESULTS
    elif white_fielded:
        allowed = ("+-", "--")
    elif black_fielded:
        allowed = ("-+", "--")
    else:
        allowed = ("--",)
    if result not in allowed:
        message = _("A board where a team fielded nobody takes %(results)s.")
        raise InvalidInput({"result": [message % {"results": _either(allowed)}]})


def _either(results: tuple[str, ...]) -> str:
    """The results a refusal offers: "+- or --"."""
    return reduce(
        lambda first, second: _("%(first)s or %(second)s") % {"first": first, "second": second},
        results,
    )


def player_report_checked(
    *, round_playing: bool, online: bool, reporter: AnyUser, result: str
) -> None:
    """A player's report of their own board (the caller checked that they play on it): only
    while the round is played, only over the board, only a played result."""
    if not round_playing:
        raise Conflict(_("The round is over: ask an arbiter to correct a result."))
    if online:
        raise Conflict(ONLINE_BOARD)
    if result not in PLAYED_RESULTS:
        event_arbiter_required(
            team_id=None,
            user=reporter,
            # Translators: completes "Only an arbiter …".
            action=gettext("decides a forfeit"),
            wording="an arbiter",
            as_arbiter=False,  # a player's report
        )


def game_board_result(*, status: str, winner: str) -> str:
    """An online board's result from its game's end (lichess's status names): a player who
    never moved loses by forfeit (as on an individual board), else the score."""
    if status == "noStart":
        return "+-" if winner == "white" else "-+"
    return {"white": "1-0", "black": "0-1"}.get(winner, "1/2")
