"""Saving over-the-board games: one board's game typed in (by an arbiter or a player of the
board), or the matched games of a round's PGN file (services/upload.py), through one path.

A game's result reaches the board through the event's result path, never around it
(`tournaments.services.results`): an arbiter's game is an arbiter's decision, a player's
game that player's report, which the opponent then confirms or disputes as any report.
When the game's result differs from the board's:
- a player's game is a report like any other: it disputes the opponent's report in the round
  being played, and is refused where a report would be (an arbiter's decision, a completed
  round, the player's own earlier report), the game still saved;
- an arbiter's game marks the board disputed (the dispute's own writes: the result cleared,
  the reports kept, the standings and ratings as after any dispute) in the round being
  played, so the arbiter decides it in the dispute queue; a result of a completed round
  stands (clearing it would leave the next round unpairable) and the answer says so.
docs/otb-games.md has the rules and why."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.api import text_problem
from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput
from arbiter.otb.models import KEPT_TAGS, TAG_VALUE_MAX, OtbGame
from arbiter.otb.read import selectors
from arbiter.otb.rules.notation import (
    ONGOING,
    NotationError,
    ReadGame,
    pgn_read,
    result_settled,
    sans_read,
)
from arbiter.otb.rules.outcomes import ResultEntry
from arbiter.teams.permissions import board_player_or_arbiter_required
from arbiter.teams.read import team_id_is_leader
from arbiter.tournaments.models import (
    EventMode,
    RoundStatus,
    SwissPairing,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.results.apply import BoardWrites, board_subject, boards_read
from arbiter.tournaments.services.results.submit import result_submit, results_submit
from arbiter.users.models import User

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEntry:
    """A game as a request brings it, read and checked: its moves, its result (settled
    against the last position), the tags kept and when it began (if the PGN says)."""

    game: ReadGame
    result: str
    tags: dict[str, str]
    started_at: datetime | None


def _pgn_start(tags: dict[str, str]) -> datetime | None:
    """When the game began, from its UTCDate and UTCTime tags; None if they do not say."""
    try:
        moment = datetime.strptime(
            f"{tags.get('UTCDate', '')} {tags.get('UTCTime', '')}", "%Y.%m.%d %H:%M:%S"
        )
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC)


def _kept_tags(tags: dict[str, str]) -> dict[str, str]:
    """The tags a game keeps (KEPT_TAGS), each one line of visible text within its length."""
    return {
        name: value.strip()
        for name, value in tags.items()
        if name in KEPT_TAGS
        and value.strip()
        and len(value) <= TAG_VALUE_MAX
        and text_problem(value, multiline=False) is None
    }


def game_entry_read(*, moves: list[str] | None, pgn: str | None, result: str | None) -> GameEntry:
    """A request's game, from a SAN move list or one game's PGN text (exactly one of them);
    InvalidInput on the field that is wrong, naming the move that cannot be played."""
    if (moves is None) == (pgn is None):
        message = _("Send the game as `moves` (a SAN list) or as `pgn` (one game): one of the two.")
        raise InvalidInput({"non_field_errors": [message]})
    field = "moves" if moves is not None else "pgn"
    try:
        game = sans_read(moves) if moves is not None else pgn_read(pgn or "")
    except NotationError as exc:
        raise InvalidInput({field: [exc.message]}) from None
    return game_entry_of(game, result=result, field=field)


def game_entry_of(game: ReadGame, *, result: str | None, field: str) -> GameEntry:
    try:
        settled = result_settled(stated=result, game=game)
    except NotationError as exc:
        raise InvalidInput({"result" if result else field: [exc.message]}) from None
    return GameEntry(game, settled, _kept_tags(game.tags), _pgn_start(game.tags))


# --- The result, through the event's result path -----------------------------------------


@dataclass(frozen=True)
class ResultOutcome:
    status: ResultEntry
    message: str


@dataclass(frozen=True)
class SavedGame:
    board: SwissPairing
    game: OtbGame
    result: ResultOutcome


def _round_open(tournament: SwissTournament, board: SwissPairing) -> bool:
    """The board's round is the one being played (as the report rule reads it): the only
    round whose results may be cleared for a dispute."""
    rnd = board.round
    return (
        tournament.status == TournamentStatus.RUNNING
        and rnd.status != RoundStatus.COMPLETE
        and rnd.number == tournament.current_round
    )


def _player_result(board: SwissPairing, user: User, result: str) -> ResultOutcome:
    """A player's game's result as that player's report."""
    before = board.result
    own = board.white_report if user.id == board.white.user_id else board.black_report
    try:
        after = result_submit(pairing=board, user=user, result=result)
    except ApplicationError as exc:
        return ResultOutcome(
            ResultEntry.REFUSED,
            _("The game is saved; its result is not the board's: %(message)s")
            % {"message": exc.message},
        )
    if after.disputed:
        return ResultOutcome(
            ResultEntry.DISPUTED,
            _(
                "Your opponent reported %(before)s, the game says "
                "%(result)s: the board is disputed and waits for the "
                "arbiter's decision."
            )
            % {"before": before, "result": result},
        )
    if not before:
        return ResultOutcome(
            ResultEntry.SET,
            _(
                "The board's result is now %(result)s, as your report: your "
                "opponent confirms or disputes it."
            )
            % {"result": result},
        )
    if own == result:
        return ResultOutcome(
            ResultEntry.UNCHANGED, _("You had already reported %(result)s.") % {"result": result}
        )
    return ResultOutcome(
        ResultEntry.CONFIRMED, _("The board's result %(result)s is confirmed.") % {"result": result}
    )


