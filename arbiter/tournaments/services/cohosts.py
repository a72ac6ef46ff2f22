"""Co-hosted events: the host's leaders invite other teams and remove them, the invited team's
leaders accept or decline, and leaders of the host set the team an entry plays for
(docs/teams.md, "Co-hosted events")."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput, NotFound
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import team_is_member
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    CoHostStatus,
    SwissCoHost,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.teams import entry_team_id, event_team_ids
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.standings import standings_version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)

OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


def _not_over(tournament: SwissTournament) -> None:
    if tournament.status in OVER:
        raise Conflict(_("This tournament is over."))


def _cohost(tournament: SwissTournament, team: Team) -> SwissCoHost:
    cohost = (
        SwissCoHost.objects.select_for_update().filter(tournament=tournament, team=team).first()
    )
    if cohost is None:
        raise NotFound(_("%(name)s is not invited to this tournament.") % {"name": team.name})
    return cohost


def _count(tournament: SwissTournament) -> None:
    tournament.cohost_count = SwissCoHost.objects.filter(
        tournament=tournament, status=CoHostStatus.ACCEPTED
    ).count()
    tournament.save(update_fields=["cohost_count"])


def _changed(tournament: SwissTournament) -> None:
    """The event's teams changed: its detail and its standings (team rows) are pushed."""
    standings_version_bump(tournament=tournament)
    effects.tournament_update_push(tournament_id=tournament.id)
    effects.live_push(tournament_id=tournament.id)


@transaction.atomic
def cohost_invite(*, tournament: SwissTournament, user: User, team: Team) -> SwissCoHost:
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("invite co-hosts"))
    tournament = tournament_lock(tournament=tournament)
    _not_over(tournament)
    if team.id == tournament.team_id:
        raise InvalidInput({"team": [_("The hosting team cannot co-host its own event.")]})
    if SwissCoHost.objects.filter(tournament=tournament, team=team).exists():
        raise Conflict(_("%(name)s is already invited.") % {"name": team.name})
    cohost = SwissCoHost(tournament=tournament, team=team, invited_by=user)
    cohost.full_clean()
    cohost.save()
    audit_record(
        tournament=tournament,
        actor=user,
        action="cohost.invited",
        subject=team.name,
        after={"team": team.slug, "status": cohost.status},
    )
    effects.tournament_update_push(tournament_id=tournament.id)
    logger.info("tournament %s: %s invited team %s", tournament.id, user, team.slug)
    return cohost


@transaction.atomic
def cohost_accept(*, tournament: SwissTournament, user: User, team: Team) -> SwissCoHost:
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=user, action=gettext("accept a co-host invitation"))
    tournament = tournament_lock(tournament=tournament)
    _not_over(tournament)
    cohost = _cohost(tournament, team)
    if cohost.status == CoHostStatus.ACCEPTED:
        raise Conflict(_("%(name)s already co-hosts this tournament.") % {"name": team.name})
    cohost.status = CoHostStatus.ACCEPTED
    cohost.accepted_at = timezone.now()
    cohost.save(update_fields=["status", "accepted_at"])
    audit_record(
        tournament=tournament,
        actor=user,
        action="cohost.accepted",
        subject=team.name,
        before={"status": CoHostStatus.INVITED},
        after={"status": CoHostStatus.ACCEPTED},
    )
    _count(tournament)
    _changed(tournament)
    logger.info("tournament %s: team %s accepted to co-host", tournament.id, team.slug)
    return cohost


