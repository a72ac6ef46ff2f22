"""`gameStart` from the round start's push alone: `game_start_send` sends each player's game
with its facts and state (`tournaments.live.game_starts`), and an open event stream builds
its line from that message with the database out of reach (pytest-django's blocker refuses
any connection, in every thread: the stream's reads run in threads of their own, where a
query capture on the test's connection would see nothing). The line is the one the stream
built from its own read before, and the browser's `/ws/me/` message is as it was."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.utils import timezone
from pytest_django import DjangoDbBlocker, Settings

from arbiter.games.live.payloads import game_payload
from arbiter.games.models import Game
from arbiter.lichess.board import lines, streams
from arbiter.lichess.board.selectors import board_game_read
from arbiter.realtime.connections import connection_place_take
from arbiter.realtime.push import user_group
from arbiter.tournaments.live.game_starts import (
    game_start_group,
    game_start_of_pairing,
    game_start_payload,
    game_starts_publish,
)
from arbiter.tournaments.live.push import game_start_send
from arbiter.tournaments.models import EventMode
from arbiter.tournaments.read.game_starts import round_games_started
from arbiter.users.services import api_token_create
from tests.factories.events import BuiltEvent, event_with_players, round_next
from tests.timing import WAIT_SECONDS
from tests.tournaments.live.test_live_push_events import heard

pytestmark = pytest.mark.django_db(transaction=True)


def _online_event() -> BuiltEvent:
    return event_with_players(2, mode=EventMode.ONLINE, num_rounds=3)


async def _next_line(rows: AsyncGenerator[str, None]) -> dict[str, Any]:
    """The stream's next line that is not a keep-alive."""
    while True:
        row = await asyncio.wait_for(anext(rows), WAIT_SECONDS)
        if row.strip():
            return dict(json.loads(row))


def test_the_event_stream_builds_game_start_from_the_push_with_no_read(
    settings: Settings, django_db_blocker: DjangoDbBlocker
) -> None:
    settings.LICHESS_STREAM_KEEPALIVE_SECONDS = 0.2
    built = _online_event()
    player, opponent = built.users
    token, _ = api_token_create(user=player, name="board")

    async def scenario() -> tuple[dict[str, Any], list[str]]:
        place = await connection_place_take(owner=player.id)
        assert place is not None
        held = streams._Held(place, token.id, player.id, "/api/stream/event")
        rows = streams._event_lines(player.id, held)
        try:
            # Connected: subscribed, and the games running now read (none yet).
            assert await asyncio.wait_for(anext(rows), WAIT_SECONDS) == streams.KEEP_ALIVE
            await sync_to_async(round_next)(built)
            await sync_to_async(game_start_send)(tournament_id=built.event.id, number=1)
            with django_db_blocker.block():
                start = await _next_line(rows)
                # The `/ws/me/` message of the same start comes next: skipped, not read.
                after = [await asyncio.wait_for(anext(rows), WAIT_SECONDS) for _ in range(2)]
            return start, after
        finally:
            await rows.aclose()
            await place.release()

    start, after = async_to_sync(scenario)()
    assert after == [streams.KEEP_ALIVE, streams.KEEP_ALIVE]

    game = Game.objects.get(pairing__round__tournament=built.event)
    # The line a read would have built (the stream's way before the push carried the facts).
    read = board_game_read(game_id=game.id)
    assert read is not None
    colour = "white" if game.white_id == player.id else "black"
    assert start == lines.game_start_line(read[0], read[1], colour)
    assert start["game"]["gameId"] == str(game.id)
    assert start["game"]["opponent"]["id"] == opponent.username.lower()
    assert start["game"]["swissId"] == str(built.event.id)


def test_the_pushed_state_is_the_game_socket_state() -> None:
    """The facts' state holds `game_payload`'s values, field for field."""
    built = _online_event()
    round_next(built)
    (game,) = round_games_started(tournament_id=built.event.id, number=1)
    now = timezone.now()
    pushed = game_start_payload(game_start_of_pairing(game, number=1), now=now)
    socket_state = game_payload(Game.objects.get(id=game.id), now=now)
    assert {name: socket_state[name] for name in pushed["state"]} == pushed["state"]
    assert pushed["facts"] == {
        "rated": built.event.rated,
        "initial_ms": game.initial_ms,
        "increment_ms": game.increment_ms,
        "created_at": game.created_at.isoformat(),
    }
    assert (pushed["game_id"], pushed["tournament_id"], pushed["round"]) == (
        game.id,
        built.event.id,
        1,
    )


def test_each_player_gets_both_pushes_and_the_browser_message_is_unchanged() -> None:
    built = _online_event()
    round_next(built)
    game = Game.objects.select_related("white").get(pairing__round__tournament=built.event)
    player = game.white
    assert player is not None

    def send() -> None:
        game_start_send(tournament_id=built.event.id, number=1)

    (facts,) = heard(game_start_group(player.id), send)
    assert facts["event"] == "game_start"
    assert facts["payload"]["state"]["id"] == game.id
    (short,) = heard(user_group(player.id), send)
    assert short == {
        "event": "game_start",
        "payload": {
            "game_id": game.id,
            "tournament_id": built.event.id,
            "round": 1,
            "redirect": True,
        },
    }


def test_game_starts_go_out_in_order_and_one_failing_stops_none(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """`game_starts_publish` sends every push at once (pipelined on the Redis pub/sub
    layer), in order; one that cannot be sent (a payload JSON cannot write) is logged and
    the ones after it still go."""
    group = "user.987002.game-starts"
    pushes = [
        (group, {"n": 1}),
        (group, {"n": {2}}),  # a set: not JSON
        (group, {"n": 3}),
        (group, {"n": 4}),
    ]
    frames = heard(group, lambda: game_starts_publish(pushes))
    assert [(f["event"], f["payload"]["n"]) for f in frames] == [
        ("game_start", 1),
        ("game_start", 3),
        ("game_start", 4),
    ]
    assert f"push to {group} not sent" in caplog.text
