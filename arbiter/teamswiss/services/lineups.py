"""Line-ups: a captain submits the players of boards 1..N while the round takes line-ups;
closing them (the arbiter, or the tick when `lineups_close_at` is due) creates the boards."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput
from arbiter.teams.permissions import captain_or_leader_required, team_leader_required
from arbiter.teams.read import AnyUser
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissLineup,
    TeamSwissPlayer,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.services.completion import match_points_set, round_complete_if_done
from arbiter.teamswiss.services.locking import event_locked, version_bump
from arbiter.teamswiss.services.online import board_games_create
from arbiter.teamswiss.services.permissions import lineup_access_required
from arbiter.trf.team_event import board_colour
from arbiter.users.models import User


def _round_taking_lineups(event: TeamSwissEvent, number: int) -> TeamSwissRound:
    rnd = selectors.round_get(event=event, number=number)
    if rnd is None:
        raise Conflict(_("Round %(number)s has not been paired.") % {"number": number})
    if rnd.status != TeamSwissRound.Status.LINEUPS:
        raise Conflict(_("The line-ups of round %(number)s have closed.") % {"number": number})
    return rnd


def lineup_problems(*, boards: int, squad: list[int], players: list[int | None]) -> list[str]:
    """What is wrong with a line-up (`players`: squad player ids for boards 1..N, None for an
    empty board) given the squad's ids in order; empty if nothing."""
    if len(players) != boards:
        # The English singular keeps the wording the API always gave ("1 entries").
        message = ngettext(
            "Give exactly %(count)s entries, one per board (null: nobody on that board).",
            "Give exactly %(count)s entries, one per board (null: nobody on that board).",
            boards,
        )
        return [message % {"count": boards}]
    problems = []
    position = {player_id: index for index, player_id in enumerate(squad)}
    seen: set[int] = set()
    last = -1
    empty_from: int | None = None
    for board, player_id in enumerate(players, 1):
        if player_id is None:
            empty_from = empty_from or board
            continue
        if empty_from is not None:
            problems.append(
                _("Board %(board)s: empty boards must be the last ones (board %(empty)s is empty).")
                % {"board": board, "empty": empty_from}
            )
        if player_id not in position:
            problems.append(
                _("Board %(board)s: player %(player)s is not in the squad.")
                % {"board": board, "player": player_id}
            )
            continue
        if player_id in seen:
            problems.append(
                _("Board %(board)s: this player is on another board already.") % {"board": board}
            )
            continue
        if position[player_id] < last:
            problems.append(
                _(
                    "Board %(board)s: the line-up keeps the squad's order; this player is listed "
                    "in the squad above the one on the board before."
                )
                % {"board": board}
            )
        seen.add(player_id)
        last = position[player_id]
    return problems


@transaction.atomic
def lineup_submit(
    *, team: TeamSwissTeam, number: int, user: User, players: list[int | None]
) -> TeamSwissLineup:
    # Translators: completes "Only the team's captain or the event's arbiters can …".
    lineup_access_required(team=team, user=user, action=gettext("submit its line-up"))
    event = event_locked(event=team.event)
    rnd = _round_taking_lineups(event, number)
    match = rnd.matches.filter(white=team).first() or rnd.matches.filter(black=team).first()
    if match is None:
        raise ApplicationError(
            _("%(team)s is not paired in round %(number)s.") % {"team": team.name, "number": number}
        )
    if match.black_id is None:
        raise ApplicationError(
            _("%(team)s has the bye in round %(number)s: no line-up.")
            % {"team": team.name, "number": number}
        )
    squad = list(team.players.order_by("order").values_list("id", flat=True))
    problems = lineup_problems(boards=event.boards, squad=squad, players=players)
    if problems:
        raise InvalidInput({"players": problems})
    lineup, _created = TeamSwissLineup.objects.update_or_create(
        round=rnd, team=team, defaults={"players": players, "submitted_by": user}
    )
    effects.lineup_submitted(event_id=event.id, number=number, tpn=team.tpn)
    return lineup


