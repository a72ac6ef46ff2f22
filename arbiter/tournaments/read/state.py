"""The whole state of one event read in four queries, as plain data (and a lighter variant
for the standings, recomputed after every result).

Standings, pairing requests and the TRF export are all computed from this, so they can never
disagree about who played whom.
"""

from __future__ import annotations

from collections.abc import Iterable
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
from arbiter.tournaments.rules.result_codes import CODE_POINTS, TRF_CODES


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
    "team_id",
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
    "checked_in_at",
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
    pairings = _boards(tournament, number_of)
    sheets: dict[int, dict[int, Cell]] = {pid: {} for pid in participants}
    for number, boards in pairings.items():
        for board in boards:
            white_code, black_code = TRF_CODES[board.result]
            sheets[board.white_id][number] = Cell(board.black_id, "w", white_code)
            sheets[board.black_id][number] = Cell(board.white_id, "b", black_code)
    for participant_id, round_id, kind in _byes(tournament):
        sheets[participant_id][number_of[round_id]] = Cell(None, None, kind)
    return EventState(tournament, participants, rounds, pairings, sheets)


class StandingsRow(NamedTuple):
    """A participant as the standings need it: what they are computed from and what they
    replace. Plain tuples, not model instances with their user: standings are recomputed
    under the event's lock after every group of results, so this read is on the hot path."""

    id: int
    rating: int
    points: Decimal
    rank: int | None
    rank_last: int | None
    tiebreaks: dict[str, str | None]


@dataclass(slots=True)
class StandingsState:
    """The part of the event state the standings are computed from, read in four queries."""

    participants: dict[int, StandingsRow]
    pairings: dict[int, list[BoardRow]]  # round number -> boards, every round in number order
    byes: dict[int, list[tuple[int, str]]]  # round number -> (participant id, TRF bye code)


def standings_state(*, tournament: SwissTournament) -> StandingsState:
    rows = SwissParticipant.objects.filter(tournament=tournament).values_list(*StandingsRow._fields)
    participants = {row[0]: StandingsRow._make(row) for row in rows}
    rounds = SwissRound.objects.filter(tournament=tournament).order_by("number")
    number_of = dict(rounds.values_list("id", "number"))
    byes: dict[int, list[tuple[int, str]]] = {number: [] for number in number_of.values()}
    for participant_id, round_id, kind in _byes(tournament):
        byes[number_of[round_id]].append((participant_id, kind))
    return StandingsState(participants, _boards(tournament, number_of), byes)


def _boards(tournament: SwissTournament, number_of: dict[int, int]) -> dict[int, list[BoardRow]]:
    """Round number -> boards in board order, for every round of `number_of` (id -> number)."""
    pairings: dict[int, list[BoardRow]] = {number: [] for number in number_of.values()}
    boards = SwissPairing.objects.filter(round__tournament=tournament).order_by("board")
    for round_id, board_id, white, black, result in boards.values_list(
        "round_id", "id", "white_id", "black_id", "result"
    ):
        pairings[number_of[round_id]].append(BoardRow(board_id, white, black, result))
    return pairings


def _byes(tournament: SwissTournament) -> Iterable[tuple[int, int, str]]:
    """(participant id, round id, TRF code) of every round entry without a board."""
    entries = SwissRoundEntry.objects.filter(round__tournament=tournament)
    return entries.exclude(kind=EntryKind.GAME).values_list("participant_id", "round_id", "kind")
