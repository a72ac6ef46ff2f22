"""Pair the next round with the FIDE C.04.6 engine (`arbiter.pairing.team`).

A pairing run (`arbiter.common.pairing_run`), as individual events pair: under the event's
pairing lease (a second request meanwhile: 409), the event's row locked only to read what the
engine needs and to store its answer, the engine running with no transaction open, and the
answer stored only if that input is still the event's (else the engine is asked again).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, Conflict, ServiceUnavailable
from arbiter.common.pairing_run import PairingInputChanged, pairing_run
from arbiter.pairing.errors import (
    InvalidPairing,
    NoValidPairing,
    PairingEngineError,
    PairingError,
)
from arbiter.pairing.team import TeamPairing, pair_team_round
from arbiter.teams.permissions import team_leader_required
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch, TeamSwissRound, TeamSwissTeam
from arbiter.teamswiss.read.state import EventState, event_state
from arbiter.teamswiss.services.completion import match_points_set
from arbiter.teamswiss.services.lineups import lineups_close
from arbiter.teamswiss.services.locking import event_locked, version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Input:
    """What the engine pairs: the round and the event as it stood (equal: the same input)."""

    number: int
    state: EventState


def _teams_numbered_by_rating(event: TeamSwissEvent) -> None:
    """Before round 1: pairing numbers by the average rating of each team's first N players
    (an unrated player counts 0), then by name (C.04.6 art. 1.1: the initial ranking list)."""
    teams = list(event.teams.order_by("tpn"))
    strength = {}
    for team in teams:
        top = list(team.players.order_by("order").values_list("rating", flat=True)[: event.boards])
        strength[team.id] = sum(r or 0 for r in top) / max(len(top), 1)
    ranked = sorted(teams, key=lambda t: (-strength[t.id], t.name.casefold(), t.id))
    event.teams.update(tpn=F("tpn") + 10000)
    for tpn, team in enumerate(ranked, 1):
        TeamSwissTeam.objects.filter(id=team.id).update(tpn=tpn)


def _round_to_pair(event: TeamSwissEvent) -> int:
    """Under the lock: the number of the round to pair, or the refusal."""
    if event.status == TeamSwissEvent.Status.FINISHED:
        raise Conflict(_("The event has finished."))
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status != TeamSwissRound.Status.COMPLETE:
        raise Conflict(_("Round %(number)s is not complete.") % {"number": last.number})
    number = (last.number if last else 0) + 1
    if number > event.num_rounds:
        raise Conflict(
            ngettext(
                "The event has %(count)s round.",
                "The event has %(count)s rounds.",
                event.num_rounds,
            )
            % {"count": event.num_rounds}
        )
    active = event.teams.filter(status=TeamSwissTeam.Status.ACTIVE).count()
    if active < 2:
        raise ApplicationError(_("At least two teams must be registered and not withdrawn."))
    return number


def _input(event: TeamSwissEvent) -> _Input:
    """Under the lock: the engine's input. Round 1 numbers the teams first (its writes are
    the caller's to keep or roll back)."""
    number = _round_to_pair(event)
    if number == 1:
        _teams_numbered_by_rating(event)
    return _Input(number=number, state=event_state(event=event))


def _snapshot(event: TeamSwissEvent) -> _Input:
    """In the run's first transaction: the input, storing nothing. Round 1's pairing numbers
    are stored with the round only; `_store` numbers the teams again, the same way."""
    given = _input(event_locked(event=event))
    transaction.set_rollback(True)
    return given


def _engine(event_id: int, given: _Input) -> TeamPairing:
    """No transaction open: the engine's answer, or the refusal (nothing stored)."""
    number = given.number
    try:
        return pair_team_round(given.state.event, number, absent=given.state.withdrawn)
    except NoValidPairing as exc:
        # The engine's reason, in its own words (`arbiter.pairing`).
        message = _("No valid pairing for round %(number)s: %(reason)s")
        raise ApplicationError(message % {"number": number, "reason": exc}) from exc
    except (PairingEngineError, InvalidPairing) as exc:  # failed, or answered wrongly
        logger.error("team swiss %s: pairing round %s failed: %s", event_id, number, exc)
        raise ServiceUnavailable(_("The pairing engine failed; try again.")) from exc
    except PairingError as exc:
        message = _("Round %(number)s cannot be paired: %(reason)s")
        raise ApplicationError(message % {"number": number, "reason": exc}) from exc


def _store(event: TeamSwissEvent, given: _Input, pairing: TeamPairing) -> TeamSwissRound:
    """In the run's second transaction: the round, if the input is still the event's."""
    event = event_locked(event=event)
    if _input(event) != given:
        raise PairingInputChanged
    number, state = given.number, given.state
    now = timezone.now()
    rnd = TeamSwissRound(
        event=event,
        number=number,
        paired_at=now,
        lineups_close_at=now + timedelta(minutes=event.lineup_minutes),
        engine=str(pairing.engine)[:40],
    )
    rnd.full_clean()
    rnd.save()
    team_id = {tpn: team_pk for team_pk, tpn in state.tpn_of_team.items()}
    matches = [
        TeamSwissMatch(round=rnd, table=table, white_id=team_id[m.white], black_id=team_id[m.black])
        for table, m in enumerate(pairing.matches, 1)
    ]
    if pairing.bye is not None:
        matches.append(
            TeamSwissMatch(round=rnd, table=len(matches) + 1, white_id=team_id[pairing.bye])
        )
    TeamSwissMatch.objects.bulk_create(matches)
    if pairing.bye is not None:
        match_points_set(event=event, match=matches[-1])
    event.status = TeamSwissEvent.Status.STARTED
    version_bump(event=event)
    if event.lineup_minutes == 0:
        rnd = lineups_close(event=event, number=number, user=None)
    return rnd


def round_pair_next(*, event: TeamSwissEvent, user: User) -> TeamSwissRound:
    """Store the engine's pairing of the next round (nothing is stored if it fails). Withdrawn
    teams are left out. Line-ups then open for `lineup_minutes` (none: they close at once).
    Call outside any transaction: the engine must run with none open (the module text)."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=event.host_id, user=user, action=gettext("pair a round"))
    rnd = pairing_run(
        model=TeamSwissEvent,
        event_id=event.id,
        snapshot=lambda: _snapshot(event),
        engine=lambda given: _engine(event.id, given),
        store=lambda given, pairing: _store(event, given, pairing),
    )
    assert rnd is not None  # the snapshot refuses; it never finds "nothing to pair"
    return rnd
