"""Create, edit and cancel Swiss events (they finish in `completion`)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.event_settings import CLOCK_ZERO, clock_is_zero
from arbiter.common.exceptions import ApplicationError, InvalidInput
from arbiter.common.throttling import user_throttle
from arbiter.games.rules import no_show_seconds_max
from arbiter.games.services import time_control_get_or_create
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.tiebreaks import UnknownTiebreak
from arbiter.tiebreaks.codes import parse_code
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    DEFAULT_TIEBREAKS,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import round_time_listed, round_times_list
from arbiter.tournaments.rules.event_password import event_password_hash
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.completion import current_round_playing, round_finish_if_done
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.round_times import round_times_clean, round_times_next_apply
from arbiter.tournaments.services.standings import standings_version_bump
from arbiter.tournaments.services.teammates import teammates_options_checked
from arbiter.users.models import User

logger = logging.getLogger(__name__)

SIMPLE_FIELDS = [
    "name",
    "description",
    "rated",
    "min_rating",
    "max_rating",
    "min_account_age_days",
    "min_rated_games",
    "tiebreak_order",
    "regulations",
    "accelerated",
    "initial_colour",
    "bye_request_limit",
    "round_interval_seconds",
    "mode",
    "venue",
    "pairing_mode",
    "standings_hidden",
    "disqualification_games",
    "teammates_do_not_meet",
    "teammates_rounds",
    "team_standings_top",
    "registration_deadline",
    "checkin_minutes",
    "no_show_seconds",
    *("federation", "chief_arbiter_name", "chief_arbiter_fide_id", "deputy_arbiters"),
]
# What a finished event still takes: its FIDE data, for the rating report the chief arbiter
# sends after the last round (docs/rating-report.md, "In the web app").
AFTER_END_FIELDS = frozenset(
    {"venue", "federation", "chief_arbiter_name", "chief_arbiter_fide_id", "deputy_arbiters"}
)
BEFORE_START_ONLY = {
    "clock_limit_seconds",
    "clock_increment_seconds",
    "start_time",
    "mode",
    "checkin_minutes",
}


def tiebreak_order_clean(order: list[str]) -> list[str]:
    problems = []
    for code in order:
        try:
            parse_code(code)
        except UnknownTiebreak as exc:
            problems.append(str(exc))
    if problems:
        raise InvalidInput({"tiebreak_order": problems})
    if len(set(order)) != len(order):
        raise InvalidInput({"tiebreak_order": [_("A tie-break appears twice.")]})
    return order


def _no_show_check(tournament: SwissTournament) -> None:
    """The no-show time is at most the whole initial clock (docs/swiss.md, "No-show time")."""
    seconds = tournament.no_show_seconds
    clock = tournament.time_control
    longest = no_show_seconds_max(clock.limit_seconds, clock.increment_seconds)
    if seconds is not None and seconds > longest:
        raise InvalidInput(
            {
                "no_show_seconds": [
                    _("At most the whole initial clock (%(longest)s seconds).")
                    % {"longest": longest}
                ]
            }
        )


def _chief_arbiter_check(tournament: SwissTournament) -> None:
    """A FIDE ID names an arbiter in the TRF's 102 only beside a name."""
    if tournament.chief_arbiter_fide_id and not tournament.chief_arbiter_name:
        raise InvalidInput(
            {"chief_arbiter_name": [_("Give the chief arbiter's name with the FIDE ID.")]}
        )


def _round_times_set(tournament: SwissTournament, times: list[datetime] | None) -> None:
    """Store the round schedule (`times`, or the stored one checked again against a changed
    start or number of rounds) and time the next round by it."""
    before = round_times_list(tournament=tournament)
    tournament.round_times = round_times_clean(
        times=before if times is None else times,
        before=before,
        num_rounds=tournament.num_rounds,
        start_time=tournament.start_time,
        current_round=tournament.current_round,
    )
    round_times_next_apply(tournament=tournament)


def _apply_password(tournament: SwissTournament, password: str | None) -> None:
    if password is not None:
        tournament.password_hash = event_password_hash(password) if password else ""


