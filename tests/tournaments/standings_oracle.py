"""The standings of an event computed afresh from its whole state (`event_state`, four
queries, every cell): what the stored standings, kept up by the light path after each result,
must equal."""

from __future__ import annotations

from arbiter.tiebreaks import Standing
from arbiter.tournaments.read.state import EventState
from arbiter.tournaments.services.standings import standings_rank


def standings_afresh(state: EventState) -> list[Standing]:
    byes: dict[int, list[tuple[int, str]]] = {number: [] for number in state.pairings}
    for pid, cells in state.sheets.items():
        for number, cell in cells.items():
            if cell.opponent is None:
                byes[number].append((pid, cell.code))
    ratings = {p.id: p.rating for p in state.participants.values()}
    return standings_rank(
        tournament=state.tournament, ratings=ratings, pairings=state.pairings, byes=byes
    )[0]
