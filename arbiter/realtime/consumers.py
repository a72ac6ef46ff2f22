from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from arbiter.realtime.push import user_group


class EventConsumer(AsyncJsonWebsocketConsumer):
    """Forwards `push` group messages, already encoded as {"event": ..., "payload": ...}."""

    groups_joined: list[str]

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = [*getattr(self, "groups_joined", []), group]

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every handler, a thread-pool hop
        # per message; a push touches no database, and with a thousand sockets that hop was
        # a third of the server's time.
        if message["type"] == "push":
            await self.push(message)
        else:
            await super().dispatch(message)

    async def push(self, message: dict[str, Any]) -> None:
        await self.send(text_data=message["text"])


class UserConsumer(EventConsumer):
    """`/ws/me/`: personal notifications (e.g. to team leaders). Authentication required."""

    async def connect(self) -> None:
        user: Any = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        await self.accept()
        await self.join(user_group(user.id))
        await self.send_json({"event": "hello", "payload": {"username": user.username}})


class SwissTournamentConsumer(EventConsumer):
    """`/ws/tournaments/swiss/{id}/`: the event's pushes. Events are public, like their pages.

    On connect the server sends the current standings version, so a client that reconnects
    can tell whether it missed something and refetch over REST.
    """

    async def connect(self) -> None:
        from channels.db import database_sync_to_async

        from arbiter.tournaments.push import swiss_group
        from arbiter.tournaments.selectors import tournament_get

        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        tournament = await database_sync_to_async(tournament_get)(tournament_id=tournament_id)
        if tournament is None:
            await self.close(code=4404)
            return
        await self.accept()
        await self.join(swiss_group(tournament_id))
        await self.send_json(
            {
                "event": "hello",
                "payload": {
                    "tournament": tournament_id,
                    "status": tournament.status,
                    "current_round": tournament.current_round,
                    "standings_version": tournament.standings_version,
                },
            }
        )
