"""What follows a write, run after it commits and guarded: a failed push is logged, never
fails the request (a client refetches over REST when it reconnects)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from arbiter.realtime import ping
from arbiter.teamswiss.live import pages, push

logger = logging.getLogger(__name__)


def _after_commit(event_id: int, what: str, action: Callable[[], object]) -> None:
    def guarded() -> None:
        try:
            action()
        except Exception:
            logger.exception("team swiss %s: %s failed after commit", event_id, what)

    transaction.on_commit(guarded)


def read_version_published(*, event_id: int, version: int) -> None:
    """Readers are served pages of `version` once it has committed (docs/live.md, "Reads")."""
    _after_commit(
        event_id,
        f"publishing read version {version}",
        lambda: ping.version_out(
            scope=pages.SCOPE, object_id=event_id, group=push.event_group(event_id), version=version
        ),
    )


def lineup_submitted(*, event_id: int, number: int, tpn: int) -> None:
    _after_commit(
        event_id,
        "lineup_submitted push",
        lambda: push.lineup_submitted_send(event_id=event_id, number=number, tpn=tpn),
    )


def board_result(*, event_id: int, number: int, table: int) -> None:
    _after_commit(
        event_id,
        "board_result push",
        lambda: push.board_result_send(event_id=event_id, number=number, table=table),
    )


def games_started(*, event_id: int, number: int) -> None:
    """An online round's games: each player is told (`game_start`) and taken to theirs."""
    _after_commit(
        event_id,
        "game_start push",
        lambda: push.game_start_send(event_id=event_id, number=number),
    )
