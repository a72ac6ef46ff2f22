"""What the next round is built from: the event's state, pairing numbers, byes requested, and
the engine's request made of them (read under the event lock, plain data afterwards)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.common.exceptions import ApplicationError
from arbiter.pairing.request import PairingRequest
from arbiter.tournaments.models import (
    ForbiddenPairing,
    ParticipantStatus,
    RoundStatus,
    SwissByeRequest,
    SwissRound,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.pairing_input import pairing_numbers, pairing_request
from arbiter.tournaments.read.state import EventState, event_state
from arbiter.tournaments.read.teams import teammate_pairs


@dataclass(frozen=True)
class RoundPlan:
    state: EventState
    number: int
    numbers: dict[int, int]  # participant id -> pairing number
    by_number: dict[int, int]  # pairing number -> participant id
    half_byes: set[int]  # participant ids

    @property
    def active_count(self) -> int:
        """The active players to pair: a requested half-point bye sits the round out (the
        engine refuses a request with fewer than two players to pair)."""
        return sum(
            1
            for p in self.state.participants.values()
            if p.status == ParticipantStatus.ACTIVE and p.id not in self.half_byes
        )


def round_plan(*, tournament: SwissTournament) -> RoundPlan:
    """The next round's plan; refused while the event is over or its round unfinished."""
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise ApplicationError(_("This tournament is over."))
    if tournament.current_round >= tournament.num_rounds:
        raise ApplicationError(_("Every round has been played."))
    last = SwissRound.objects.filter(tournament=tournament, number=tournament.current_round).first()
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ApplicationError(
            _("Round %(round)s is not complete: every board needs a result first.")
            % {"round": last.number}
        )
    state = event_state(tournament=tournament)
    number = tournament.current_round + 1
    half_byes = set(
        SwissByeRequest.objects.filter(
            participant__tournament=tournament, round_number=number
        ).values_list("participant_id", flat=True)
    )
    if number == 1 and tournament.checkin_minutes is not None:
        # Entries that did not check in (and requested no bye) sit round 1 out
        # (services/checkin.py pauses them when it is stored); the leader's proposal sees
        # them as the engine will.
        for participant in state.participants.values():
            if participant.checked_in_at is None and participant.id not in half_byes:
                participant.status = ParticipantStatus.PAUSED
    numbers = pairing_numbers(state)
    return RoundPlan(state, number, numbers, {v: k for k, v in numbers.items()}, half_byes)


@dataclass(frozen=True)
class _Missing:
    """Who the plan's round lacks: entries, check-ins for round 1, or players to pair (with
    how many sit out for each reason)."""

    joined: int
    number: int
    checkin: bool  # round 1 of an event with check-in
    checked_in: int
    active: int
    out: dict[str, int]  # reason (English, the stored wording's) -> how many


def _missing(plan: RoundPlan) -> _Missing:
    entries = list(plan.state.participants.values())
    active = ParticipantStatus.ACTIVE
    number = plan.number
    checkin = number == 1 and plan.state.tournament.checkin_minutes is not None
    checked_in = sum(1 for p in entries if p.checked_in_at is not None and p.status == active)
    # Round 1 with check-in: the plan pauses who did not check in (round_plan above).
    absent = [p for p in entries if p.status == ParticipantStatus.PAUSED]
    unchecked = sum(1 for p in absent if checkin and p.checked_in_at is None)
    out = {
        "did not check in": unchecked,
        "paused": len(absent) - unchecked,  # withdrew, withdrawn by a leader, or a no-show
        "disqualified": sum(1 for p in entries if p.status == ParticipantStatus.DISQUALIFIED),
        "with a half-point bye": sum(
            1 for p in entries if p.status == active and p.id in plan.half_byes
        ),
    }
    return _Missing(len(entries), number, checkin, checked_in, plan.active_count, out)