def _disputes_write(
    tournament: SwissTournament, boards: Sequence[tuple[SwissPairing, str]], user: User
) -> None:
    """Boards whose result an arbiter's game contradicts, cleared and disputed with the
    writes of a dispute (standings, ratings, push), and logged as the arbiter's change."""
    if not boards:
        return
    current = boards_read(tournament=tournament, pairing_ids={board.id for board, _ in boards})
    writes = BoardWrites(tournament)
    for board, result in boards:
        stored = current[board.id]
        audit_record(
            tournament=tournament,
            actor=user,
            action="result.corrected",
            subject=board_subject(stored),
            before={"result": stored.result, "disputed": stored.disputed},
            after={"result": "", "disputed": True, "game_result": result},
        )
        writes.store(stored, "", user, disputed=True)
    writes.finish()


def _leader_results(
    tournament: SwissTournament, items: Sequence[tuple[SwissPairing, str]], user: User
) -> dict[int, ResultOutcome]:
    """An arbiter's games' results: decisions for the boards without one (applied together,
    the standings computed once), disputes for the open boards they contradict."""
    outcomes: dict[int, ResultOutcome] = {}
    decisions, disputes = [], []
    for board, result in items:
        if not board.result:
            decisions.append((board, result))
            outcomes[board.id] = ResultOutcome(
                ResultEntry.SET, _("The board's result is now %(result)s.") % {"result": result}
            )
        elif board.result == result:
            outcomes[board.id] = ResultOutcome(
                ResultEntry.UNCHANGED,
                _("The board already has the result %(result)s.") % {"result": result},
            )
        elif _round_open(tournament, board):
            disputes.append((board, result))
            outcomes[board.id] = ResultOutcome(
                ResultEntry.DISPUTED,
                _(
                    "The board had %(board_result)s, the game says %(result)s: the "
                    "board is disputed and waits for the arbiter's decision."
                )
                % {"board_result": board.result, "result": result},
            )
        else:
            outcomes[board.id] = ResultOutcome(
                ResultEntry.KEPT,
                _(
                    "The board's result %(board_result)s stands (its round is "
                    "complete): the game says %(result)s; correct the result "
                    "with the result form if the game is right."
                )
                % {"board_result": board.result, "result": result},
            )
    results_submit(decisions=decisions, user=user)
    _disputes_write(tournament, disputes, user)
    return outcomes


