"""Standings: computed by arbiter.tiebreaks from the event state, stored on the participants."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import F

from arbiter.common.bulk import rows_update
from arbiter.tiebreaks import Game, Player, Standing, rank
from arbiter.tournaments.models import DEFAULT_TIEBREAKS, SwissParticipant, SwissTournament
from arbiter.tournaments.results import board_game, bye_game
from arbiter.tournaments.state import EventState, event_state


def tiebreak_games(state: EventState) -> list[list[Game]]:
    """Games per round for the tiebreak library. Boards without a result are left out, so
    during a round the standings are provisional; once the round completes they are exact."""
    rounds: list[list[Game]] = []
    for rnd in state.rounds:
        games: list[Game] = []
        for board in state.pairings[rnd.number]:
            game = board_game(str(board.white_id), str(board.black_id), board.result)
            if game is not None:
                games.append(game)
        for pid, cells in state.sheets.items():
            cell = cells.get(rnd.number)
            if cell is not None and cell.opponent is None:
                games.append(bye_game(str(pid), cell.code))
        rounds.append(games)
    return rounds


def standings_version_bump(*, tournament: SwissTournament) -> None:
    """The standings rows changed without a recomputation (an entry came, left, paused or came
    back): a new version, so the live push sends them and a reconnecting client sees that it
    missed something."""
    SwissTournament.objects.filter(id=tournament.id).update(
        standings_version=F("standings_version") + 1
    )


def standings_compute(state: EventState) -> list[Standing]:
    tournament = state.tournament
    players = [Player(str(p.id), p.rating) for p in state.participants.values()]
    order = list(tournament.tiebreak_order or DEFAULT_TIEBREAKS)
    return rank(tiebreak_games(state), players, order, regulations=tournament.regulations)


def standings_store(*, tournament: SwissTournament, state: EventState | None = None) -> None:
    """Recompute and store points, ranks and tiebreak values (call inside the write's
    transaction so standings never lag behind results)."""
    state = state or event_state(tournament=tournament)
    standings = standings_compute(state)
    counts: dict[int, int] = {}
    for s in standings:
        counts[s.rank] = counts.get(s.rank, 0) + 1
    changed: list[SwissParticipant] = []
    for s in standings:
        participant = state.participants[int(s.player_id)]
        values = {code: (None if v is None else str(v)) for code, v in s.values.items()}
        new = (Decimal(s.points), s.rank, s.rank + counts[s.rank] - 1, values)
        old = (participant.points, participant.rank, participant.rank_last, participant.tiebreaks)
        if new != old:
            participant.points, participant.rank, participant.rank_last, participant.tiebreaks = new
            changed.append(participant)
    rows_update(changed, ["points", "rank", "rank_last", "tiebreaks"])
    SwissTournament.objects.filter(id=tournament.id).update(
        standings_version=F("standings_version") + 1
    )
