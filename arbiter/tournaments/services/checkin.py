"""Check-in before round 1 (docs/swiss.md, "Check-in"): in the window that opens
`checkin_minutes` before round 1, entered players confirm they are present; when round 1 is
paired, the active entries that did not are paused (not forfeited: they may rejoin)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, NotFound
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    ParticipantStatus,
    PauseReason,
    SwissByeRequest,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import checkin_open, checkin_opens_at
from arbiter.tournaments.read.selectors import entries_named
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.standings import standings_version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)


def entry_check_in(
    *, tournament: SwissTournament, user: User, by: User | None = None
) -> SwissParticipant:
    """The player (or a leader for them, `by`) confirms presence. Checking in twice is
    harmless: the first time stands."""
    for_other = by is not None and by.pk != user.pk
    if by is not None and for_other:
        team_leader_required(
            team_id=tournament.team_id,
            user=by,
            # Translators: completes "Only the team's leaders can …".
            action=gettext("check players in"),
        )
    who = user.username if for_other else None
    return _check_in(
        tournament=tournament, by=by if for_other else None, who=who, user=user, entry_id=None
    )


def player_check_in(*, tournament: SwissTournament, leader: User, name: str) -> SwissParticipant:
    """A leader checks in the player `name` names, as the roster names them: a user by
    username, else a registered entry (no user) by its name (the lookup of withdraw and
    reinstate)."""
    user = User.objects.filter(username__iexact=name).first()
    if user is not None:
        return entry_check_in(tournament=tournament, user=user, by=leader)
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("check players in"),
    )
    found = [e for e in entries_named(tournament=tournament, name=name) if not e.user]
    if len(found) != 1:
        raise NotFound(_("No user named %(name)s.") % {"name": repr(name)})
    return _check_in(
        tournament=tournament,
        by=leader,
        who=found[0].display_name,
        user=None,
        entry_id=found[0].id,
    )


@transaction.atomic
def _check_in(
    *,
    tournament: SwissTournament,
    by: User | None,
    who: str | None,
    user: User | None,
    entry_id: int | None,
) -> SwissParticipant:
    """The entry of `user` (or the registered entry `entry_id`) checks in; `by`: the leader
    acting for it (audited); `who`: the player's name in a refusal (None: "you")."""
    tournament = tournament_lock(tournament=tournament)
    opens = checkin_opens_at(tournament=tournament)
    if opens is None:
        raise ApplicationError(_("This tournament has no check-in."))
    entries = SwissParticipant.objects.select_for_update().filter(tournament=tournament)
    if user is not None:
        entries = entries.filter(user=user)
    elif entry_id is not None:
        entries = entries.filter(id=entry_id, user__isnull=True)
    participant = entries.first()
    if participant is None:
        raise ApplicationError(
            _("You are not in this tournament.")
            if who is None
            else _("%(name)s is not in this tournament.") % {"name": who}
        )
    if participant.checked_in_at is not None:
        return participant
    now = timezone.now()
    if not checkin_open(tournament=tournament, now=now):
        if tournament.current_round > 0 or tournament.status != TournamentStatus.SCHEDULED:
            raise ApplicationError(_("Check-in is over: round 1 has been paired."))
        raise ApplicationError(
            _("Check-in opens at %(opens)s UTC.") % {"opens": f"{opens:%Y-%m-%d %H:%M}"},
            extra={"opens_at": opens.isoformat()},
        )
    participant.checked_in_at = now
    participant.save(update_fields=["checked_in_at"])
    if by is not None:
        audit_record(
            tournament=tournament,
            actor=by,
            action="player.checked_in",
            subject=participant.display_name,
            before={"checked_in_at": None},
            after={"checked_in_at": now},
        )
    _entries_pushed(tournament)
    logger.info("tournament %s: %s checked in", tournament.id, participant.display_name)
    return participant


def checkin_absent_pause(*, tournament: SwissTournament) -> list[int]:
    """Round 1 is being paired (the caller holds the event lock): pause the active entries
    that did not check in. Returns their ids; pushed with the standings."""
    if tournament.checkin_minutes is None or tournament.current_round != 0:
        return []
    # A player with a requested half-point bye for round 1 is excused, not absent: they keep
    # the bye and play from round 2.
    excused = SwissByeRequest.objects.filter(
        participant__tournament=tournament, round_number=1
    ).values("participant_id")
    absent = SwissParticipant.objects.filter(
        tournament=tournament, status=ParticipantStatus.ACTIVE, checked_in_at__isnull=True
    ).exclude(id__in=excused)
    paused = list(absent.select_related("user"))
    ids = [entry.id for entry in paused]
    if ids:
        SwissParticipant.objects.filter(id__in=ids).update(
            status=ParticipantStatus.PAUSED, pause_reason=PauseReason.NO_CHECK_IN
        )
        audit_record(  # the server's action (actor None), by the event's check-in rule
            tournament=tournament,
            actor=None,
            action="player.checkin_paused",
            subject=", ".join(entry.display_name for entry in paused),
            before={"status": ParticipantStatus.ACTIVE},
            after={"status": ParticipantStatus.PAUSED, "entries": len(ids)},
        )
        _entries_pushed(tournament)
        logger.info("tournament %s: %s entries not checked in, paused", tournament.id, len(ids))
    return ids


def _entries_pushed(tournament: SwissTournament) -> None:
    """The standings list the entries, their status and check-in: a new version, pushed."""
    standings_version_bump(tournament=tournament)
    effects.live_push(tournament_id=tournament.id)
