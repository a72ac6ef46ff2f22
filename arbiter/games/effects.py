"""What follows a game's write, after commit and guarded: a failed push is logged, never
raised (a client that missed it gets the full state on reconnect or from REST)."""

from __future__ import annotations

import logging

from django.db import transaction

from arbiter.games import push

logger = logging.getLogger(__name__)


def _guarded_push(game_id: int) -> None:
    try:
        push.game_state_push(game_id=game_id)
    except Exception:
        logger.exception("game %s: state push failed", game_id)


def game_changed(*, game_id: int) -> None:
    transaction.on_commit(lambda: _guarded_push(game_id))
