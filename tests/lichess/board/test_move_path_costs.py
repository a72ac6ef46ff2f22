"""What a Board-API move and a stream's open cost the web process, kept as they were made
cheap (docs/lichess-api.md, "The lean move path"): the throttle's counts go through one cache
backend per process, whatever task or thread counts; a token is read in one query, as active
as the ORM's definition says; a game stream's open reads a game's facts and state in one query
and leaves its place and names known, so the states pushed after the next moves read none."""

from __future__ import annotations

import asyncio
import contextvars
import gc
import time
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache, caches
from django.db import connection
from django.test import AsyncRequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from arbiter.common import throttling
from arbiter.common.throttling import user_throttle
from arbiter.games.live.payloads import game_state
from arbiter.games.live.push import game_group
from arbiter.games.models import Game
from arbiter.games.read import selectors as game_selectors
from arbiter.games.services.play import game_move
from arbiter.lichess.board import streams
from arbiter.lichess.board.lines import game_facts
from arbiter.lichess.board.selectors import board_game_read
from arbiter.realtime.push import channel_layer
from arbiter.users.models import ApiToken, User
from arbiter.users.read import api_token_get_active, api_token_get_active_by_id
from arbiter.users.services import api_token_create
from tests.factories.users import UserFactory
from tests.lichess.board.helpers import rapid_game

pytestmark = pytest.mark.django_db


def test_throttle_counts_share_one_cache_backend_across_requests() -> None:
    """Django's handler gives each context (each ASGI request starts with a fresh one) a
    backend and a Redis pool of its own; the throttle's counts do not, and land where
    `cache` reads them."""
    seen: list[tuple[Any, Any]] = []

    def request() -> None:  # as a request: a fresh context, counting one game action
        user_throttle(scope="game", user_id=987_001)
        seen.append((throttling._counts._get(), caches["default"]))

    for _ in range(2):
        contextvars.Context().run(request)
    assert seen[0][0] is seen[1][0]
    assert seen[0][1] is not seen[1][1]  # what each request's counting used to go through
    assert len(cache.get("throttle_game_987001")) == 2


def _orm_active(**lookup: Any) -> ApiToken | None:
    """The ORM's definition of an active token, which the selector's SQL writes once."""
    return (
        ApiToken.objects.filter(
            revoked_at__isnull=True, expires_at__gt=timezone.now(), user__is_active=True
        )
        .select_related("user")
        .filter(**lookup)
        .first()
    )


def test_a_token_is_read_in_one_query_as_the_orm_defines_active() -> None:
    user, inactive = UserFactory(), UserFactory(is_active=False)
    (active, plain), (revoked, revoked_plain) = (
        api_token_create(user=user, name="a"),
        api_token_create(user=user, name="b"),
    )
    (expired, expired_plain), (other, other_plain) = (
        api_token_create(user=user, name="c"),
        api_token_create(user=inactive, name="d"),
    )
    ApiToken.objects.filter(id=revoked.id).update(revoked_at=timezone.now())
    ApiToken.objects.filter(id=expired.id).update(expires_at=timezone.now() - timedelta(1))
    for row, token in ((active, plain), (revoked, revoked_plain), (expired, expired_plain)):
        with CaptureQueriesContext(connection) as queries:
            found = api_token_get_active(token=token)
        assert len(queries.captured_queries) == 1
        expected = _orm_active(id=row.id)
        assert (found is None) == (expected is None)
        by_id = api_token_get_active_by_id(token_id=row.id)
        assert (by_id is None) == (expected is None)
    assert api_token_get_active(token=other_plain) is None  # the user is inactive
    assert _orm_active(id=other.id) is None
    found = api_token_get_active(token=plain)
    assert found is not None
    fields = [f.attname for f in ApiToken._meta.concrete_fields]
    expected = ApiToken.objects.get(id=active.id)
    assert [getattr(found, f) for f in fields] == [getattr(expected, f) for f in fields]
    with CaptureQueriesContext(connection) as queries:
        loaded: User = found.user
    assert not queries.captured_queries  # the user came with it
    user_fields = [f.attname for f in User._meta.concrete_fields]
    assert [getattr(loaded, f) for f in user_fields] == [getattr(user, f) for f in user_fields]
    assert api_token_get_active(token="not a token") is None


def test_a_stream_open_reads_a_game_in_one_query_and_the_next_push_reads_no_place() -> None:
    playing = rapid_game()
    game_selectors._places.clear()
    game_selectors._usernames.clear()
    with CaptureQueriesContext(connection) as queries:
        read = board_game_read(game_id=playing.game.id)
    assert len(queries.captured_queries) == 1
    assert read is not None
    facts, state = read
    # What the reads it replaced built: the game with its event, then the state's own reads.
    game = game_selectors.game_get(game_id=playing.game.id)
    assert game is not None
    assert facts == game_facts(game)
    now = timezone.now()
    built = game_state(game, now=now)
    assert {**state, "server_time": 0, "wtime": 0, "btime": 0} == {
        **built,
        "server_time": 0,
        "wtime": 0,
        "btime": 0,
    }
    game_move(game_id=playing.game.id, user=playing.white, uci="e2e4")
    moved = Game.objects.get(id=playing.game.id)
    with CaptureQueriesContext(connection) as queries:
        pushed = game_state(moved, now=timezone.now())
    assert not queries.captured_queries
    assert pushed["white"]["username"] == playing.white.username
    assert pushed["round"] == 1


@pytest.mark.django_db(transaction=True)
def test_a_game_stream_refused_or_never_sent_leaves_the_games_group() -> None:
    """A game stream joins the game's group before it reads: a refused open leaves it at
    once, and an answer Django never started to send (its client left) leaves it when the
    answer is dropped, though its generator never ran."""
    playing = rapid_game()
    token = api_token_create(user=playing.white, name="board")[1]
    stranger = api_token_create(user=UserFactory(), name="board")[1]
    path = f"/api/board/game/stream/{playing.game.id}"
    group = game_group(playing.game.id)

    async def members() -> int:
        await asyncio.sleep(0.05)  # what a finalizer scheduled runs
        loop_layer = channel_layer()._get_layer()
        return len(loop_layer.groups.get(loop_layer._get_group_channel_name(group), ()))

    async def scenario() -> list[int]:
        seen = []
        refused = await streams.game_stream(
            AsyncRequestFactory().get(path, headers={"Authorization": f"Bearer {stranger}"}),
            str(playing.game.id),
        )
        assert refused.status_code == 404
        seen.append(await members())
        answer = await streams.game_stream(
            AsyncRequestFactory().get(path, headers={"Authorization": f"Bearer {token}"}),
            str(playing.game.id),
        )
        assert answer.status_code == 200
        seen.append(await members())  # joined, the answer not sent yet
        del answer
        gc.collect()
        seen.append(await members())
        return seen

    assert async_to_sync(scenario)() == [0, 1, 0]


def test_streams_opened_together_re_read_their_tokens_apart(settings: Any) -> None:
    """The first re-check of a stream's token comes at a random point of the period, never
    later than a period after the open."""
    settings.SOCKET_AUTH_RECHECK_SECONDS = 60.0
    opened = time.monotonic()
    checks = [streams._Held(None, 1, 1, "/api/stream/event").checked for _ in range(50)]
    assert all(opened - 60.0 <= at <= time.monotonic() for at in checks)
    assert max(checks) - min(checks) > 10.0  # spread, not one burst
