"""Players entering and leaving: join, withdraw, rejoin, half-point bye requests."""

from __future__ import annotations

import logging

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.common.throttling import user_throttle
from arbiter.ratings.entry_rules import entry_rules_refusal
from arbiter.ratings.read import user_rating
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import member_team_ids
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    EntryKind,
    ParticipantStatus,
    PauseReason,
    SwissByeRequest,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import checkin_open
from arbiter.tournaments.read.teams import event_team_ids
from arbiter.tournaments.rules.event_password import event_password_matches
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.cohosts import join_team_choose
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.no_shows import ban_active_until
from arbiter.tournaments.services.standings import standings_store, standings_version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)


# Kinds of refusal to enter, for clients that word them their own way (the lichess paths);
# Arbiter's API answers each as any ApplicationError.
class EntryClosed(ApplicationError):
    """The event takes no entries now (over, or past half its rounds)."""


class RegistrationClosed(EntryClosed):
    """The event's registration deadline has passed."""


class WrongPassword(ApplicationError):
    """The entry password does not match."""


class RequirementsUnmet(ApplicationError):
    """The player does not meet a condition of entry the event sets (lichess: "You don't
    satisfy the tournament requirements")."""


class RatingOutOfRange(RequirementsUnmet):
    """The player's rating is outside the event's limits."""


def entry_rules_check(*, tournament: SwissTournament, user: User) -> None:
    """The fair-play entry rules (minimum account age, minimum rated games): the one check
    every path that enters a user calls, refused with a message per unmet rule. The rule is
    the one team Swiss squads are checked by (`arbiter.ratings.entry_rules`)."""
    unmet = entry_rules_refusal(
        min_account_age_days=tournament.min_account_age_days,
        min_rated_games=tournament.min_rated_games,
        speed=tournament.time_control.speed,
        user=user,
    )
    if unmet:
        raise RequirementsUnmet(
            " ".join(message for messages in unmet.values() for message in messages),
            extra={"fields": unmet},
        )


def _open_for_entries(tournament: SwissTournament) -> None:
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise EntryClosed(_("This tournament is over."))


def _deadline_check(tournament: SwissTournament) -> None:
    """New entries only: a withdrawn player may still come back after the deadline."""
    deadline = tournament.registration_deadline
    if deadline is not None and timezone.now() > deadline:
        raise RegistrationClosed(
            _("Registration closed at %(deadline)s UTC.")
            % {"deadline": f"{deadline:%Y-%m-%d %H:%M}"},
            extra={"registration_deadline": deadline.isoformat()},
        )


def _ban_check(tournament: SwissTournament, user: User) -> None:
    until = ban_active_until(tournament=tournament, user=user)
    if until is not None:
        raise ApplicationError(
            _("You are banned from this team's Swiss events until %(until)s UTC after a no-show.")
            % {"until": f"{until:%Y-%m-%d %H:%M}"},
            extra={"banned_until": until.isoformat()},
        )


def _late_entries(tournament: SwissTournament, participant: SwissParticipant) -> None:
    """A late joiner: a half-point bye for the first missed round, zero for the others."""
    missed = SwissRound.objects.filter(tournament=tournament).order_by("number")
    SwissRoundEntry.objects.bulk_create(
        SwissRoundEntry(
            round=rnd,
            participant=participant,
            kind=EntryKind.HALF_BYE if i == 0 else EntryKind.ZERO_BYE,
        )
        for i, rnd in enumerate(missed)
    )


def _password_check(password_hash: str, password: str) -> None:
    if password_hash and not event_password_matches(password, password_hash):
        raise WrongPassword(
            _("Wrong tournament password."), extra={"fields": {"password": [_("Wrong password.")]}}
        )


def tournament_join(
    *, tournament: SwissTournament, user: User, password: str = "", team: Team | None = None
) -> SwissParticipant:
    # Every attempt counts, on whichever path (native, lichess): password guesses share one
    # allowance (ARBITER_JOIN_THROTTLE_RATE).
    user_throttle(scope="join", user_id=user.id)
    # The password is hashed (slow by design) outside the transaction, so that guesses hold up
    # no other write: not the event's row lock on PostgreSQL, and not the whole database on
    # SQLite, where a transaction takes the write lock when it begins. A password changed
    # meanwhile is checked again under the lock.
    # Members of the host or of an accepted co-host; `team`: the one they play for.
    teams = event_team_ids(tournament=tournament)
    member_of = member_team_ids(user=user, team_ids=teams)
    if not member_of:
        raise PermissionDenied(
            _("Only members of the hosting team can join.")
            if len(teams) == 1
            else _("Only members of the event's teams can join.")
        )
    team_id = join_team_choose(tournament=tournament, user=user, team=team, member_of=member_of)
    checked = tournament.password_hash
    if checked and not connection.in_atomic_block:
        # Give the database connection back (to the pool, on PostgreSQL) for the hash's
        # duration: fifty players joining at once must not pin every pooled connection.
        connection.close()
    _password_check(checked, password)
    return _join_checked(
        tournament=tournament, user=user, password=password, checked=checked, team_id=team_id
    )


