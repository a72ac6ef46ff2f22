"""What must follow a write, run once the write has committed.

A service calls these inside its transaction to state what follows (push this, start the next
round at that time, tell the leaders); each registers a `transaction.on_commit` callback that
runs guarded. A failure there (Redis down, the broker unreachable) is logged with the event id
and never reaches the request: its write is committed, and a client retrying it would write
twice. Nothing is lost for good, only late: the periodic tick re-derives due rounds from
`next_round_at` and pushes what watchers have not heard (`push.push_catch_up`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.db import transaction

from arbiter.common.tasks import task_enqueue
from arbiter.games.services.play import games_abort_of_pairings, games_abort_of_tournament
from arbiter.realtime import ping
from arbiter.realtime.push import user_push
from arbiter.tournaments.live import pages, push

logger = logging.getLogger(__name__)

ROUND_START_DUE_TASK = "tournaments.round_start_due"


def _after_commit(tournament_id: int, what: str, action: Callable[[], object]) -> None:
    def guarded() -> None:
        try:
            action()
        except Exception:
            logger.exception(
                "tournament %s: %s failed after commit; the tick will catch up", tournament_id, what
            )

    transaction.on_commit(guarded)


def read_version_published(*, tournament_id: int, version: int) -> None:
    """Readers are served pages of `version` once it has committed (docs/live.md, "Reads"). A
    publication lost here is only late: the published version expires within seconds and is
    then read from the database."""
    _after_commit(
        tournament_id,
        f"publishing read version {version}",
        lambda: ping.version_out(
            scope=pages.SCOPE,
            object_id=tournament_id,
            group=push.swiss_group(tournament_id),
            version=version,
        ),
    )


def games_abort(*, tournament_id: int) -> None:
    """A cancelled event's running games end (`aborted`), each under its own lock: after the
    cancel has committed, so that a move holding a game (and then the event's lock, to record
    its result) never waits on the cancel holding the event."""
    _after_commit(
        tournament_id,
        "aborting its games",
        lambda: games_abort_of_tournament(tournament_id=tournament_id),
    )


def board_games_abort(*, tournament_id: int, pairing_ids: list[int]) -> None:
    """Boards an arbiter decided while their games ran (a disqualification): the games end
    (`aborted`) after commit, each under its own lock, as for a cancelled event."""
    if pairing_ids:
        _after_commit(
            tournament_id,
            "aborting decided games",
            lambda: games_abort_of_pairings(pairing_ids=pairing_ids),
        )


def live_push(*, tournament_id: int) -> None:
    """Results and standings changed: push them (coalesced, see `push.live_push_request`)."""
    _after_commit(
        tournament_id, "live push", lambda: push.live_push_request(tournament_id=tournament_id)
    )


def round_start_push(*, tournament_id: int, number: int) -> None:
    """A round was paired: push it, then the standings it changed (pairing numbers)."""
    _after_commit(
        tournament_id,
        f"round {number} start push",
        lambda: push.round_start_send(tournament_id=tournament_id, number=number),
    )
    live_push(tournament_id=tournament_id)


def tournament_end_push(*, tournament_id: int) -> None:
    _after_commit(
        tournament_id,
        "tournament end push",
        lambda: push.tournament_end_send(tournament_id=tournament_id),
    )


def tournament_update_push(*, tournament_id: int) -> None:
    """The event changed in a way no other push carries (its next round time, its settings,
    a cancellation): push its detail."""
    _after_commit(
        tournament_id,
        "event update push",
        lambda: push.tournament_update_send(tournament_id=tournament_id),
    )


def prizes_push(*, tournament_id: int) -> None:
    """The prize table changed: push it (the winners come with the end's push)."""
    _after_commit(
        tournament_id, "prizes push", lambda: push.prizes_send(tournament_id=tournament_id)
    )


def round_start_at(*, tournament_id: int, at: datetime) -> None:
    """The next round is due at `at`: tell the watchers, and queue a task with that ETA that
    may start it before the next tick does; the tick, which reads `next_round_at`, stays the
    guarantee."""
    _after_commit(
        tournament_id,
        f"scheduling the round due at {at.isoformat()}",
        lambda: task_enqueue(ROUND_START_DUE_TASK, kwargs={"tournament_id": tournament_id}, eta=at),
    )
    tournament_update_push(tournament_id=tournament_id)


def users_notify(
    *, tournament_id: int, user_ids: list[int], event: str, payload: dict[str, object]
) -> None:
    """A personal notice to each of these users (`/ws/me/`): the leaders when a round failed
    to pair, a player whose ban was lifted."""

    def send() -> None:
        for user_id in user_ids:
            user_push(user_id=user_id, event=event, payload=payload)

    _after_commit(tournament_id, f"{event} notice", send)
