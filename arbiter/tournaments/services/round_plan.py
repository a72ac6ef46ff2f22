"""What the next round is built from: the event's state, pairing numbers, byes requested, and
the engine's request made of them (read under the event lock, plain data afterwards)."""

from __future__ import annotations

from dataclasses import dataclass

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
        raise ApplicationError("This tournament is over.")
    if tournament.current_round >= tournament.num_rounds:
        raise ApplicationError("Every round has been played.")
    last = SwissRound.objects.filter(tournament=tournament, number=tournament.current_round).first()
    if last is not None and last.status != RoundStatus.COMPLETE:
        raise ApplicationError(
            f"Round {last.number} is not complete: every board needs a result first."
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


def too_few_players(plan: RoundPlan, *, ended: bool = False) -> str:
    """Why fewer than two players can be paired in the plan's round, in terms of what is the
    case: nobody or one player joined, too few checked in for round 1, or the others are
    paused, disqualified or have a half-point bye. `ended`: the same told as the reason the
    event ended (its `end_reason`)."""
    entries = list(plan.state.participants.values())
    joined, number = len(entries), plan.number
    if joined < 2:
        if ended:
            return "Nobody joined." if not joined else "Only one player joined."
        who = "Nobody has joined yet" if not joined else "Only one player has joined"
        return f"{who}: round {number} needs at least two players."
    active = ParticipantStatus.ACTIVE
    checkin = number == 1 and plan.state.tournament.checkin_minutes is not None
    checked_in = sum(1 for p in entries if p.checked_in_at is not None and p.status == active)
    if checkin and checked_in < 2:
        some = f"None of the {joined}" if not checked_in else f"Only {checked_in} of {joined}"
        if ended:
            return f"{some} players had checked in for round 1."
        return f"{some} players has checked in for round 1; at least two must check in."
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
    why = ", ".join(f"{count} {reason}" for reason, count in out.items() if count)
    why = f" ({why})" if why else ""
    some = (
        f"None of the {joined}"
        if not plan.active_count
        else f"Only {plan.active_count} of {joined}"
    )
    if ended:
        return f"{some} players could be paired in round {number}{why}."
    return f"{some} players can be paired in round {number}{why}; at least two are needed."


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
