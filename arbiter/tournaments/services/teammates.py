""" "Teammates do not meet", checked before it is stored: the pairing engine pairs the next
round with the options a leader is about to set, and its answer is shown (nothing written)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, InvalidInput
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.read.teams import teammates_apply
from arbiter.tournaments.services.pairing import engine_answer
from arbiter.tournaments.services.round_plan import (
    round_plan,
    round_plan_request,
    too_few_players,
)
from arbiter.tournaments.services.teammates_apart import teammates_refusal
from arbiter.users.models import User


@dataclass(frozen=True)
class TeammatesCheck:
    round: int | None  # the round checked; None when no round can be paired now
    applies: bool  # the option holds in that round
    pairable: bool | None  # None: not checked (no round to pair now, or the option is off)
    message: str
    boards: list[dict[str, str]]  # {"white": name, "black": name}: the engine's pairing
    bye: str | None


def _with_options(
    tournament: SwissTournament, teammates_do_not_meet: bool, teammates_rounds: int | None
) -> SwissTournament:
    event = copy.copy(tournament)
    event.teammates_do_not_meet = teammates_do_not_meet
    event.teammates_rounds = teammates_rounds
    return event


def teammates_check(
    *,
    tournament: SwissTournament,
    user: User,
    teammates_do_not_meet: bool,
    teammates_rounds: int | None,
) -> TeammatesCheck:
    """The engine's pairing of the next round under these options, stored nowhere. Between
    rounds only (a round being played has no next round to pair yet)."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("check the pairing"))
    event = _with_options(tournament, teammates_do_not_meet, teammates_rounds)
    try:
        with transaction.atomic():
            plan = round_plan(tournament=event)
            request = round_plan_request(tournament=event, plan=plan)
    except ApplicationError as exc:
        message = _("Nothing to check now: %(reason)s") % {"reason": exc.message}
        return TeammatesCheck(None, False, None, message, [], None)
    applies = teammates_apply(event, plan.number)
    if not applies:
        message = _("Teammates may meet in round %(round)s: nothing to check.") % {
            "round": plan.number
        }
        return TeammatesCheck(plan.number, False, None, message, [], None)
    if plan.active_count < 2:
        message = _("Nothing to check yet. %(reason)s") % {"reason": too_few_players(plan)}
        return TeammatesCheck(plan.number, True, None, message, [], None)
    answer = engine_answer(
        tournament=event, request=request
    )  # no lock held: the engine may take seconds
    if isinstance(answer, str):
        refusal = teammates_refusal(tournament=event, plan=plan, engine_answer=answer)
        return TeammatesCheck(plan.number, True, False, refusal, [], None)
    names = {n: plan.state.participants[pid].display_name for pid, n in plan.numbers.items()}
    return TeammatesCheck(
        round=plan.number,
        applies=True,
        pairable=True,
        message=_("Round %(round)s can be paired with teammates kept apart.")
        % {"round": plan.number},
        boards=[{"white": names[b.white], "black": names[b.black]} for b in answer.boards],
        bye=names[answer.bye] if answer.bye is not None else None,
    )


def teammates_options_checked(
    *, tournament: SwissTournament, user: User, data: dict[str, object]
) -> None:
    """Before an edit that switches the option on or changes its rounds is stored: refused
    (400, on `teammates_do_not_meet`) when the engine finds no pairing of the next round."""
    if "teammates_do_not_meet" not in data and "teammates_rounds" not in data:
        return
    on = bool(data.get("teammates_do_not_meet", tournament.teammates_do_not_meet))
    rounds = data.get("teammates_rounds", tournament.teammates_rounds)
    assert rounds is None or isinstance(rounds, int)
    if not on or (on, rounds) == (tournament.teammates_do_not_meet, tournament.teammates_rounds):
        return
    check = teammates_check(
        tournament=tournament, user=user, teammates_do_not_meet=on, teammates_rounds=rounds
    )
    if check.pairable is False:
        raise InvalidInput({"teammates_do_not_meet": [check.message]})
