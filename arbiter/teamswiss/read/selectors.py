"""Reads of events, teams, rounds and boards (no writes)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from arbiter.games.models import Game, GameStatus
from arbiter.ratings.entry_rules import EntryRule, entry_rules_checked
from arbiter.ratings.read import user_rating
from arbiter.ratings.speeds import Speed, speed_for_clock
from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissLineup,
    TeamSwissMatch,
    TeamSwissPlayer,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.users.models import User

# A squad line's rating is the classical one, the rating a player has over the board (docs/
# team-swiss.md, "Squads and consent"); an online event's games keep it too (they are unrated).
SQUAD_RATING_SPEED = Speed.CLASSICAL


def account_name(user: User) -> str:
    """A squad line's name when it is an account's: the username, as everywhere an account
    plays (the server keeps no other name of its users)."""
    return user.username


def account_rating(user: User) -> int:
    """A squad line's rating when it is an account's: the user's own, as an individual entry
    takes it (never a captain's)."""
    return user_rating(user_id=user.pk, speed=SQUAD_RATING_SPEED)


def event_speed(event: TeamSwissEvent) -> str:
    """The event's speed, which its minimum of rated games counts at: its clock's (as an
    individual event's), or classical when it gives none (an over-the-board event's rate of
    play, the squad ratings' speed)."""
    if not event.clock_minutes:
        return SQUAD_RATING_SPEED.value
    return speed_for_clock(event.clock_minutes * 60, event.clock_increment).value


def event_entry_rules(event: TeamSwissEvent) -> list[EntryRule]:
    """The fair-play rules the event sets, worded as the checks that refuse them (shown before
    a team registers; checked for nobody here, the page is every reader's)."""
    return entry_rules_checked(
        min_account_age_days=event.min_account_age_days,
        min_rated_games=event.min_rated_games,
        speed=event_speed(event),
        user=None,
    )


def event_get(*, event_id: int) -> TeamSwissEvent | None:
    return TeamSwissEvent.objects.select_related("host", "created_by").filter(id=event_id).first()


def event_row_get(*, event_id: int) -> TeamSwissEvent | None:
    """The event's own row (a socket's hello): nothing joined."""
    return TeamSwissEvent.objects.filter(id=event_id).first()


def event_version(*, event_id: int) -> int | None:
    """The event's read version (docs/live.md, "Reads"); None: no such event."""
    return TeamSwissEvent.objects.filter(id=event_id).values_list("version", flat=True).first()


def event_list(
    *,
    host_slug: str | None = None,
    club_slug: str | None = None,
    statuses: Sequence[str] = (),
) -> QuerySet[TeamSwissEvent]:
    """Newest first, with `team_count` and `current_round`. `club_slug`: the events that club
    hosts or plays in; a squad is not tied to a club, its captain is, so "plays in" means a
    registered team whose captain is one of the club's members (docs/team-swiss.md).
    `statuses`: only events in one of these."""
    events = TeamSwissEvent.objects.select_related("host", "created_by")
    if host_slug:
        events = events.filter(host__slug=host_slug)
    if club_slug:
        captained = TeamSwissTeam.objects.filter(
            captain__team_memberships__team__slug=club_slug
        ).values("event_id")
        events = events.filter(Q(host__slug=club_slug) | Q(id__in=captained))
    if statuses:
        events = events.filter(status__in=statuses)
    # Counted in subqueries: a join of teams and rounds would count teams x rounds rows.
    return events.annotate(
        team_count=_count_of(TeamSwissTeam), round_count=_count_of(TeamSwissRound)
    ).order_by("-created_at", "-id")


def _count_of(model: type[TeamSwissTeam] | type[TeamSwissRound]) -> Coalesce:
    rows = model.objects.filter(event=OuterRef("pk")).order_by().values("event")
    # No rows, no group: the subquery is NULL, and an event without teams has 0 of them.
    counted = Subquery(rows.annotate(n=Count("id")).values("n"), output_field=IntegerField())
    return Coalesce(counted, 0)


def team_get(*, event: TeamSwissEvent, tpn: int) -> TeamSwissTeam | None:
    return TeamSwissTeam.objects.filter(event=event, tpn=tpn).first()


def team_list(*, event: TeamSwissEvent) -> list[TeamSwissTeam]:
    """The teams by pairing number, each with its squad (`squad`, in order) and captain."""
    teams = list(
        TeamSwissTeam.objects.filter(event=event).select_related("captain").order_by("tpn")
    )
    by_team: dict[int, list[TeamSwissPlayer]] = {team.id: [] for team in teams}
    for player in (
        TeamSwissPlayer.objects.filter(event=event)
        .select_related("user", "invited")
        .order_by("order")
    ):
        by_team[player.team_id].append(player)
    for team in teams:
        team.squad = by_team[team.id]  # type: ignore[attr-defined]
    return teams


def squad_of(*, team: TeamSwissTeam) -> list[TeamSwissPlayer]:
    return list(team.players.select_related("user", "invited").order_by("order"))


def invitations_of(*, user: User) -> QuerySet[TeamSwissPlayer]:
    """The squad lines inviting `user` in events not finished, oldest event first."""
    return (
        TeamSwissPlayer.objects.filter(invited=user)
        .exclude(event__status=TeamSwissEvent.Status.FINISHED)
        .select_related("event", "team", "team__captain", "invited_by")
        .order_by("event__created_at", "event_id", "team__tpn", "order")
    )


def invitation_get(*, event: TeamSwissEvent, player_id: int) -> TeamSwissPlayer | None:
    """A squad line of the event inviting an account, or None."""
    return (
        TeamSwissPlayer.objects.select_related("team", "invited")
        .filter(event=event, id=player_id, invited__isnull=False)
        .first()
    )


def round_get(*, event: TeamSwissEvent, number: int) -> TeamSwissRound | None:
    return TeamSwissRound.objects.filter(event=event, number=number).first()


def round_last(*, event: TeamSwissEvent) -> TeamSwissRound | None:
    return TeamSwissRound.objects.filter(event=event).order_by("-number").first()


def round_matches(*, rnd: TeamSwissRound) -> list[TeamSwissMatch]:
    """The round's matches by table, each with its boards (`board_list`) and their players."""
    matches = list(rnd.matches.select_related("white", "black").order_by("table"))
    by_match: dict[int, list[TeamSwissBoard]] = {m.id: [] for m in matches}
    for board in (
        TeamSwissBoard.objects.filter(match__round=rnd)
        .select_related("white_player__user", "white_player__team")
        .select_related("black_player__user", "black_player__team")
        .annotate(game_ref=F("game__id"))
        .order_by("board")
    ):
        by_match[board.match_id].append(board)
    for match in matches:
        match.board_list = by_match[match.id]  # type: ignore[attr-defined]
    return matches


def match_boards(*, match: TeamSwissMatch) -> list[TeamSwissBoard]:
    """The match's boards in order with their players and, online, their game's id
    (`game_ref`)."""
    return list(
        match.boards.select_related(
            "white_player__user", "white_player__team", "black_player__user", "black_player__team"
        )
        .annotate(game_ref=F("game__id"))
        .order_by("board")
    )


def round_games_started(*, event_id: int, number: int) -> list[Game]:
    """The round's games still running, oldest first, with their users and the board's
    players (`team_board.white_player.rating`): what their start announces (one query)."""
    return list(
        Game.objects.filter(
            team_board__match__round__event_id=event_id,
            team_board__match__round__number=number,
            status=GameStatus.STARTED,
        )
        .select_related("white", "black", "team_board__white_player", "team_board__black_player")
        .order_by("id")
    )


def match_get(*, rnd: TeamSwissRound, table: int) -> TeamSwissMatch | None:
    return rnd.matches.select_related("white", "black").filter(table=table).first()


def board_get(*, match: TeamSwissMatch, board: int) -> TeamSwissBoard | None:
    return (
        TeamSwissBoard.objects.select_related("white_player", "black_player")
        .filter(match=match, board=board)
        .first()
    )


def lineup_get(*, rnd: TeamSwissRound, team: TeamSwissTeam) -> TeamSwissLineup | None:
    return (
        TeamSwissLineup.objects.select_related("submitted_by").filter(round=rnd, team=team).first()
    )


def lineup_tpns(*, rnd: TeamSwissRound) -> list[int]:
    """The pairing numbers of the teams that submitted a line-up for the round."""
    return sorted(rnd.lineups.values_list("team__tpn", flat=True))


def rounds_due(*, now: datetime) -> list[tuple[int, int]]:
    """(event id, round number) of rounds whose line-ups are due to close."""
    return list(
        TeamSwissRound.objects.filter(
            status=TeamSwissRound.Status.LINEUPS, lineups_close_at__lte=now
        ).values_list("event_id", "number")
    )