# --- Saving ------------------------------------------------------------------------------


def _event_checked(tournament: SwissTournament, *, as_leader: bool) -> None:
    if tournament.mode != EventMode.OTB:
        raise Conflict(
            _("This event is played online: its games are the server's, nothing is entered.")
        )
    if tournament.status == TournamentStatus.CANCELLED:
        raise Conflict(_("This event was cancelled."))
    if not as_leader and tournament.status != TournamentStatus.RUNNING:
        raise Conflict(_("The event is not running: only its leaders enter games now."))


def _game_stored(board: SwissPairing, entry: GameEntry, user: User, as_leader: bool) -> OtbGame:
    game = selectors.otb_game_of(board)
    if not as_leader and game is not None:
        if game.by_leader:
            raise Conflict(_("The arbiter entered this game: only the arbiter changes it now."))
        if game.result != ONGOING:
            raise Conflict(_("This game is finished: ask the arbiter to correct it."))
    if game is None:
        game = OtbGame(pairing=board)
    game.moves = " ".join(entry.game.ucis)
    game.ply = len(entry.game.ucis)
    game.result = entry.result
    game.tags = entry.tags
    game.started_at = entry.started_at or game.started_at
    game.entered_by = user
    game.by_leader = as_leader
    game.entered_at = timezone.now()
    game.full_clean(exclude=["pairing", "entered_by"])
    game.save()
    return game


@transaction.atomic
def otb_games_save(
    *,
    tournament: SwissTournament,
    user: User,
    items: Sequence[tuple[SwissPairing, GameEntry]],
    as_leader: bool,
) -> list[SavedGame]:
    """Save the games of these boards of the event, then their results through the result
    path, in one transaction under the event's lock (which moves the event's read version:
    the feeds and pages show the games once it commits)."""
    locked = tournament_lock(tournament=tournament)
    _event_checked(locked, as_leader=as_leader)
    boards = {
        board.id: board
        for board in selectors.boards_of(tournament=locked).filter(
            id__in=[board.id for board, _ in items]
        )
    }
    if len(boards) != len({board.id for board, _ in items}):
        raise Conflict(_("The round was paired again meanwhile: enter the game again."))
    stored = [(boards[board.id], entry) for board, entry in items]
    games = {board.id: _game_stored(board, entry, user, as_leader) for board, entry in stored}
    finished = [(board, entry.result) for board, entry in stored if entry.result != ONGOING]
    outcomes: dict[int, ResultOutcome] = {}
    if as_leader:
        outcomes = _leader_results(locked, finished, user)
    else:
        outcomes = {board.id: _player_result(board, user, result) for board, result in finished}
    waiting = ResultOutcome(
        ResultEntry.NONE, _("The game is being entered (*): the board's result is unchanged.")
    )
    for board, _entry in stored:
        logger.info(
            "tournament %s round %s board %s: game saved by %s (%s plies)",
            locked.id,
            board.round.number,
            board.board,
            user,
            games[board.id].ply,
        )
    return [
        SavedGame(board, games[board.id], outcomes.get(board.id, waiting))
        for board, _entry in stored
    ]


def otb_game_save(*, board: SwissPairing, user: User, entry: GameEntry) -> SavedGame:
    """One board's game, entered by one of the event's leaders or a player of the board (a
    player enters their own board only)."""
    tournament = board.round.tournament
    as_leader = team_id_is_leader(team_id=tournament.team_id, user=user)
    board_player_or_arbiter_required(
        as_arbiter=as_leader,
        player_ids=(board.white.user_id, board.black.user_id),
        user=user,
        # Translators: completes "Only the players of this board (or the event's leaders) …".
        action=gettext("enter its game"),
        wording="event's leaders",
    )
    return otb_games_save(
        tournament=tournament, user=user, items=[(board, entry)], as_leader=as_leader
    )[0]
