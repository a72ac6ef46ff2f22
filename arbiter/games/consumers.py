"""`/ws/games/{id}/`: a game's socket. Anyone may watch; the players also move, resign and
offer draws through it. The full state comes on connect (so a reconnect catches up) and
after every change, with the server's time so clients show exact clocks."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError
from arbiter.games.payloads import game_payload
from arbiter.games.push import game_group
from arbiter.games.selectors import game_get
from arbiter.games.services.play import game_draw, game_move, game_resign
from arbiter.realtime.consumers import EventConsumer


def _state(game_id: int) -> dict[str, Any] | None:
    game = game_get(game_id=game_id)
    return game_payload(game, now=timezone.now()) if game is not None else None


def _act(game_id: int, user: Any, content: dict[str, Any]) -> None:
    """One client action; refusals raise ApplicationError (sent back to this socket only)."""
    kind = content.get("type")
    if kind == "move":
        ply = content.get("ply")
        if not isinstance(content.get("uci"), str) or not isinstance(ply, int):
            raise ApplicationError("A move needs `uci` (text) and `ply` (the ply moved from).")
        game_move(game_id=game_id, user=user, uci=content["uci"], ply=ply)
    elif kind == "resign":
        game_resign(game_id=game_id, user=user)
    elif kind == "draw" and content.get("answer") in ("yes", "no"):
        game_draw(game_id=game_id, user=user, accept=content["answer"] == "yes")
    else:
        raise ApplicationError("Unknown action: send move, resign or draw (yes / no).")


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

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._error(ApplicationError("Sign in to play."), status=401)
            return
        if not isinstance(content, dict):
            await self._error(ApplicationError("Send a JSON object."), status=400)
            return
        try:
            await database_sync_to_async(_act)(self.game_id, user, content)
        except ApplicationError as exc:
            await self._error(exc, status=exc.status_code)

    async def _error(self, exc: ApplicationError, *, status: int) -> None:
        payload = {"status": status, "message": exc.message, "extra": exc.extra}
        await self.send_json({"event": "error", "payload": payload})