@transaction.atomic
def tournament_create(
    *,
    team: Team,
    user: User,
    name: str,
    num_rounds: int,
    start_time: datetime,
    clock_limit_seconds: int,
    clock_increment_seconds: int,
    password: str | None = None,
    round_times: list[datetime] | None = None,
    **options: Any,
) -> SwissTournament:
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=user, action=gettext("create a tournament"))
    user_throttle(scope="create", user_id=user.id)  # every path's creations, one allowance
    if start_time < timezone.now() - timedelta(minutes=1):
        raise InvalidInput({"start_time": [_("The start time is in the past.")]})
    unknown = set(options) - set(SIMPLE_FIELDS)
    if unknown:
        raise ValueError(f"unknown options: {sorted(unknown)}")
    order = options.pop("tiebreak_order", None) or list(DEFAULT_TIEBREAKS)
    tournament = SwissTournament(
        team=team,
        created_by=user,
        name=name,
        num_rounds=num_rounds,
        start_time=start_time,
        time_control=time_control_get_or_create(
            limit_seconds=clock_limit_seconds, increment_seconds=clock_increment_seconds
        ),
        tiebreak_order=tiebreak_order_clean(order),
        next_round_at=start_time,
        **options,
    )
    _apply_password(tournament, password)
    _no_show_check(tournament)
    _chief_arbiter_check(tournament)
    if round_times:
        tournament.round_times = round_times_clean(
            times=round_times,
            before=[],
            num_rounds=num_rounds,
            start_time=start_time,
            current_round=0,
        )
        tournament.next_round_at = round_times[0]  # round 1's listed time (the tick reads it)
    tournament.full_clean()
    tournament.save()
    logger.info("tournament %s created by %s for team %s", tournament.id, user, team.slug)
    return tournament


def tournament_update(
    *, tournament: SwissTournament, user: User, data: dict[str, Any]
) -> SwissTournament:
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("edit this tournament"),
    )
    # The engine's check runs before the edit's transaction: it holds no lock meanwhile.
    teammates_options_checked(tournament=tournament, user=user, data=data)
    return _update_locked(tournament=tournament, user=user, data=data)


