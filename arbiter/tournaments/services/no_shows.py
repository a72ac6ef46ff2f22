"""No-shows: a ban ladder per team, reset by a game played over the board."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import NoShowRecord, SwissTournament
from arbiter.tournaments.read.selectors import no_show_bans_active
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.entry_lookup import entry_of_event
from arbiter.users.models import User

FIRST_BAN = timedelta(hours=24)
LONGEST_BAN = timedelta(days=30)


def ban_active_until(*, tournament: SwissTournament, user: User) -> datetime | None:
    record = NoShowRecord.objects.filter(team_id=tournament.team_id, user=user).first()
    if record and record.banned_until and record.banned_until > timezone.now():
        return record.banned_until
    return None


def _ban_length(record: NoShowRecord | None, now: datetime) -> timedelta:
    """Ban ladder: 24 h; a repeat doubles the last ban (×1.5 if it is still running), at most
    30 days."""
    if record is None or not record.ban_seconds:
        return FIRST_BAN
    last = timedelta(seconds=record.ban_seconds)
    running = record.banned_until is not None and record.banned_until > now
    return min(last * 1.5 if running else last * 2, LONGEST_BAN)


def no_show_ban(*, tournament: SwissTournament, user: User) -> NoShowRecord:
    """The ladder's next ban (`_ban_length`). Caller holds the transaction."""
    now = timezone.now()
    record, _created = NoShowRecord.objects.select_for_update().get_or_create(
        team_id=tournament.team_id, user=user
    )
    length = _ban_length(record, now)
    record.ban_seconds = int(length.total_seconds())
    record.banned_until = now + length
    record.save()
    return record


def no_show_clear(*, tournament: SwissTournament, user_ids: list[int]) -> None:
    """A normally played game resets the ladder (a ban already running still runs out)."""
    NoShowRecord.objects.filter(team_id=tournament.team_id, user_id__in=user_ids).update(
        ban_seconds=0
    )


@dataclass(frozen=True)
class NoShowBanPreview:
    """What a no-show would do to an entry now: the arbiter is told before confirming it."""

    player: str
    team_name: str
    # None: a registered player without an account, paused but not banned.
    ban_seconds: int | None
    banned_until: datetime | None  # a ban already running


def no_show_ban_preview(
    *, tournament: SwissTournament, leader: User, entry_id: int
) -> NoShowBanPreview:
    """The ban a no-show by this entry would give now, by the same ladder (leaders only)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("see the no-show bans"),
    )
    entry = entry_of_event(tournament=tournament, entry_id=entry_id, with_user=True)
    team_name = tournament.team.name
    if entry.user is None:
        return NoShowBanPreview(entry.display_name, team_name, None, None)
    now = timezone.now()
    record = NoShowRecord.objects.filter(team_id=tournament.team_id, user=entry.user).first()
    running = (
        record.banned_until
        if record and record.banned_until and record.banned_until > now
        else None
    )
    length = _ban_length(record, now)
    return NoShowBanPreview(entry.display_name, team_name, int(length.total_seconds()), running)


def no_show_bans_list(*, tournament: SwissTournament, leader: User) -> QuerySet[NoShowRecord]:
    """The hosting team's players whose no-show ban still runs (leaders only)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("see the no-show bans"),
    )
    return no_show_bans_active(tournament=tournament)


@transaction.atomic
def no_show_ban_lift(*, tournament: SwissTournament, leader: User, user: User) -> None:
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=leader, action=gettext("lift bans"))
    updated = NoShowRecord.objects.filter(team_id=tournament.team_id, user=user).update(
        banned_until=None, ban_seconds=0
    )
    if not updated:
        raise ApplicationError(
            _("%(username)s has no no-show record in this team.") % {"username": user.username}
        )
    audit_record(tournament=tournament, actor=leader, action="ban.lifted", subject=user.username)
    # The player learns it on their own socket: they may join or rejoin again.
    effects.users_notify(
        tournament_id=tournament.id,
        user_ids=[user.id],
        event="ban_lifted",
        payload={"tournament": tournament.id, "team": tournament.team.slug},
    )
