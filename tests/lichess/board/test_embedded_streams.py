"""The Board API in `make run`'s configuration (SQLite, the in-memory channel layer, one
process): berserk sees the game start, plays it to mate and sees it finish."""

from __future__ import annotations

from pathlib import Path

from tests.games.helpers import FOOLS_MATE
from tests.lichess.board.helpers import Listener, hang_up, token_client
from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_setup

SETUP = """
from arbiter.games.models import Game
from arbiter.tournaments.models import EventMode
from arbiter.users.services import api_token_create
from tests.factories.events import event_with_round

built = event_with_round(2, mode=EventMode.ONLINE, num_rounds=3)
game = Game.objects.get(pairing=built.boards[0])
tokens = [api_token_create(user=user, name="board")[1] for user in (game.white, game.black)]
print(game.id, built.event.id, *tokens)
"""


def test_a_game_through_the_streams_in_embedded_mode(tmp_path: Path) -> None:
    env, (game_id, event_id, white_token, black_token) = embedded_setup(tmp_path, SETUP)
    with served(env=env, log_path=tmp_path / "serve.log") as web:
        assert web.health["channel_layer"]["backend"].endswith("InMemoryChannelLayer")
        white, black = token_client(web.port, white_token), token_client(web.port, black_token)
        events = Listener(black.board.stream_incoming_events)
        start = events.until("gameStart")["game"]
        assert (start["gameId"], start["swissId"], start["color"]) == (game_id, event_id, "black")

        watch = Listener(lambda: white.board.stream_game_state(game_id))
        assert watch.next_line()["type"] == "gameFull"
        for ply, uci in enumerate(FOOLS_MATE):
            (white if ply % 2 == 0 else black).board.make_move(game_id, uci)
            assert watch.next_line()["moves"].endswith(uci)
        assert watch.wait_end() == []

        finish = events.until("gameFinish")["game"]
        assert finish["status"]["name"] == "mate" and finish["winner"] == "black"
        hang_up(black)
