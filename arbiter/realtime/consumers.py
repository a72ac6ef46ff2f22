from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from arbiter.realtime.push import user_group


class EventConsumer(AsyncJsonWebsocketConsumer):
    """Forwards `push` group messages to the client as {"event": ..., "payload": ...}."""

    groups_joined: list[str]

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = [*getattr(self, "groups_joined", []), group]

    async def push(self, message: dict[str, Any]) -> None:
        await self.send_json({"event": message["event"], "payload": message["payload"]})


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