def lineup_read(
    *, team: TeamSwissTeam, rnd: TeamSwissRound, user: AnyUser
) -> TeamSwissLineup | None:
    """The team's submitted line-up, to its captain or an arbiter (others see the boards
    once the line-ups close: a host leader with a team of their own too, until then); None
    if nothing was submitted."""
    if rnd.status == TeamSwissRound.Status.LINEUPS:
        # Translators: completes "Only the team's captain or the event's arbiters can …".
        lineup_access_required(team=team, user=user, action=gettext("see its line-up"))
    else:
        captain_or_leader_required(
            captain_id=team.captain_id,
            host_id=team.event.host_id,
            user=user,
            # Translators: completes "Only the team's captain or the event's arbiters can …".
            action=gettext("see its line-up"),
        )
    return selectors.lineup_get(rnd=rnd, team=team)


def _lineup_or_default(
    team_id: int, lineups: dict[int, list[int | None]], squads: dict[int, list[int]], boards: int
) -> list[int | None]:
    if team_id in lineups:
        return lineups[team_id]
    first: list[int | None] = list(squads.get(team_id, [])[:boards])
    return first + [None] * (boards - len(first))


def _forfeit(white: int | None, black: int | None) -> str:
    if white is None and black is None:
        return "--"
    if white is None:
        return "-+"
    if black is None:
        return "+-"
    return ""


@transaction.atomic
def lineups_close(*, event: TeamSwissEvent, number: int, user: User | None) -> TeamSwissRound:
    """Close the line-ups (`user` None: the schedule). A team without a line-up plays its
    first N squad players; a board where a team fielded nobody is decided as a forfeit; an
    online event's other boards become games."""
    if user is not None:
        # Translators: completes "Only the team's leaders can …".
        team_leader_required(team_id=event.host_id, user=user, action=gettext("close the line-ups"))
    event = event_locked(event=event)
    rnd = _round_taking_lineups(event, number)
    matches = list(rnd.matches.all().order_by("table"))
    lineups = {lu.team_id: lu.players for lu in rnd.lineups.all()}
    squads: dict[int, list[int]] = {}
    for team_id, player_id in (
        TeamSwissPlayer.objects.filter(event=event)
        .order_by("team_id", "order")
        .values_list("team_id", "id")
    ):
        squads.setdefault(team_id, []).append(player_id)
    boards = []
    for match in matches:
        if match.black_id is None:
            continue
        first = _lineup_or_default(match.white_id, lineups, squads, event.boards)
        second = _lineup_or_default(match.black_id, lineups, squads, event.boards)
        for board in range(1, event.boards + 1):
            ours, theirs = first[board - 1], second[board - 1]
            white, black = (ours, theirs) if board_colour(board) == "w" else (theirs, ours)
            boards.append(
                TeamSwissBoard(
                    match=match,
                    board=board,
                    white_player_id=white,
                    black_player_id=black,
                    result=_forfeit(white, black),
                )
            )
    TeamSwissBoard.objects.bulk_create(boards)
    board_games_create(event=event, number=number, boards=boards)
    rnd.status = TeamSwissRound.Status.PLAYING
    rnd.lineups_close_at = min(rnd.lineups_close_at or timezone.now(), timezone.now())
    rnd.save(update_fields=["status", "lineups_close_at"])
    for match in matches:
        if match.black_id is not None and any(b.match_id == match.id and b.result for b in boards):
            match_points_set(event=event, match=match)
    round_complete_if_done(event=event, rnd=rnd)
    version_bump(event=event)
    return rnd


def lineups_close_due(*, event_id: int, number: int) -> bool:
    """The tick's call: close the round's line-ups if they are still open and due. Idempotent."""
    event = TeamSwissEvent.objects.filter(id=event_id).first()
    if event is None:
        return False
    rnd = selectors.round_get(event=event, number=number)
    if rnd is None or rnd.status != TeamSwissRound.Status.LINEUPS:
        return False
    if rnd.lineups_close_at is None or rnd.lineups_close_at > timezone.now():
        return False
    try:
        lineups_close(event=event, number=number, user=None)
    except Conflict:  # closed meanwhile by the arbiter
        return False
    return True