def too_few_players(plan: RoundPlan, *, ended: bool = False) -> str:
    """Why fewer than two players can be paired in the plan's round, in terms of what is the
    case: nobody or one player joined, too few checked in for round 1, or the others are
    paused, disqualified or have a half-point bye, in the reader's language. `ended`: the same
    told as the reason the event ended (its `end_reason`, stored: in English)."""
    missing = _missing(plan)
    if ended:
        return _ended_reason(missing)
    joined, number = missing.joined, missing.number
    if joined < 2:
        if not joined:
            message = _("Nobody has joined yet: round %(round)s needs at least two players.")
        else:
            message = _("Only one player has joined: round %(round)s needs at least two players.")
        return message % {"round": number}
    if missing.checkin and missing.checked_in < 2:
        if not missing.checked_in:
            message = _(
                "None of the %(joined)s players has checked in for round 1; at least two must "
                "check in."
            )
        else:
            message = _(
                "Only %(checked_in)s of %(joined)s players has checked in for round 1; at least "
                "two must check in."
            )
        return message % {"joined": joined, "checked_in": missing.checked_in}
    why = ", ".join(_reason(reason, count) for reason, count in missing.out.items() if count)
    if not missing.active:
        message = (
            _(
                "None of the %(joined)s players can be paired in round %(round)s (%(why)s); at "
                "least two are needed."
            )
            if why
            else _(
                "None of the %(joined)s players can be paired in round %(round)s; at least two "
                "are needed."
            )
        )
    else:
        message = (
            _(
                "Only %(active)s of %(joined)s players can be paired in round %(round)s "
                "(%(why)s); at least two are needed."
            )
            if why
            else _(
                "Only %(active)s of %(joined)s players can be paired in round %(round)s; at "
                "least two are needed."
            )
        )
    return message % {"joined": joined, "active": missing.active, "round": number, "why": why}


def _reason(reason: str, count: int) -> str:
    """How many sit the round out for one reason, in words (the English reads the same for
    any count; other languages inflect)."""
    if reason == "did not check in":
        text = ngettext("%(count)s did not check in", "%(count)s did not check in", count)
    elif reason == "paused":
        text = ngettext("%(count)s paused", "%(count)s paused", count)
    elif reason == "disqualified":
        text = ngettext("%(count)s disqualified", "%(count)s disqualified", count)
    else:
        text = ngettext("%(count)s with a half-point bye", "%(count)s with a half-point bye", count)
    return text % {"count": count}


def _ended_reason(missing: _Missing) -> str:
    """The reason an event ended for lack of players, as stored (`end_reason`): English."""
    joined, number = missing.joined, missing.number
    if joined < 2:
        return "Nobody joined." if not joined else "Only one player joined."
    if missing.checkin and missing.checked_in < 2:
        some = (
            f"None of the {joined}"
            if not missing.checked_in
            else f"Only {missing.checked_in} of {joined}"
        )
        return f"{some} players had checked in for round 1."
    why = ", ".join(f"{count} {reason}" for reason, count in missing.out.items() if count)
    why = f" ({why})" if why else ""
    some = f"None of the {joined}" if not missing.active else f"Only {missing.active} of {joined}"
    return f"{some} players could be paired in round {number}{why}."


def own_forbidden_pairs(*, tournament: SwissTournament, state: EventState) -> set[tuple[int, int]]:
    """Participant ids of the event's own forbidden pairs (not its teammates kept apart)."""
    pairs = ForbiddenPairing.objects.filter(tournament=tournament).values_list("player1", "player2")
    return {(a, b) for a, b in pairs if a in state.participants and b in state.participants}


def round_plan_request(*, tournament: SwissTournament, plan: RoundPlan) -> PairingRequest:
    """The engine's request: everything a pairing depends on, so two equal requests mean the
    same pairing is still right."""
    return pairing_request(
        plan.state,
        round_number=plan.number,
        numbers=plan.numbers,
        half_byes=plan.half_byes,
        # Co-hosted events: the event's own pairs and, in the rounds the option covers,
        # every two teammates.
        forbidden=own_forbidden_pairs(tournament=tournament, state=plan.state)
        | teammate_pairs(tournament, plan.state.participants.values(), plan.number),
    )
