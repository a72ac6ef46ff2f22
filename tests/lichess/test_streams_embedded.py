"""`make run`'s embedded configuration (one process, no Redis: the places are counted in the
process, revocations cross the in-memory channel layer): the same allowance of long-lived
connections and the same end of a revoked token's streams as with Redis."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.lichess.streams_served import (
    Refused,
    request,
    socket_close_code,
    socket_open,
    stream_ended,
    stream_open,
)
from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_setup

CAP = 3

SETUP = """
from arbiter.users.models import User
from arbiter.users.services import api_token_create
user = User.objects.create_user("bot", password="x")
token, plain = api_token_create(user=user, name="bot")
_, other = api_token_create(user=user, name="other")
print(token.id, plain, other)
"""


def test_embedded_mode_caps_streams_and_sockets_and_ends_a_revoked_tokens_streams(
    tmp_path: Path,
) -> None:
    env, (token_id, plain, other) = embedded_setup(tmp_path, SETUP)
    env["ARBITER_LIVE_CONNECTIONS_PER_USER"] = str(CAP)
    env["ARBITER_STREAM_KEEPALIVE_SECONDS"] = "0.5"
    with served(env=env, log_path=tmp_path / "serve.log") as web:

        async def scenario() -> None:
            streams = [await stream_open(web.port, "/api/stream/event", plain) for _ in range(2)]
            with socket_open(web.port, "/ws/me/", other) as socket:
                socket.recv(timeout=10)  # hello: the third place
                try:
                    await stream_open(web.port, "/api/stream/event", other)
                except Refused as refused:
                    assert (refused.status, list(refused.body)) == (429, ["error"])
                else:
                    raise AssertionError("a stream past the cap was opened")
                with socket_open(web.port, "/ws/me/", other) as extra:
                    assert socket_close_code(extra) == 4429
            status, _ = await asyncio.to_thread(
                request, web.port, "DELETE", f"/api/auth/tokens/{token_id}/", other
            )
            assert status == 204
            ended = await asyncio.gather(*(stream_ended(s, 10) for s in streams))
            assert [done for done, _ in ended] == [True, True], ended
            # Their places are free again.
            more = [await stream_open(web.port, "/api/stream/event", other) for _ in range(CAP)]
            for stream in more:
                stream.close()

        asyncio.run(scenario())
        assert "Traceback" not in (tmp_path / "serve.log").read_text()