@transaction.atomic
def _join_checked(
    *, tournament: SwissTournament, user: User, password: str, checked: str, team_id: int
) -> SwissParticipant:
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    if SwissParticipant.objects.filter(tournament=tournament, user=user).exists():
        raise ApplicationError(_("You have already joined this tournament."))
    if tournament.password_hash != checked:
        _password_check(tournament.password_hash, password)
    _deadline_check(tournament)
    if tournament.current_round > tournament.num_rounds // 2:
        raise EntryClosed(_("Joining is closed: more than half the rounds have started."))
    _ban_check(tournament, user)
    rating = user_rating(user_id=user.id, speed=tournament.time_control.speed)
    if tournament.min_rating is not None and rating < tournament.min_rating:
        raise RatingOutOfRange(
            _("Your rating %(rating)s is below the minimum %(minimum)s.")
            % {"rating": rating, "minimum": tournament.min_rating}
        )
    if tournament.max_rating is not None and rating > tournament.max_rating:
        raise RatingOutOfRange(
            _("Your rating %(rating)s is above the maximum %(maximum)s.")
            % {"rating": rating, "maximum": tournament.max_rating}
        )
    entry_rules_check(tournament=tournament, user=user)

    participant = SwissParticipant(
        tournament=tournament,
        user=user,
        team_id=team_id,
        rating=rating,
        joined_after_round=tournament.current_round,
    )
    now = timezone.now()
    if checkin_open(tournament=tournament, now=now):  # joining in the window shows presence
        participant.checked_in_at = now
    participant.full_clean()
    participant.save()
    if tournament.current_round:
        _late_entries(tournament, participant)
        standings_store(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    else:  # the entry list before the start is the standings list: its watchers see the join
        _entries_changed(tournament)
    logger.info("tournament %s: %s joined (rating %s)", tournament.id, user, rating)
    return participant


def _entries_changed(tournament: SwissTournament) -> None:
    """The standings list the entries and their status: a new version, pushed."""
    standings_version_bump(tournament=tournament)
    effects.live_push(tournament_id=tournament.id)


def _participant_locked(
    tournament: SwissTournament, user: User, who: str | None
) -> SwissParticipant:
    """The user's entry, locked; `who`: the player's name in the refusal (None: "you")."""
    participant = (
        SwissParticipant.objects.select_for_update()
        .filter(tournament=tournament, user=user)
        .first()
    )
    if participant is None:
        raise ApplicationError(
            _("You are not in this tournament.")
            if who is None
            else _("%(name)s is not in this tournament.") % {"name": who}
        )
    return participant


def _not_disqualified(participant: SwissParticipant) -> None:
    """A disqualification is final in the event: no rejoin, and no withdrawal that would
    turn it into a pause a rejoin could lift."""
    if participant.status == ParticipantStatus.DISQUALIFIED:
        raise ApplicationError(
            _("%(name)s is disqualified from this event.") % {"name": participant.display_name}
        )


def _acting(tournament: SwissTournament, user: User, by: User | None, action: str) -> bool:
    """Whether a leader acts for `user` (checked here: only leaders may); refusals then name
    the player, not "you"."""
    if by is None or by.pk == user.pk:
        return False
    team_leader_required(team_id=tournament.team_id, user=by, action=action)
    return True


def status_audit(
    *, tournament: SwissTournament, by: User | None, participant: SwissParticipant, status: str
) -> None:
    """A leader pauses or reinstates an entry (a user's, or a registered player's)."""
    audit_record(
        tournament=tournament,
        actor=by,
        action="player.reinstated" if status == ParticipantStatus.ACTIVE else "player.paused",
        subject=participant.display_name,
        before={"status": participant.status},
        after={"status": status},
    )


@transaction.atomic
def tournament_withdraw(
    *, tournament: SwissTournament, user: User, by: User | None = None
) -> SwissParticipant | None:
    """Before the start the entry is removed; after it the player is paused (zero-point byes
    for missed rounds) and may rejoin. `by`: a leader withdrawing the player."""
    # Translators: completes "Only the team's leaders can …".
    for_other = _acting(tournament, user, by, gettext("withdraw a player"))
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    participant = _participant_locked(tournament, user, user.username if for_other else None)
    if tournament.status == TournamentStatus.SCHEDULED:
        if for_other:
            audit_record(
                tournament=tournament,
                actor=by,
                action="player.removed",
                subject=user.username,
                before={"status": participant.status},
            )
        participant.delete()
        _entries_changed(tournament)
        logger.info("tournament %s: %s removed their entry", tournament.id, user)
        return None
    _not_disqualified(participant)
    if participant.status == ParticipantStatus.PAUSED:
        raise ApplicationError(
            _("%(name)s has already withdrawn.") % {"name": user.username}
            if for_other
            else _("You have already withdrawn.")
        )
    if for_other:
        status_audit(
            tournament=tournament, by=by, participant=participant, status=ParticipantStatus.PAUSED
        )
    participant.status = ParticipantStatus.PAUSED
    participant.pause_reason = PauseReason.ARBITER if for_other else PauseReason.WITHDREW
    participant.save(update_fields=["status", "pause_reason"])
    _entries_changed(tournament)
    logger.info("tournament %s: %s withdrew (paused)", tournament.id, user)
    return participant


@transaction.atomic
def tournament_rejoin(
    *, tournament: SwissTournament, user: User, by: User | None = None
) -> SwissParticipant:
    """`by`: a leader bringing the player back."""
    # Translators: completes "Only the team's leaders can …".
    for_other = _acting(tournament, user, by, gettext("reinstate a player"))
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    participant = _participant_locked(tournament, user, user.username if for_other else None)
    _not_disqualified(participant)
    if participant.status == ParticipantStatus.ACTIVE:
        raise ApplicationError(
            _("%(name)s is already playing in this tournament.") % {"name": user.username}
            if for_other
            else _("You are already playing in this tournament.")
        )
    _ban_check(tournament, user)
    if for_other:
        status_audit(
            tournament=tournament, by=by, participant=participant, status=ParticipantStatus.ACTIVE
        )
    participant.status = ParticipantStatus.ACTIVE
    participant.pause_reason = PauseReason.NONE
    if participant.checked_in_at is None and tournament.checkin_minutes is not None:
        participant.checked_in_at = timezone.now()  # coming back shows presence
    participant.save(update_fields=["status", "pause_reason", "checked_in_at"])
    _entries_changed(tournament)
    logger.info("tournament %s: %s rejoined", tournament.id, user)
    return participant


@transaction.atomic
def bye_request_create(
    *, tournament: SwissTournament, user: User, round_number: int | None = None
) -> SwissByeRequest:
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    participant = _participant_locked(tournament, user, None)
    if tournament.bye_request_limit == 0:
        raise ApplicationError(_("This tournament does not allow half-point bye requests."))
    earliest = tournament.current_round + 1  # rounds already paired cannot change
    number = round_number or earliest
    if number < earliest or number > tournament.num_rounds:
        raise ApplicationError(
            _("A bye can be requested for rounds %(earliest)s to %(last)s.")
            % {"earliest": earliest, "last": tournament.num_rounds},
            extra={
                "fields": {
                    "round": [
                        _("Must be between %(earliest)s and %(last)s.")
                        % {"earliest": earliest, "last": tournament.num_rounds}
                    ]
                }
            },
        )
    used = SwissByeRequest.objects.filter(participant=participant).count()
    if used >= tournament.bye_request_limit:
        limit = tournament.bye_request_limit
        raise ApplicationError(
            # The English says "request(s)" for any count; other languages inflect.
            ngettext(
                "You have used all %(limit)s half-point bye request(s).",
                "You have used all %(limit)s half-point bye request(s).",
                limit,
            )
            % {"limit": limit}
        )
    if SwissByeRequest.objects.filter(participant=participant, round_number=number).exists():
        raise ApplicationError(
            _("You already requested a bye for round %(round)s.") % {"round": number}
        )
    request = SwissByeRequest(participant=participant, round_number=number)
    request.full_clean()
    request.save()
    return request
