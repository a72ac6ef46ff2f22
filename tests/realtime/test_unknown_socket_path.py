"""An unknown /ws/ path (issue 13, defect 9) is refused quietly: the socket closes with 4404
and nothing raises (the router's "No route found" was a logged traceback)."""

from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.timing import WAIT_SECONDS


async def test_an_unknown_socket_path_is_closed_with_4404():
    socket = WebsocketCommunicator(
        application, "/ws/no/such/path/", headers=[(b"origin", b"http://localhost")]
    )
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    assert not connected
    assert code == 4404
