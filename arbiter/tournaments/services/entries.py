"""Players entering and leaving: join, withdraw, rejoin, half-point bye requests."""

from __future__ import annotations

import logging

from django.db import connection, transaction
from django.utils import timezone

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
        raise EntryClosed("This tournament is over.")


def _deadline_check(tournament: SwissTournament) -> None:
    """New entries only: a withdrawn player may still come back after the deadline."""
    deadline = tournament.registration_deadline
    if deadline is not None and timezone.now() > deadline:
        raise RegistrationClosed(
            f"Registration closed at {deadline:%Y-%m-%d %H:%M} UTC.",
            extra={"registration_deadline": deadline.isoformat()},
        )


def _ban_check(tournament: SwissTournament, user: User) -> None:
    until = ban_active_until(tournament=tournament, user=user)
    if until is not None:
        raise ApplicationError(
            f"You are banned from this team's Swiss events until {until:%Y-%m-%d %H:%M} UTC "
            "after a no-show.",
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
            "Wrong tournament password.", extra={"fields": {"password": ["Wrong password."]}}
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
            "Only members of the hosting team can join."
            if len(teams) == 1
            else "Only members of the event's teams can join."
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
        raise ApplicationError("You have already joined this tournament.")
    if tournament.password_hash != checked:
        _password_check(tournament.password_hash, password)
    _deadline_check(tournament)
    if tournament.current_round > tournament.num_rounds // 2:
        raise EntryClosed("Joining is closed: more than half the rounds have started.")
    _ban_check(tournament, user)
    rating = user_rating(user_id=user.id, speed=tournament.time_control.speed)
    if tournament.min_rating is not None and rating < tournament.min_rating:
        raise RatingOutOfRange(
            f"Your rating {rating} is below the minimum {tournament.min_rating}."
        )
    if tournament.max_rating is not None and rating > tournament.max_rating:
        raise RatingOutOfRange(
            f"Your rating {rating} is above the maximum {tournament.max_rating}."
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


def _participant_locked(tournament: SwissTournament, user: User, who: str) -> SwissParticipant:
    participant = (
        SwissParticipant.objects.select_for_update()
        .filter(tournament=tournament, user=user)
        .first()
    )
    if participant is None:
        raise ApplicationError(f"{who} not in this tournament.")
    return participant


def _not_disqualified(participant: SwissParticipant) -> None:
    """A disqualification is final in the event: no rejoin, and no withdrawal that would
    turn it into a pause a rejoin could lift."""
    if participant.status == ParticipantStatus.DISQUALIFIED:
        raise ApplicationError(f"{participant.display_name} is disqualified from this event.")


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
    for_other = _acting(tournament, user, by, "withdraw a player")
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    participant = _participant_locked(
        tournament, user, f"{user.username} is" if for_other else "You are"
    )
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
        has = f"{user.username} has" if for_other else "You have"
        raise ApplicationError(f"{has} already withdrawn.")
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
    for_other = _acting(tournament, user, by, "reinstate a player")
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    who = f"{user.username} is" if for_other else "You are"
    participant = _participant_locked(tournament, user, who)
    _not_disqualified(participant)
    if participant.status == ParticipantStatus.ACTIVE:
        raise ApplicationError(f"{who} already playing in this tournament.")
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
    participant = _participant_locked(tournament, user, "You are")
    if tournament.bye_request_limit == 0:
        raise ApplicationError("This tournament does not allow half-point bye requests.")
    earliest = tournament.current_round + 1  # rounds already paired cannot change
    number = round_number or earliest
    if number < earliest or number > tournament.num_rounds:
        raise ApplicationError(
            f"A bye can be requested for rounds {earliest} to {tournament.num_rounds}.",
            extra={
                "fields": {"round": [f"Must be between {earliest} and {tournament.num_rounds}."]}
            },
        )
    used = SwissByeRequest.objects.filter(participant=participant).count()
    if used >= tournament.bye_request_limit:
        raise ApplicationError(
            f"You have used all {tournament.bye_request_limit} half-point bye request(s)."
        )
    if SwissByeRequest.objects.filter(participant=participant, round_number=number).exists():
        raise ApplicationError(f"You already requested a bye for round {number}.")
    request = SwissByeRequest(participant=participant, round_number=number)
    request.full_clean()
    request.save()
    return request
