"""Pairing rounds (engine or manual), completing them and finishing the event."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, ServiceUnavailable
from arbiter.pairing import errors as pairing_errors
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.round_pairing import pair_round
from arbiter.pairing.validation import validate_pairing
from arbiter.tournaments import push
from arbiter.tournaments.bulk_write import participants_bulk_write
from arbiter.tournaments.models import (
    EntryKind,
    ForbiddenPairing,
    ParticipantStatus,
    RoundStatus,
    SwissByeRequest,
    SwissPairing,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.pairing_input import pairing_numbers, pairing_request
from arbiter.tournaments.services.permissions import leader_required
from arbiter.tournaments.services.standings import standings_store
from arbiter.tournaments.services.tournament import tournament_finish, tournament_lock
from arbiter.tournaments.state import EventState, event_state
from arbiter.users.models import User

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RoundPlan:
    """What the next round would be built from."""

    state: EventState
    number: int
    numbers: dict[int, int]  # participant id -> pairing number
    by_number: dict[int, int]  # pairing number -> participant id
    half_byes: set[int]  # participant ids


def _plan_next_round(tournament: SwissTournament) -> RoundPlan:
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
    numbers = pairing_numbers(state)
    half_byes = set(
        SwissByeRequest.objects.filter(
            participant__tournament=tournament, round_number=number
        ).values_list("participant_id", flat=True)
    )
    return RoundPlan(state, number, numbers, {v: k for k, v in numbers.items()}, half_byes)


def _forbidden(tournament: SwissTournament, state: EventState) -> set[tuple[int, int]]:
    by_user = {p.user_id: pid for pid, p in state.participants.items()}
    pairs = ForbiddenPairing.objects.filter(tournament=tournament).values_list("player1", "player2")
    return {(by_user[a], by_user[b]) for a, b in pairs if a in by_user and b in by_user}


def _pairing_request(tournament: SwissTournament, plan: RoundPlan) -> PairingRequest:
    return pairing_request(
        plan.state,
        round_number=plan.number,
        numbers=plan.numbers,
        half_byes=plan.half_byes,
        forbidden=_forbidden(tournament, plan.state),
    )


def _board_order(plan: RoundPlan, boards: Sequence[Board]) -> list[Board]:
    """Higher score of the pair first, then the sum of scores, then the better pairing number."""

    def key(board: Board) -> tuple[object, ...]:
        w, b = plan.by_number[board.white], plan.by_number[board.black]
        sw = plan.state.points(w, before_round=plan.number)
        sb = plan.state.points(b, before_round=plan.number)
        return (-max(sw, sb), -(sw + sb), min(board.white, board.black))

    return sorted(boards, key=key)


def _store_round(
    tournament: SwissTournament,
    plan: RoundPlan,
    boards: Sequence[Board],
    bye: int | None,
    *,
    engine: str,
    manual: bool,
) -> SwissRound:
    rnd = SwissRound.objects.create(
        tournament=tournament,
        number=plan.number,
        status=RoundStatus.PLAYING,
        started_at=timezone.now(),
        engine=engine,
        manual=manual,
    )
    participants = plan.state.participants
    for pid, number in plan.numbers.items():
        participants[pid].pairing_number = number
    # Pairing numbers are renumbered every round: clear first so the unique index never
    # sees two players on one number mid-update.
    tournament.participants.update(pairing_number=None)
    participants_bulk_write(list(participants.values()), ["pairing_number"])
    pairings = SwissPairing.objects.bulk_create(
        SwissPairing(
            round=rnd,
            board=i,
            white_id=plan.by_number[board.white],
            black_id=plan.by_number[board.black],
        )
        for i, board in enumerate(_board_order(plan, boards), start=1)
    )
    entries = []
    seated: set[int] = set()
    for pairing in pairings:
        for pid in (pairing.white_id, pairing.black_id):
            entries.append(
                SwissRoundEntry(round=rnd, participant_id=pid, kind=EntryKind.GAME, pairing=pairing)
            )
            seated.add(pid)
    if bye is not None:
        entries.append(
            SwissRoundEntry(
                round=rnd, participant_id=plan.by_number[bye], kind=EntryKind.PAIRING_BYE
            )
        )
        seated.add(plan.by_number[bye])
    for pid, participant in participants.items():
        if pid in seated:
            continue
        half = pid in plan.half_byes and participant.status == ParticipantStatus.ACTIVE
        entries.append(
            SwissRoundEntry(
                round=rnd,
                participant_id=pid,
                kind=EntryKind.HALF_BYE if half else EntryKind.ZERO_BYE,
            )
        )
    SwissRoundEntry.objects.bulk_create(entries)
    tournament.current_round = plan.number
    tournament.status = TournamentStatus.RUNNING
    tournament.next_round_at = None
    tournament.save(update_fields=["current_round", "status", "next_round_at"])
    standings_store(tournament=tournament)
    event_id, number = tournament.id, plan.number
    transaction.on_commit(lambda: push.round_start_push(tournament_id=event_id, number=number))
    transaction.on_commit(lambda: push.live_push_request(tournament_id=event_id))
    logger.info(
        "tournament %s: round %s paired by %s (%s boards, bye %s)",
        tournament.id,
        plan.number,
        engine,
        len(pairings),
        bye,
    )
    return rnd


def _active_count(state: EventState) -> int:
    return sum(1 for p in state.participants.values() if p.status == ParticipantStatus.ACTIVE)


@transaction.atomic
def round_pair_next(*, tournament: SwissTournament) -> SwissRound | None:
    """Pair the next round with the engine. Idempotent under concurrency: the event row lock
    serialises callers, and a caller that finds the round already paired gets it back.

    Returns None when the event ended instead (too few players, no valid pairing)."""
    tournament = tournament_lock(tournament=tournament)
    plan = _plan_next_round(tournament)
    if _active_count(plan.state) < 2:
        tournament_finish(tournament=tournament, reason="Fewer than two active players remain.")
        return None
    request = _pairing_request(tournament, plan)
    try:
        result = pair_round(request)
    except (pairing_errors.PairingEngineError, pairing_errors.EngineAnswerInvalid) as exc:
        # Nothing is stored: the transaction rolls back and the round stays retriable.
        logger.error("tournament %s: pairing round %s failed: %s", tournament.id, plan.number, exc)
        raise ServiceUnavailable(f"The pairing engine failed; try again. ({exc})") from exc
    except pairing_errors.NoValidPairing:
        tournament_finish(
            tournament=tournament,
            reason="No valid pairing exists: all possible pairings were played.",
        )
        return None
    return _store_round(
        tournament, plan, result.boards, result.bye, engine=result.engine, manual=False
    )


@transaction.atomic
def round_start_now(*, tournament: SwissTournament, user: User) -> SwissRound | None:
    leader_required(team=tournament.team, user=user, action="start a round")
    return round_pair_next(tournament=tournament)


@transaction.atomic
def round_pair_manually(
    *,
    tournament: SwissTournament,
    user: User,
    boards: Sequence[tuple[int, int]],
    bye: int | None,
) -> SwissRound:
    """A leader's pairing for the next round, or a replacement for the current round while no
    board has a result. `boards` and `bye` are user ids. Checked by the same validator as
    engine answers (no rematch, no forbidden pair, colour limits, one pairing bye)."""
    tournament = tournament_lock(tournament=tournament)
    leader_required(team=tournament.team, user=user, action="pair rounds manually")
    current = SwissRound.objects.filter(
        tournament=tournament, number=tournament.current_round
    ).first()
    if current is not None and current.status != RoundStatus.COMPLETE:
        if SwissPairing.objects.filter(round=current).exclude(result="").exists():
            raise ApplicationError("Round results are already being recorded: too late to re-pair.")
        current.delete()
        tournament.current_round -= 1
        tournament.save(update_fields=["current_round"])
    plan = _plan_next_round(tournament)
    by_user = {p.user_id: plan.numbers[pid] for pid, p in plan.state.participants.items()}
    named = {u for pair in boards for u in pair} | ({bye} if bye else set())
    unknown = sorted(named - by_user.keys())
    if unknown:
        raise ApplicationError(
            "Some players are not in this tournament.",
            extra={"fields": {"boards": [f"unknown user ids: {unknown}"]}},
        )
    engine_boards = tuple(Board(by_user[w], by_user[b]) for w, b in boards)
    bye_number = by_user[bye] if bye else None
    request = _pairing_request(tournament, plan)
    try:
        validate_pairing(request, engine_boards, bye_number)
    except pairing_errors.InvalidPairing as exc:
        raise ApplicationError(
            "This pairing breaks the rules.", extra={"fields": {"boards": list(exc.violations)}}
        ) from exc
    return _store_round(tournament, plan, engine_boards, bye_number, engine="manual", manual=True)


def round_complete_if_done(*, tournament: SwissTournament, rnd: SwissRound) -> bool:
    """Complete the round once every board has a result (caller holds the event lock)."""
    if rnd.status == RoundStatus.COMPLETE:
        return True
    if SwissPairing.objects.filter(round=rnd, result="").exists():
        return False
    rnd.status = RoundStatus.COMPLETE
    rnd.completed_at = timezone.now()
    rnd.save(update_fields=["status", "completed_at"])
    logger.info("tournament %s: round %s complete", tournament.id, rnd.number)
    finished = round_finish_if_done(tournament=tournament)
    if not finished and tournament.round_interval_seconds is not None:
        tournament.next_round_at = rnd.completed_at + timedelta(
            seconds=tournament.round_interval_seconds
        )
        tournament.save(update_fields=["next_round_at"])
        from arbiter.tournaments.services.schedule import _eta_nudge

        event_id, at = tournament.id, tournament.next_round_at
        transaction.on_commit(lambda: _eta_nudge(event_id, at))
    return True


def round_finish_if_done(*, tournament: SwissTournament) -> bool:
    """Finish the event after its last round (caller holds the event lock)."""
    if (
        tournament.status != TournamentStatus.RUNNING
        or tournament.current_round < tournament.num_rounds
    ):
        return False
    last = SwissRound.objects.filter(tournament=tournament, number=tournament.current_round).first()
    if last is None or last.status != RoundStatus.COMPLETE:
        return False
    tournament_finish(tournament=tournament, reason="All rounds have been played.")
    return True