@transaction.atomic
def _update_locked(
    *, tournament: SwissTournament, user: User, data: dict[str, Any]
) -> SwissTournament:
    tournament = tournament_lock(tournament=tournament)
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("edit this tournament"),
    )
    finished = tournament.status == TournamentStatus.FINISHED
    if tournament.status == TournamentStatus.CANCELLED or (
        finished and not data.keys() <= AFTER_END_FIELDS
    ):
        raise ApplicationError(
            _(
                "A finished or cancelled tournament cannot be edited (a finished one takes only "
                "its FIDE data: %(fields)s)."
            )
            % {"fields": ", ".join(sorted(AFTER_END_FIELDS))}
        )
    started = tournament.status != TournamentStatus.SCHEDULED
    before = _settings_snapshot(tournament)
    late = sorted(BEFORE_START_ONLY & data.keys()) if started else []
    if late:
        raise InvalidInput({f: [_("Can only be changed before the start.")] for f in late})

    if "num_rounds" in data:
        minimum = max(tournament.current_round, 1)
        if data["num_rounds"] < minimum:
            raise InvalidInput(
                {
                    "num_rounds": [
                        _("Cannot be fewer than the rounds already started (%(minimum)s).")
                        % {"minimum": minimum}
                    ]
                }
            )
        tournament.num_rounds = data["num_rounds"]
    if "tiebreak_order" in data:
        data["tiebreak_order"] = tiebreak_order_clean(data["tiebreak_order"])
    interval_before = tournament.round_interval_seconds
    hidden_before = tournament.standings_hidden
    for name in SIMPLE_FIELDS:
        if name in data:
            setattr(tournament, name, data[name])
    if "start_time" in data:
        tournament.start_time = data["start_time"]
        tournament.next_round_at = data["start_time"]
    if "clock_limit_seconds" in data or "clock_increment_seconds" in data:
        limit = data.get("clock_limit_seconds", tournament.time_control.limit_seconds)
        increment = data.get("clock_increment_seconds", tournament.time_control.increment_seconds)
        if clock_is_zero(limit, increment):  # with the increment the event already has
            field = (
                "clock_limit_seconds"
                if "clock_limit_seconds" in data
                else "clock_increment_seconds"
            )
            raise InvalidInput({field: [CLOCK_ZERO]})
        tournament.time_control = time_control_get_or_create(
            limit_seconds=limit, increment_seconds=increment
        )
    _apply_password(tournament, data.get("password"))
    if started and tournament.round_interval_seconds != interval_before:
        _interval_switched(tournament, interval_before)
    if data.keys() & {"round_times", "start_time", "num_rounds"}:
        _round_times_set(tournament, data.get("round_times"))
    _no_show_check(tournament)
    _chief_arbiter_check(tournament)
    tournament.full_clean()
    tournament.save()
    after = _settings_snapshot(tournament)
    changed = sorted(k for k in after if after[k] != before[k])
    if changed or "password" in data:
        audit_record(
            tournament=tournament,
            actor=user,
            action="event.edited",
            subject=", ".join(changed + (["password"] if "password" in data else [])),
            before={k: before[k] for k in changed},
            after={k: after[k] for k in changed},
        )
    if "team_standings_top" in data:  # the team rows change with it
        standings_version_bump(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    effects.tournament_update_push(tournament_id=tournament.id)
    if tournament.standings_hidden != hidden_before:
        # What each viewer may read changed: a new version, so every client reads it again.
        standings_version_bump(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    if started and tournament.current_round >= tournament.num_rounds:
        round_finish_if_done(tournament=tournament)
    return tournament


def _settings_snapshot(tournament: SwissTournament) -> dict[str, Any]:
    """The editable settings as the audit log shows them (the password never: only that it
    changed)."""
    values = {name: getattr(tournament, name) for name in SIMPLE_FIELDS}
    values["num_rounds"] = tournament.num_rounds
    values["start_time"] = tournament.start_time
    values["round_times"] = list(tournament.round_times or [])
    values["clock"] = (
        f"{tournament.time_control.limit_seconds}+{tournament.time_control.increment_seconds}"
    )
    return values


def _interval_switched(tournament: SwissTournament, before: int | None) -> None:
    """Between two rounds of a running event (lichess's rule): switched to manual, no round
    is due any more; switched from manual to an interval, the next round comes after it from
    now. During a round, its completion times the next one as the new mode says."""
    if tournament.status != TournamentStatus.RUNNING:
        return
    if current_round_playing(tournament=tournament) is not None:
        return
    interval = tournament.round_interval_seconds
    listed = round_time_listed(tournament=tournament, number=tournament.current_round + 1)
    if interval is None:
        if listed is None:  # a listed next round keeps its time: the list is not the mode
            tournament.next_round_at = None
    elif before is None and tournament.next_round_at is None:
        tournament.next_round_at = timezone.now() + timedelta(seconds=interval)
        effects.round_start_at(tournament_id=tournament.id, at=tournament.next_round_at)


@transaction.atomic
def tournament_cancel(*, tournament: SwissTournament, user: User) -> SwissTournament:
    tournament = tournament_lock(tournament=tournament)
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("cancel this tournament"),
    )
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise ApplicationError(_("This tournament is already over."))
    audit_record(
        tournament=tournament,
        actor=user,
        action="event.cancelled",
        subject=tournament.name,
        before={"status": tournament.status},
        after={"status": TournamentStatus.CANCELLED},
    )
    hidden = tournament.standings_hidden and tournament.status == TournamentStatus.RUNNING
    tournament.status = TournamentStatus.CANCELLED
    tournament.end_reason = f"Cancelled by {user.username}."
    tournament.finished_at = timezone.now()
    tournament.next_round_at = None
    tournament.save(update_fields=["status", "end_reason", "finished_at", "next_round_at"])
    effects.games_abort(tournament_id=tournament.id)
    effects.tournament_update_push(tournament_id=tournament.id)
    if hidden:
        # The hidden standings are shown now: a new version, pushed with every row.
        standings_version_bump(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    logger.info("tournament %s cancelled by %s", tournament.id, user)
    return tournament
