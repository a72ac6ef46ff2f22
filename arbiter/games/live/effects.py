"""What follows a game's write, after commit and guarded: a failed push is logged, never
raised (a client that missed it gets the full state on reconnect or from REST).

The state pushed is built from the game as the write left it (no second read) and the position
the move kept (`games.positions`: no replay), without the legal moves that only game sockets
add (`push`). A write made for a game socket publishes from the socket's event loop
(`pushes_deferred`): the database thread, one per web process, would otherwise wait for that
loop to publish."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import transaction
from django.utils import timezone

from arbiter.games.live import push
from arbiter.games.live.payloads import game_push_state
from arbiter.games.models import Game
from arbiter.games.read.selectors import game_host_team_id, game_place
from arbiter.realtime.push import push_text, user_push
from arbiter.teams.read import team_leader_ids

logger = logging.getLogger(__name__)

# While set (by a socket handler), the messages to publish are collected here instead of sent.
_deferred: ContextVar[list[push.Publication] | None] = ContextVar(
    "game_pushes_deferred", default=None
)


def _after_commit(game: Game) -> None:
    try:
        state, legal = game_push_state(game, now=timezone.now())
        publications = push.game_state_publications(game_id=game.id, state=state, legal=legal)
        deferred = _deferred.get()
        if deferred is not None:
            deferred.extend(publications)
        else:
            push.publications_send(publications)
    except Exception:
        logger.exception("game %s: state push failed", game.id)


def game_changed(*, game: Game) -> None:
    """Push the game's new state once committed."""
    transaction.on_commit(lambda: _after_commit(game))


@contextmanager
def pushes_deferred() -> Iterator[list[push.Publication]]:
    """Collect the pushes of the writes run inside (in this context and the sync threads it
    starts); the caller publishes them with `pushes_publish`."""
    collected: list[push.Publication] = []
    token = _deferred.set(collected)
    try:
        yield collected
    finally:
        _deferred.reset(token)


async def pushes_publish(collected: list[push.Publication]) -> None:
    for publication in collected:
        try:
            await push.publications_publish([publication])
        except Exception:
            logger.exception("%s: state push failed", publication[0])


# --- the arbiter (services.arbitration) -------------------------------------------------------


def _arbiter_action_send(game_id: int, payload: dict[str, Any]) -> None:
    try:
        text = push_text("arbiter_action", {"game_id": game_id, **payload})
        push.publications_send([(push.game_group(game_id), {"type": "push", "text": text})])
    except Exception:
        logger.exception("game %s: arbiter action push failed", game_id)


def arbiter_action_announce(*, game_id: int, payload: dict[str, Any]) -> None:
    """Tell the game's watchers (both players too) what the arbiter did, once committed."""
    transaction.on_commit(lambda: _arbiter_action_send(game_id, payload))


def _calls_send(game_id: int, caller_id: int) -> None:
    try:
        place = game_place(game_id=game_id)
        team_id = game_host_team_id(game_id=game_id)
        users = {caller_id, *(team_leader_ids(team_id=team_id) if team_id else [])}
        payload = {
            "game_id": game_id,
            "tournament_id": place.tournament_id,
            "team_swiss_id": getattr(place, "team_swiss_id", None),
        }
        for user_id in users:
            user_push(user_id=user_id, event="arbiter_call", payload=payload)
    except Exception:
        logger.exception("game %s: arbiter call push failed", game_id)


def arbiter_calls_changed(*, game_id: int, caller_id: int) -> None:
    """Ping the caller and the game's arbiters (their `/ws/me/`) that a call was opened or
    closed; their pages read the calls again (the reason is theirs alone, not the watchers')."""
    transaction.on_commit(lambda: _calls_send(game_id, caller_id))
