"""The whole state of one event read in four queries, as plain data.

Standings, pairing requests and the TRF export are all computed from this, so they can never
disagree about who played whom.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from arbiter.tournaments.models import (
    EntryKind,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
)
from arbiter.tournaments.results import CODE_POINTS, TRF_CODES


class Cell(NamedTuple):
    """One player's round: opponent participant id (None if unpaired), colour, TRF code.

    A NamedTuple, not a dataclass: a large event builds tens of thousands of these per result.
    """

    opponent: int | None
    colour: str | None  # "w", "b" or None
    code: str  # TRF result code: 1 0 = + - U H Z, or " " while the game has no result


class BoardRow(NamedTuple):
    id: int
    white_id: int
    black_id: int
    result: str


@dataclass(slots=True)
class EventState:
    tournament: SwissTournament
    participants: dict[int, SwissParticipant]
    rounds: list[SwissRound]
    pairings: dict[int, list[BoardRow]]  # round number -> boards in board order
    # participant id -> round number -> cell
    sheets: dict[int, dict[int, Cell]] = field(default_factory=dict)

    def points(self, participant_id: int, *, before_round: int | None = None) -> Decimal:
        cells = self.sheets.get(participant_id, {})
        return sum(
            (
                CODE_POINTS[c.code]
                for n, c in cells.items()
                if before_round is None or n < before_round
            ),
            Decimal(0),
        )

    def pairing_order(self) -> list[SwissParticipant]:
        """Pairing numbers: an imported event's start numbers first (the file's order), then
        rating (frozen at entry) descending, then username (case-folded)."""
        return sorted(
            self.participants.values(),
            key=lambda p: (
                p.start_number is None,
                p.start_number or 0,
                -p.rating,
                p.display_name.casefold(),
                p.id,
            ),
        )


PARTICIPANT_FIELDS = (
    "id",
    "tournament_id",
    "user_id",
    "user__username",
    "name",
    "fide_id",
    "federation",
    "title",
    "birth_year",
    "sex",
    "start_number",
    "rating",
    "pairing_number",
    "status",
    "joined_after_round",
    "points",
    "rank",
    "rank_last",
    "tiebreaks",
)


def event_state(*, tournament: SwissTournament) -> EventState:
    people = (
        SwissParticipant.objects.filter(tournament=tournament)
        .select_related("user")
        .only(*PARTICIPANT_FIELDS)
    )
    participants = {p.id: p for p in people}
    rounds = list(SwissRound.objects.filter(tournament=tournament).order_by("number"))
    number_of = {r.id: r.number for r in rounds}
    pairings: dict[int, list[BoardRow]] = {r.number: [] for r in rounds}
    boards_qs = SwissPairing.objects.filter(round__tournament=tournament).order_by("board")
    for round_id, board_id, white, black, result in boards_qs.values_list(
        "round_id", "id", "white_id", "black_id", "result"
    ):
        pairings[number_of[round_id]].append(BoardRow(board_id, white, black, result))

    sheets: dict[int, dict[int, Cell]] = {pid: {} for pid in participants}
    for number, boards in pairings.items():
        for board in boards:
            white_code, black_code = TRF_CODES[board.result]
            sheets[board.white_id][number] = Cell(board.black_id, "w", white_code)
            sheets[board.black_id][number] = Cell(board.white_id, "b", black_code)
    byes = SwissRoundEntry.objects.filter(round__tournament=tournament).exclude(kind=EntryKind.GAME)
    for participant_id, round_id, kind in byes.values_list("participant_id", "round_id", "kind"):
        sheets[participant_id][number_of[round_id]] = Cell(None, None, kind)
    return EventState(tournament, participants, rounds, pairings, sheets)
