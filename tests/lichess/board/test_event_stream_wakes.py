"""An event stream (`/api/stream/event`) hears a game's start and its end, and nothing of the
moves between: it follows the game's end group (`game.{id}.end`), where only the final state is
published, not the game's group, where every move is. Each message its channel receives is
counted; a move must not make one."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from pytest_django import Settings

from arbiter.games.live.push import game_group
from arbiter.games.models import Game
from arbiter.games.services.play import game_move, game_resign
from arbiter.lichess.board import streams
from arbiter.lichess.board.subscription import Subscription
from arbiter.realtime.connections import connection_place_take
from arbiter.tournaments.live.push import game_start_send
from arbiter.tournaments.models import EventMode
from arbiter.users.services import api_token_create
from tests.factories.events import event_with_players, round_next
from tests.games.helpers import quiet_moves
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)

MOVES = 6


async def _next_line(rows: AsyncGenerator[str, None]) -> dict[str, Any]:
    while True:
        row = await asyncio.wait_for(anext(rows), WAIT_SECONDS)
        if row.strip():
            return dict(json.loads(row))


def test_an_event_stream_is_woken_by_the_start_and_the_end_not_by_moves(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.LICHESS_STREAM_KEEPALIVE_SECONDS = 0.2
    built = event_with_players(2, mode=EventMode.ONLINE, num_rounds=3)
    player = built.users[0]
    token, _ = api_token_create(user=player, name="board")
    woken: list[dict[str, Any]] = []

    class Counted(Subscription):
        async def next(self, timeout: float) -> dict[str, Any] | None:
            message = await super().next(timeout)
            if message is not None:
                woken.append(message)
            return message

    monkeypatch.setattr(streams, "Subscription", Counted)

    async def scenario() -> tuple[int, int, dict[str, Any], dict[str, Any]]:
        place = await connection_place_take(owner=player.id)
        assert place is not None
        held = streams._Held(place, token.id, player.id, "/api/stream/event")
        rows = streams._event_lines(player.id, held)
        watcher = Subscription()  # the game's own group, as a game stream hears it
        try:
            assert await asyncio.wait_for(anext(rows), WAIT_SECONDS) == streams.KEEP_ALIVE
            await sync_to_async(round_next)(built)
            await sync_to_async(game_start_send)(tournament_id=built.event.id, number=1)
            start = await _next_line(rows)
            game = await sync_to_async(Game.objects.select_related("white", "black").get)(
                id=int(start["game"]["gameId"])
            )
            await watcher.__aenter__()
            await watcher.join(game_group(game.id))
            # The round start's two messages (with the facts, then `/ws/me/`'s short one).
            assert await asyncio.wait_for(anext(rows), WAIT_SECONDS) == streams.KEEP_ALIVE
            at_start = len(woken)

            for ply, uci in enumerate(quiet_moves(MOVES)):
                user = game.white if ply % 2 == 0 else game.black
                await sync_to_async(game_move)(game_id=game.id, user=user, uci=uci, ply=ply)
            # Every move was published to the game's group...
            for _ in range(MOVES):
                heard = await watcher.next(WAIT_SECONDS)
                assert heard is not None and heard["type"] == "push"
            # ...and the event stream, on the same loop, stayed asleep past a keep-alive.
            for _ in range(2):
                assert await asyncio.wait_for(anext(rows), WAIT_SECONDS) == streams.KEEP_ALIVE
            during_moves = len(woken) - at_start

            await sync_to_async(game_resign)(game_id=game.id, user=game.black)
            finish = await _next_line(rows)
            return at_start, during_moves, start, finish
        finally:
            await watcher.__aexit__(None, None, None)
            await rows.aclose()
            await place.release()

    at_start, during_moves, start, finish = async_to_sync(scenario)()
    assert start["type"] == "gameStart"
    assert at_start == 2  # the game's start: its two pushes
    assert during_moves == 0
    assert finish["type"] == "gameFinish" and finish["game"]["status"]["name"] == "resign"
    assert len(woken) == at_start + 1  # the game's end: its final state alone
