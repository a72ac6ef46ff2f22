"""Standings: computed by arbiter.tiebreaks from the event state, stored on the participants."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.db import connection
from django.db.models import F, Subquery

from arbiter.common.bulk import rows_update
from arbiter.tiebreaks import Player, Standing, TiebreakGame, rank
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    DEFAULT_TIEBREAKS,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
)
from arbiter.tournaments.read.state import BoardRow, standings_state
from arbiter.tournaments.rules.result_codes import CODE_POINTS, TRF_CODES, board_game, bye_game
from arbiter.tournaments.services.locking import read_version_bump


def tiebreak_games(
    *, pairings: dict[int, list[BoardRow]], byes: dict[int, list[tuple[int, str]]]
) -> list[list[TiebreakGame]]:
    """Games per round (round number order) for the tiebreak library. A board without a result
    is left out (a player without a game in a round would be absent there): callers pass only
    complete rounds when they want tie-breaks (`complete_rounds`)."""
    rounds: list[list[TiebreakGame]] = []
    for number, boards in pairings.items():
        games: list[TiebreakGame] = []
        for board in boards:
            game = board_game(str(board.white_id), str(board.black_id), board.result)
            if game is not None:
                games.append(game)
        games.extend(bye_game(str(pid), code) for pid, code in byes[number])
        rounds.append(games)
    return rounds


def complete_rounds(pairings: dict[int, list[BoardRow]]) -> int:
    """How many rounds, from the first, have a result on every board: the tie-breaks are
    computed after the last of them (docs/tiebreaks.md, "A round in progress")."""
    complete = 0
    for boards in pairings.values():
        if any(board.result == "" for board in boards):
            break
        complete += 1
    return complete


def _all_points(
    pairings: dict[int, list[BoardRow]], byes: dict[int, list[tuple[int, str]]]
) -> dict[str, Decimal]:
    """Every participant's score from every result so far, the current round's included."""
    points: dict[str, Decimal] = {}
    for number, boards in pairings.items():
        for board in boards:
            if board.result:
                white_code, black_code = TRF_CODES[board.result]
                for pid, code in ((board.white_id, white_code), (board.black_id, black_code)):
                    key = str(pid)
                    points[key] = points.get(key, Decimal(0)) + CODE_POINTS[code]
        for pid, code in byes[number]:
            key = str(pid)
            points[key] = points.get(key, Decimal(0)) + CODE_POINTS[code]
    return points


def standings_version_bump(*, tournament: SwissTournament) -> None:
    """The standings rows changed without a recomputation (an entry came, left, paused or came
    back): a new version, so the live push sends them and a reconnecting client sees that it
    missed something."""
    SwissTournament.objects.filter(id=tournament.id).update(
        standings_version=F("standings_version") + 1
    )
    read_version_bump(tournament_id=tournament.id)


def standings_rank(
    *,
    tournament: SwissTournament,
    ratings: dict[int, int],
    pairings: dict[int, list[BoardRow]],
    byes: dict[int, list[tuple[int, str]]],
    order: Sequence[str] | None = None,
) -> tuple[list[Standing], int]:
    """The standings and the round their tie-breaks are after. Points count every result;
    while a round is in progress the tie-breaks (and the order among equal points) are those
    after the last complete round, so pairing a round or a partial round changes no tie-break.
    `order`: these tie-breaks instead of the event's."""
    players = [Player(str(pid), rating) for pid, rating in ratings.items()]
    order = list(order or tournament.tiebreak_order or DEFAULT_TIEBREAKS)
    complete = complete_rounds(pairings)
    games = tiebreak_games(pairings=pairings, byes=byes)
    if complete == len(games):
        return rank(games, players, order, regulations=tournament.regulations), complete
    points = _all_points(pairings, byes)
    regulations = tournament.regulations
    return rank(games[:complete], players, order, regulations=regulations, points=points), complete


def tiebreak_values(
    *, tournament: SwissTournament, codes: Sequence[str]
) -> dict[int, dict[str, Decimal | None]]:
    """Participant id -> the value of each tie-break of `codes`, whether the event ranks by
    them or not (lichess's results show Sonneborn-Berger and the performance), computed as
    the stored ones are; nothing is written."""
    state = standings_state(tournament=tournament)
    ratings = {pid: row.rating for pid, row in state.participants.items()}
    standings, _ = standings_rank(
        tournament=tournament,
        ratings=ratings,
        pairings=state.pairings,
        byes=state.byes,
        order=codes,
    )
    return {int(s.player_id): dict(s.values) for s in standings}


def standings_store(*, tournament: SwissTournament, boards_written: Sequence[int] = ()) -> None:
    """Recompute and store points, ranks and tiebreak values (call inside the write's
    transaction so standings never lag behind results), and bump the standings version.
    `boards_written`: boards whose result was just written, stamped with the new version (the
    live push sends the boards stamped since its last push)."""
    state = standings_state(tournament=tournament)
    ratings = {pid: row.rating for pid, row in state.participants.items()}
    standings, after_round = standings_rank(
        tournament=tournament, ratings=ratings, pairings=state.pairings, byes=state.byes
    )
    counts: dict[int, int] = {}
    for s in standings:
        counts[s.rank] = counts.get(s.rank, 0) + 1
    changed: list[SwissParticipant] = []
    for s in standings:
        pid = int(s.player_id)
        row = state.participants[pid]
        values = {code: (None if v is None else str(v)) for code, v in s.values.items()}
        new = (Decimal(s.points), s.rank, s.rank + counts[s.rank] - 1, values)
        if new != (row.points, row.rank, row.rank_last, row.tiebreaks):
            # An unsaved instance carrying only the written fields: rows_update reads just them.
            points, rank_first, rank_last, tiebreaks = new
            changed.append(
                SwissParticipant(
                    id=pid,
                    points=points,
                    rank=rank_first,
                    rank_last=rank_last,
                    tiebreaks=tiebreaks,
                )
            )
    rows_update(changed, ["points", "rank", "rank_last", "tiebreaks"])
    _version_bump(tournament.id, list(boards_written), after_round)
    tournament.tiebreaks_after_round = after_round


def _version_bump(tournament_id: int, boards_written: list[int], after_round: int) -> None:
    """The version + 1 (and the round the tie-breaks are after) and the boards stamped with
    it, in one statement on PostgreSQL: the results holder's round trips are how long every
    other result waits for its turn."""
    if boards_written and connection.vendor == "postgresql":
        quote = connection.ops.quote_name
        event_table = quote(SwissTournament._meta.db_table)
        board_table = quote(SwissPairing._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"WITH bumped AS (UPDATE {event_table} SET standings_version = "
                f"standings_version + 1, version = version + 1, tiebreaks_after_round = %s "
                f"WHERE id = %s RETURNING standings_version, version), "
                f"stamped AS (UPDATE {board_table} SET result_version = "
                f"(SELECT standings_version FROM bumped) WHERE id = ANY(%s)) "
                f"SELECT version FROM bumped",
                [after_round, tournament_id, boards_written],
            )
            (version,) = cursor.fetchone()
        effects.read_version_published(tournament_id=tournament_id, version=version)
        return
    read_version_bump(tournament_id=tournament_id)
    events = SwissTournament.objects.filter(id=tournament_id)
    events.update(standings_version=F("standings_version") + 1, tiebreaks_after_round=after_round)
    if boards_written:
        SwissPairing.objects.filter(id__in=boards_written).update(
            result_version=Subquery(events.values("standings_version"))
        )
