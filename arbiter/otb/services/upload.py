"""A round's games from a PGN file (an electronic board's export, a club's typed-in file),
uploaded by one of the event's leaders: each game matched to its board (`rules.matching`),
the matched games saved as one arbiter's entry would be (`services.entry`), and a report of
every game of the file and of the boards left without a game."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import Conflict, InvalidInput, NotFound
from arbiter.otb.live.payloads import player_name
from arbiter.otb.read import selectors
from arbiter.otb.rules.matching import BoardPlayers, GameNames, MatchStatus, Person, board_match
from arbiter.otb.rules.notation import ONGOING, NotationError, pgn_game_read, pgn_split
from arbiter.otb.rules.outcomes import ResultEntry
from arbiter.otb.services.entry import (
    GameEntry,
    ResultOutcome,
    game_entry_of,
    otb_games_save,
)
from arbiter.teams.permissions import event_arbiter_required
from arbiter.tournaments.models import (
    EventMode,
    GameResult,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
)
from arbiter.users.models import User

# A file of every round of a big event still fits; a file past it is not a round's.
MAX_GAMES = 2000
# Boards that need no game: nobody played (a forfeit, a double forfeit).
NOT_PLAYED = (
    GameResult.WHITE_WINS_FORFEIT,
    GameResult.BLACK_WINS_FORFEIT,
    GameResult.DOUBLE_FORFEIT,
)


@dataclass
class GameReport:
    """What became of one game of the file. `status`: saved, disputed (saved, and the board
    disputed), or why it was not saved: a `MatchStatus`, duplicate, empty, illegal_move,
    unreadable."""

    index: int
    white: str
    black: str
    round_tag: str
    board: int | None
    status: str
    message: str
    result: str | None = None
    result_entry: ResultOutcome | None = None


@dataclass
class UploadReport:
    round: int
    games: list[GameReport] = field(default_factory=list)
    boards_without_game: list[int] = field(default_factory=list)

    @property
    def saved(self) -> int:
        return sum(1 for game in self.games if game.status in ("saved", "disputed"))


def _person(entry: SwissParticipant) -> Person:
    names = [player_name(entry)]
    if entry.user is not None and entry.user.username not in names:
        names.append(entry.user.username)
    return Person(tuple(names), entry.fide_id)


def round_pgn_upload(
    *, tournament: SwissTournament, number: int, user: User, text: str
) -> UploadReport:
    """Match and save the games of round `number` that `text` holds."""
    event_arbiter_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the event's leaders …".
        action=gettext("upload a round's games"),
        wording="leaders",
    )
    if tournament.mode != EventMode.OTB:
        raise Conflict(_("This event is played online: its games are the server's."))
    boards = list(selectors.boards_of(tournament=tournament, number=number))
    if not boards:
        raise NotFound(_("Round %(number)s has not been paired.") % {"number": number})
    split = pgn_split(text)
    if not split:
        raise InvalidInput({"pgn": [_("No game found in the PGN text.")]})
    if len(split) > MAX_GAMES:
        raise InvalidInput(
            {"pgn": [_("The file holds more than %(count)s games.") % {"count": MAX_GAMES}]}
        )
    players = [BoardPlayers(b.board, _person(b.white), _person(b.black)) for b in boards]
    by_number = {board.board: board for board in boards}
    report = UploadReport(round=number)
    to_save: list[tuple[SwissPairing, GameEntry]] = []
    reports_of: dict[int, GameReport] = {}  # board -> the report of the game saved there
    for pgn in split:
        tags = pgn.tags
        names = GameNames(
            white=tags.get("White", ""),
            black=tags.get("Black", ""),
            white_fide_id=tags.get("WhiteFideId", ""),
            black_fide_id=tags.get("BlackFideId", ""),
            round_tag=tags.get("Round", ""),
            board_tag=tags.get("Board", ""),
        )
        match = board_match(number, players, names)
        line = GameReport(
            pgn.index, names.white, names.black, names.round_tag, match.board, "", match.message
        )
        report.games.append(line)
        if match.status != MatchStatus.MATCHED or match.board is None:
            line.status = str(match.status)
            continue
        if match.board in reports_of:
            line.status = "duplicate"
            line.message = _(
                "Board %(board)s has game %(game)s of this file already; this one is left out."
            ) % {"board": match.board, "game": reports_of[match.board].index}
            continue
        try:
            entry = game_entry_of(pgn_game_read(pgn), result=None, field="pgn")
        except NotationError as exc:
            line.status = "illegal_move" if exc.ply is not None else "unreadable"
            line.message = _("Board %(board)s: %(message)s") % {
                "board": match.board,
                "message": exc.message,
            }
            continue
        except InvalidInput as exc:  # the result contradicts the final position
            line.status = "unreadable"
            fields = exc.extra.get("fields") or {}
            first = next((messages[0] for messages in fields.values() if messages), exc.message)
            line.message = _("Board %(board)s: %(message)s") % {
                "board": match.board,
                "message": first,
            }
            continue
        if not entry.game.ucis and entry.result == ONGOING:
            line.status = "empty"
            line.message = _("Board %(board)s: no moves and no result, nothing to save.") % {
                "board": match.board
            }
            continue
        line.result = entry.result
        reports_of[match.board] = line
        to_save.append((by_number[match.board], entry))
    if to_save:
        saved = otb_games_save(tournament=tournament, user=user, items=to_save, as_leader=True)
        for game in saved:
            line = reports_of[game.board.board]
            disputed = game.result.status == ResultEntry.DISPUTED
            line.status = "disputed" if disputed else "saved"
            line.result_entry = game.result
    played = selectors.boards_of(tournament=tournament, number=number).exclude(
        result__in=NOT_PLAYED
    )
    report.boards_without_game = list(
        played.filter(otb_game__isnull=True).values_list("board", flat=True)
    )
    return report
