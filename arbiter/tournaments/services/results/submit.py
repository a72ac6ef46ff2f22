"""A result from the API: who submits it decides whether it is an arbiter's decision or a
player's report; an arbiter's decision is checked by the rule at once (it needs no board),
and the result goes to the group commit (`group_commit.results_commit`), which applies the
rule to the board under the event's lock."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext

from arbiter.common.exceptions import refusal_raised
from arbiter.teams.permissions import event_arbiter_required
from arbiter.teams.read import team_id_is_leader
from arbiter.tournaments.models import SubmissionStatus, SwissPairing
from arbiter.tournaments.read.selectors import pairing_result_get
from arbiter.tournaments.rules.board_results import Side, decision_checked
from arbiter.tournaments.services.results.group_commit import BoardResult, results_commit
from arbiter.users.models import User


def result_submit(
    *, pairing: SwissPairing, user: User, result: str, no_show: Side | None = None
) -> SwissPairing:
    """A leader's decision or a report by a player of the board (if the opponent already
    reported a different one, the board is marked disputed and left to the arbiter). Returns
    the board as it was written, with its rating changes; raises the refusal."""
    as_leader = team_id_is_leader(team_id=pairing.round.tournament.team_id, user=user)
    if no_show:
        event_arbiter_required(
            team_id=pairing.round.tournament.team_id,
            user=user,
            # Translators: completes "Only an arbiter …".
            action=gettext("records no-shows"),
            wording="an arbiter",
            as_arbiter=as_leader,
        )
    if as_leader:
        decision_checked(result=result, no_show=no_show)
    [outcome] = results_commit(
        tournament_id=pairing.round.tournament_id,
        user=user,
        as_leader=as_leader,
        results=[BoardResult(pairing=pairing, result=result, no_show=no_show)],
    )
    if outcome.status == SubmissionStatus.REFUSED:
        raise refusal_raised(outcome.refusal or {})
    return pairing_result_get(pairing_id=pairing.id)


def results_submit(*, decisions: Sequence[tuple[SwissPairing, str]], user: User) -> None:
    """Results of several boards of one event by one user at once (a round's sheet typed in,
    the demo's rounds): committed together, so the standings are recomputed once, not once
    per board. Raises the first refusal; the others are applied as each would be alone."""
    if not decisions:
        return
    tournament = decisions[0][0].round.tournament
    if any(pairing.round.tournament_id != tournament.id for pairing, _ in decisions):
        raise ValueError("results_submit takes the boards of one event")
    outcomes = results_commit(
        tournament_id=tournament.id,
        user=user,
        as_leader=team_id_is_leader(team_id=tournament.team_id, user=user),
        results=[BoardResult(pairing=pairing, result=result) for pairing, result in decisions],
    )
    refused = [o for o in outcomes if o.status == SubmissionStatus.REFUSED]
    if refused:
        raise refusal_raised(refused[0].refusal or {})
