"""`/ws/team-swiss/{id}/`: an event's pushes. Events are public, like their pages."""

from __future__ import annotations

from channels.db import database_sync_to_async

from arbiter.realtime import ping
from arbiter.realtime.consumers import EventConsumer
from arbiter.teamswiss.live.push import event_group
from arbiter.teamswiss.read.selectors import event_row_get as event_get


class TeamSwissConsumer(EventConsumer):
    """Version pings (docs/live.md, "Version pings"), whatever the query asks: `hello` with the
    event's read version, then, after `?since=V`, what was missed (or `resync`), then `reload`
    and the small facts."""

    async def connect(self) -> None:
        event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        event = await database_sync_to_async(event_get)(event_id=event_id)
        if event is None:
            await self.close(code=4404)
            return
        await self.accept()
        hello = {"event": event.id, "status": event.status, "version": event.version}
        await ping.socket_subscribe(
            self, group=event_group(event_id), hello=hello, version=event.version
        )
