"""`/ws/games/{id}/`: a game's socket. Anyone may watch; the players also move, resign and
offer draws through it. The full state comes on connect (so a reconnect catches up) and
after every change, with the server's time so clients show exact clocks."""

from __future__ import annotations

import logging
import time
from typing import Any

from channels.db import database_sync_to_async
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError
from arbiter.games.live import effects
from arbiter.games.live.payloads import game_payload
from arbiter.games.live.push import game_group, game_state_text
from arbiter.games.read.selectors import game_get
from arbiter.games.services.play import game_draw, game_move, game_resign
from arbiter.realtime.consumers import EventConsumer

# Each handled action's time, from its frame to the commit and the broadcast: INFO for every
# one (off unless ARBITER_GAME_TIMING_LOG=INFO), WARNING for a slow one.
timing = logging.getLogger("arbiter.games.timing")
SLOW_MS = 500


def _state(game_id: int) -> dict[str, Any] | None:
    game = game_get(game_id=game_id)
    return game_payload(game, now=timezone.now()) if game is not None else None


def _act(game_id: int, user: Any, content: dict[str, Any]) -> None:
    """One client action; refusals raise ApplicationError (sent back to this socket only)."""
    kind = content.get("type")
    if kind == "move":
        ply = content.get("ply")
        if not isinstance(content.get("uci"), str) or not isinstance(ply, int):
            raise ApplicationError(_("A move needs `uci` (text) and `ply` (the ply moved from)."))
        game_move(game_id=game_id, user=user, uci=content["uci"], ply=ply)
    elif kind == "resign":
        game_resign(game_id=game_id, user=user)
    elif kind == "draw" and content.get("answer") in ("yes", "no"):
        game_draw(game_id=game_id, user=user, accept=content["answer"] == "yes")
    else:
        raise ApplicationError(_("Unknown action: send move, resign or draw (yes / no)."))


# Any thread of the pool (each with its own database connection): a move waiting for its
# commit does not hold up the moves of other games, as the one thread per process would.
_act_in_any_thread = database_sync_to_async(_act, thread_sensitive=False)


class GameConsumer(EventConsumer):
    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        state = await database_sync_to_async(_state)(self.game_id)
        if state is None:
            await self.close(code=4404)
            return
        await self.accept()
        await self.join(game_group(self.game_id))
        await self.send_json({"event": "game_state", "payload": state})

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every handler: a hop to the
        # process's one database thread per frame. A frame's database work runs through
        # database_sync_to_async, which does the same in that thread anyway.
        if message["type"] == "websocket.receive":
            await self.websocket_receive(message)  # type: ignore[arg-type]
        else:
            await super().dispatch(message)

    async def push(self, message: dict[str, Any]) -> None:
        """A pushed state, sent with its legal moves (published without them: `live.push`)."""
        if "legal_at" not in message:
            await super().push(message)
            return
        frame: Any = {"type": "websocket.send", "text": game_state_text(message)}
        await self.base_send(frame)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._error(ApplicationError(_("Sign in to play.")), status=401)
            return
        if not isinstance(content, dict):
            await self._error(ApplicationError(_("Send a JSON object.")), status=400)
            return
        started = time.perf_counter()
        outcome = "ok"
        with effects.pushes_deferred() as pushes:
            try:
                await _act_in_any_thread(self.game_id, user, content)
            except ApplicationError as exc:
                outcome = "refused"
                await self._error(exc, status=exc.status_code)
        await effects.pushes_publish(pushes)
        spent = (time.perf_counter() - started) * 1000
        if spent >= SLOW_MS or timing.isEnabledFor(logging.INFO):
            level = logging.WARNING if spent >= SLOW_MS else logging.INFO
            kind = content.get("type")
            timing.log(level, "game %s: %s %s in %.1f ms", self.game_id, kind, outcome, spent)

    async def _error(self, exc: ApplicationError, *, status: int) -> None:
        await self.send_error(status, exc.message, exc.extra)
