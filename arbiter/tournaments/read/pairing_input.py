"""Translate an event's state into the pairing engine's request (plain data both ways)."""

from __future__ import annotations

from arbiter.pairing.request import PairingRequest, PlayerEntry, RoundRecord
from arbiter.tournaments.models import ParticipantStatus
from arbiter.tournaments.read.state import EventState


def pairing_numbers(state: EventState) -> dict[int, int]:
    """participant id -> pairing number for the round about to be paired."""
    return {p.id: n for n, p in enumerate(state.pairing_order(), start=1)}


def pairing_request(
    state: EventState,
    *,
    round_number: int,
    numbers: dict[int, int],
    half_byes: set[int],
    forbidden: set[tuple[int, int]],
) -> PairingRequest:
    """`half_byes` and `forbidden` are participant ids; the request speaks pairing numbers."""
    tournament = state.tournament
    players = []
    for pid, participant in state.participants.items():
        history = []
        for n in range(1, round_number):
            cell = state.sheets[pid].get(n)
            if cell is None:  # joined during round n: their entries start later
                history.append(RoundRecord(None, None, "Z"))
            elif cell.opponent is None:
                history.append(RoundRecord(None, None, cell.code))
            else:
                history.append(RoundRecord(numbers[cell.opponent], cell.colour, cell.code))
        players.append(
            PlayerEntry(
                number=numbers[pid],
                name=participant.display_name,
                rating=participant.rating,
                history=tuple(history),
                entry_round=participant.joined_after_round + 1,
            )
        )
    absent = {
        numbers[pid]
        for pid, p in state.participants.items()
        if p.status != ParticipantStatus.ACTIVE  # paused or disqualified
    }
    byes = {numbers[pid] for pid in half_byes} - absent
    pairs = {tuple(sorted((numbers[a], numbers[b]))) for a, b in forbidden}
    return PairingRequest(
        players=tuple(sorted(players, key=lambda p: p.number)),
        round=round_number,
        total_rounds=tournament.num_rounds,
        initial_colour=tournament.initial_colour,
        absent=frozenset(absent),
        half_point_byes=frozenset(byes),
        forbidden_pairs=frozenset((a, b) for a, b in pairs),
        acceleration=tournament.accelerated,
    )
