"""Two tabs send the same move at the same instant: the game row lock applies one."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from arbiter.common.exceptions import ApplicationError
from arbiter.games.models import Game
from arbiter.games.services.play import game_move
from tests.games.helpers import online_round


@pytest.mark.django_db(transaction=True)
def test_two_moves_sent_at_once_make_one_move() -> None:
    started = online_round()
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def tab(uci: str) -> None:
        try:
            barrier.wait()
            game_move(game_id=started.game.id, user=started.white, uci=uci, ply=0)
            outcomes.append("moved")
        except ApplicationError as exc:
            outcomes.append(f"{exc.status_code}")
        finally:
            connection.close()

    threads = [threading.Thread(target=tab, args=(uci,)) for uci in ("e2e4", "d2d4")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["409", "moved"]
    game = Game.objects.get(id=started.game.id)
    assert game.ply == 1 and game.moves in ("e2e4", "d2d4")
