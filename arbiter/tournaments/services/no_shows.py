"""No-shows: a ban ladder per team, reset by a game played over the board."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import NoShowRecord, SwissTournament
from arbiter.tournaments.read.selectors import no_show_bans_active
from arbiter.tournaments.services.audit import audit_record
from arbiter.users.models import User

FIRST_BAN = timedelta(hours=24)
LONGEST_BAN = timedelta(days=30)


def ban_active_until(*, tournament: SwissTournament, user: User) -> datetime | None:
    record = NoShowRecord.objects.filter(team_id=tournament.team_id, user=user).first()
    if record and record.banned_until and record.banned_until > timezone.now():
        return record.banned_until
    return None


def no_show_ban(*, tournament: SwissTournament, user: User) -> NoShowRecord:
    """Ban ladder: 24 h; a repeat doubles the last ban (×1.5 if it is still running), at most
    30 days. Caller holds the transaction."""
    now = timezone.now()
    record, _ = NoShowRecord.objects.select_for_update().get_or_create(
        team_id=tournament.team_id, user=user
    )
    last = timedelta(seconds=record.ban_seconds)
    if not record.ban_seconds:
        length = FIRST_BAN
    elif record.banned_until and record.banned_until > now:
        length = last * 1.5
    else:
        length = last * 2
    length = min(length, LONGEST_BAN)
    record.ban_seconds = int(length.total_seconds())
    record.banned_until = now + length
    record.save()
    return record


def no_show_clear(*, tournament: SwissTournament, user_ids: list[int]) -> None:
    """A normally played game resets the ladder (a ban already running still runs out)."""
    NoShowRecord.objects.filter(team_id=tournament.team_id, user_id__in=user_ids).update(
        ban_seconds=0
    )


def no_show_bans_list(*, tournament: SwissTournament, leader: User) -> QuerySet[NoShowRecord]:
    """The hosting team's players whose no-show ban still runs (leaders only)."""
    team_leader_required(team_id=tournament.team_id, user=leader, action="see the no-show bans")
    return no_show_bans_active(tournament=tournament)


@transaction.atomic
def no_show_ban_lift(*, tournament: SwissTournament, leader: User, user: User) -> None:
    team_leader_required(team_id=tournament.team_id, user=leader, action="lift bans")
    updated = NoShowRecord.objects.filter(team_id=tournament.team_id, user=user).update(
        banned_until=None, ban_seconds=0
    )
    if not updated:
        raise ApplicationError(f"{user.username} has no no-show record in this team.")
    audit_record(tournament=tournament, actor=leader, action="ban.lifted", subject=user.username)
    # The player learns it on their own socket: they may join or rejoin again.
    effects.users_notify(
        tournament_id=tournament.id,
        user_ids=[user.id],
        event="ban_lifted",
        payload={"tournament": tournament.id, "team": tournament.team.slug},
    )
