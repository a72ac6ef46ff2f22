"""Disqualifying a player (fair play): an arbiter's decision with a reason, final in the event.

The player is never paired again (the pairing input counts them absent, like a paused player),
cannot rejoin, and takes no prize. Their unfinished board of the current round is lost by
forfeit. With the event's `disqualification_games = forfeit`, every past game of theirs becomes
a forfeit too (docs/swiss.md, "Disqualification"): the board results are rewritten as a
leader's decisions, so ratings, standings, tie-breaks and the live push follow the way they
follow any corrected result.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    DisqualificationGames,
    GameResult,
    ParticipantStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.entry_lookup import entry_of_event
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.results.apply import BOARD_RELATIONS, BoardWrites
from arbiter.tournaments.services.standings import standings_version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PLAYED = {GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW}


def forfeit_result(*, result: str, disqualified_is_white: bool, past_forfeit: bool) -> str:
    """The board's result once its player is disqualified (unchanged where nothing moves).

    An unfinished board is the opponent's forfeit win. With `past_forfeit`, a played game is
    too, and a forfeit win of the disqualified player (the opponent did not come) becomes a
    double forfeit: the absent opponent earned no point then and earns none now. Forfeit
    losses and double forfeits already are what they would become."""
    opponent_wins = (
        GameResult.BLACK_WINS_FORFEIT if disqualified_is_white else GameResult.WHITE_WINS_FORFEIT
    )
    if result == GameResult.PENDING:
        return opponent_wins
    if not past_forfeit:
        return result
    if result in PLAYED:
        return opponent_wins
    own_forfeit_win = (
        GameResult.WHITE_WINS_FORFEIT if disqualified_is_white else GameResult.BLACK_WINS_FORFEIT
    )
    if result == own_forfeit_win:
        return GameResult.DOUBLE_FORFEIT
    return result


@transaction.atomic
def entry_disqualify(
    *, tournament: SwissTournament, user: User, entry_id: int, reason: str
) -> SwissParticipant:
    """A leader disqualifies an entry (with or without a user) of a started event, or of a
    finished one (a fair-play ruling after the end: the same rewrite, ratings and standings
    follow as for any corrected result)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("disqualify players"),
    )
    tournament = tournament_lock(tournament=tournament)
    if tournament.status == TournamentStatus.SCHEDULED:
        raise ApplicationError(
            _("The event has not started: withdraw the entry instead of disqualifying it.")
        )
    if tournament.status == TournamentStatus.CANCELLED:
        raise ApplicationError(_("This tournament was cancelled."))
    reason = reason.strip()
    if not reason:
        raise ApplicationError(
            _("A disqualification needs a reason."),
            extra={"fields": {"reason": [_("This field may not be blank.")]}},
        )
    entry = entry_of_event(tournament=tournament, entry_id=entry_id, locked=True, with_user=True)
    if entry.status == ParticipantStatus.DISQUALIFIED:
        raise ApplicationError(
            _("%(name)s is already disqualified.") % {"name": entry.display_name}
        )
    was = entry.status  # active, or paused (a withdrawn player may be disqualified too)
    entry.status = ParticipantStatus.DISQUALIFIED
    entry.disqualification_reason = reason
    entry.disqualified_at = timezone.now()
    entry.full_clean(validate_constraints=False)
    entry.save(update_fields=["status", "disqualification_reason", "disqualified_at"])

    past_forfeit = tournament.disqualification_games == DisqualificationGames.FORFEIT
    boards = (
        SwissPairing.objects.select_related(*BOARD_RELATIONS)
        .filter(round__tournament=tournament)
        .filter(Q(white=entry) | Q(black=entry))
        .order_by("round__number")
    )
    writes = BoardWrites(tournament)
    unfinished: list[int] = []
    rewritten: list[tuple[str, str, str]] = []  # (round and board, before, after)
    for board in boards:
        board.round.tournament = tournament
        new = forfeit_result(
            result=board.result,
            disqualified_is_white=board.white_id == entry.id,
            past_forfeit=past_forfeit,
        )
        if new == board.result:
            continue
        if board.result == GameResult.PENDING:
            unfinished.append(board.id)
        rewritten.append((f"round {board.round.number} board {board.board}", board.result, new))
        writes.store(board, new, user)
    writes.finish()  # ratings, standings, tie-breaks and the live push of the boards written
    if not writes.written:  # only the status changed: the standings show it struck through
        standings_version_bump(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    effects.board_games_abort(tournament_id=tournament.id, pairing_ids=unfinished)
    if tournament.status == TournamentStatus.FINISHED and tournament.prizes.exists():
        # A ruling after the end: the winners are final ones, so the table is pushed again
        # (the player takes no prize, and forfeits may have moved the places).
        effects.prizes_push(tournament_id=tournament.id)
    audit_record(
        tournament=tournament,
        actor=user,
        action="player.disqualified",
        subject=entry.display_name,
        before={"status": was, "boards": {where: old for where, old, _ in rewritten}},
        after={
            "status": entry.status,
            "reason": reason,
            "games": tournament.disqualification_games,
            "boards": {where: new for where, _, new in rewritten},
        },
    )
    logger.info(
        "tournament %s: %s disqualified by %s (%s, %s boards rewritten): %s",
        tournament.id,
        entry.display_name,
        user,
        tournament.disqualification_games,
        len(writes.written),
        reason,
    )
    return entry
