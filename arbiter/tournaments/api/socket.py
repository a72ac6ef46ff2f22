"""`/ws/tournaments/swiss/{id}/`: an event's pushes. Events are public, like their pages."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async

from arbiter.realtime import ping
from arbiter.realtime.consumers import EventConsumer
from arbiter.tournaments.live.payloads import hello_payload
from arbiter.tournaments.live.push import swiss_group
from arbiter.tournaments.read.selectors import tournament_row_get


class SwissTournamentConsumer(EventConsumer):
    """On connect the server sends the current standings version, so a client that reconnects
    can tell whether it missed something and refetch over REST."""

    async def connect(self) -> None:
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        # The row alone: a thousand sockets connect when a round starts.
        tournament = await database_sync_to_async(tournament_row_get)(tournament_id=tournament_id)
        if tournament is None:
            await self.close(code=4404)
            return
        await self.accept()
        group = swiss_group(tournament_id)
        if ping.socket_wants_pings(self.scope):  # `?frames=ping[&since=V]` (docs/live.md)
            await ping.socket_subscribe(
                self, group=group, hello=hello_payload(tournament), version=tournament.version
            )
            return
        # `?frames=one`: each live push as one standings_update frame (docs/live.md).
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        await self.join(swiss_group(tournament_id, one_frame=query.get("frames") == ["one"]))
        await self.send_json({"event": "hello", "payload": hello_payload(tournament)})
