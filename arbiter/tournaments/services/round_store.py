"""Writing a paired round: boards in order, pairing numbers, every player's entry (caller
holds the event lock)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.utils import timezone

from arbiter.common.bulk import rows_update
from arbiter.games.services.creation import Seat, games_create
from arbiter.pairing.request import Board
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    EntryKind,
    EventMode,
    ParticipantStatus,
    RoundStatus,
    SwissPairing,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.round_plan import RoundPlan
from arbiter.tournaments.services.standings import standings_store

logger = logging.getLogger(__name__)


def _board_order(plan: RoundPlan, boards: Sequence[Board]) -> list[Board]:
    """Higher score of the pair first, then the sum of scores, then the better pairing number."""

    def key(board: Board) -> tuple[object, ...]:
        w, b = plan.by_number[board.white], plan.by_number[board.black]
        sw = plan.state.points(w, before_round=plan.number)
        sb = plan.state.points(b, before_round=plan.number)
        return (-max(sw, sb), -(sw + sb), min(board.white, board.black))

    return sorted(boards, key=key)


def _entries(
    rnd: SwissRound, plan: RoundPlan, pairings: list[SwissPairing], bye: int | None
) -> list[SwissRoundEntry]:
    """One entry per player: a board, the pairing bye, a requested half-point bye, or zero."""
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
    for pid, participant in plan.state.participants.items():
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
    return entries


def round_store(
    *,
    tournament: SwissTournament,
    plan: RoundPlan,
    boards: Sequence[Board],
    bye: int | None,
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
    rows_update(list(participants.values()), ["pairing_number"])
    pairings = SwissPairing.objects.bulk_create(
        SwissPairing(
            round=rnd,
            board=i,
            white_id=plan.by_number[board.white],
            black_id=plan.by_number[board.black],
        )
        for i, board in enumerate(_board_order(plan, boards), start=1)
    )
    SwissRoundEntry.objects.bulk_create(_entries(rnd, plan, pairings, bye))
    if tournament.mode == EventMode.ONLINE:  # every board is a game on the server
        games_create(
            seats=[
                Seat(p.id, participants[p.white_id].user_id, participants[p.black_id].user_id)
                for p in pairings
            ],
            time_control=tournament.time_control,
            first_move_seconds=tournament.no_show_seconds,
        )
    tournament.current_round = plan.number
    tournament.status = TournamentStatus.RUNNING
    tournament.next_round_at = None
    tournament.save(update_fields=["current_round", "status", "next_round_at"])
    standings_store(tournament=tournament)
    effects.round_start_push(tournament_id=tournament.id, number=plan.number)
    logger.info(
        "tournament %s: round %s paired by %s (%s boards, bye %s)",
        tournament.id,
        plan.number,
        engine,
        len(pairings),
        bye,
    )
    return rnd