@transaction.atomic
def cohost_decline(*, tournament: SwissTournament, user: User, team: Team) -> None:
    """The invited team's leaders say no: the invitation goes (the host may invite again)."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=user, action=gettext("decline a co-host invitation"))
    tournament = tournament_lock(tournament=tournament)
    cohost = _cohost(tournament, team)
    if cohost.status == CoHostStatus.ACCEPTED:
        raise Conflict(
            _("%(name)s has accepted: only the host's leaders can remove it now.")
            % {"name": team.name}
        )
    cohost.delete()
    audit_record(
        tournament=tournament,
        actor=user,
        action="cohost.declined",
        subject=team.name,
        before={"status": CoHostStatus.INVITED},
    )
    effects.tournament_update_push(tournament_id=tournament.id)


@transaction.atomic
def cohost_remove(*, tournament: SwissTournament, user: User, team: Team) -> None:
    """The host's leaders withdraw an invitation or remove a co-host nobody plays for."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("remove co-hosts"))
    tournament = tournament_lock(tournament=tournament)
    _not_over(tournament)
    cohost = _cohost(tournament, team)
    playing = SwissParticipant.objects.filter(tournament=tournament, team=team).count()
    if playing:
        raise Conflict(
            # The English says "player(s)" for any count; other languages inflect.
            ngettext(
                "%(playing)s player(s) play for %(name)s: move them to another team first.",
                "%(playing)s player(s) play for %(name)s: move them to another team first.",
                playing,
            )
            % {"playing": playing, "name": team.name},
            extra={"players": playing},
        )
    cohost.delete()
    audit_record(
        tournament=tournament,
        actor=user,
        action="cohost.removed",
        subject=team.name,
        before={"team": team.slug, "status": cohost.status},
    )
    _count(tournament)
    _changed(tournament)
    logger.info("tournament %s: %s removed co-host %s", tournament.id, user, team.slug)


@transaction.atomic
def entry_team_set(
    *, tournament: SwissTournament, user: User, participant: SwissParticipant, team: Team
) -> SwissParticipant:
    """A host leader sets the team an entry plays for (a registered player's, or a correction):
    the host, or an accepted co-host the player is a member of. Pairings already made stay;
    later rounds and the team standings follow the new team."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("set a player's team"),
    )
    tournament = tournament_lock(tournament=tournament)
    _not_over(tournament)
    if participant.tournament_id != tournament.id:
        raise NotFound(_("No such player in this tournament."))
    if team.id not in event_team_ids(tournament=tournament):
        raise InvalidInput(
            {"team": [_("%(name)s is not a team of this event.") % {"name": team.name}]}
        )
    participant = SwissParticipant.objects.select_for_update().get(id=participant.id)
    # As when joining: a user plays for a co-host only as its member (the host is every
    # entry's team by default, so it stays open, e.g. to empty a co-host before removing it).
    player = participant.user
    if team.id != tournament.team_id and player and not team_is_member(team=team, user=player):
        raise InvalidInput(
            {
                "team": [
                    _("%(username)s is not a member of %(name)s.")
                    % {"username": player.username, "name": team.name}
                ]
            }
        )
    before = participant.team.slug if participant.team else None
    unchanged = entry_team_id(participant, tournament) == team.id
    participant.team = team
    participant.save(update_fields=["team"])
    if unchanged:
        return participant  # already played for it (none stored: the host's): nothing to record
    audit_record(
        tournament=tournament,
        actor=user,
        action="player.team_set",
        subject=participant.display_name,
        before={"team": before},
        after={"team": team.slug},
    )
    standings_version_bump(tournament=tournament)
    effects.live_push(tournament_id=tournament.id)
    return participant


def join_team_choose(
    *, tournament: SwissTournament, user: User, team: Team | None, member_of: set[int]
) -> int:
    """The team a joining user plays for: the one they chose, else the host if they belong to
    it, else their only co-host team. `member_of`: the event's teams the user belongs to."""
    if team is not None:
        if team.id not in event_team_ids(tournament=tournament):
            raise InvalidInput(
                {"team": [_("%(name)s is not a team of this event.") % {"name": team.name}]}
            )
        if team.id not in member_of:
            raise InvalidInput(
                {"team": [_("You are not a member of %(name)s.") % {"name": team.name}]}
            )
        return team.id
    if tournament.team_id in member_of:
        return tournament.team_id
    if len(member_of) == 1:
        return next(iter(member_of))
    if not member_of:
        raise ApplicationError(_("Not a member of any of the event's teams."))
    raise InvalidInput(
        {"team": [_("You belong to several of the event's teams: choose the one you play for.")]}
    )
