"""`prizes_update`: pushed after a leader sets the prize table, and with the winners after
the last round; its payload has the schema's declared shape."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async

from arbiter.realtime.push import channel_layer
from arbiter.tournaments.live.push import swiss_group, tournament_end_send
from arbiter.tournaments.services.prizes import prize_table_set
from tests.factories.events import event_with_round, round_next
from tests.timing import WAIT_SECONDS
from tests.tournaments.live.test_socket_schema import assert_frames_declared

pytestmark = pytest.mark.django_db

TABLE = [{"category": "overall", "place": 1, "amount": "10", "label": ""}]


def heard(
    group: str, action: Callable[[], Any], *, quiet: float, until: str
) -> list[dict[str, Any]]:
    """The frames pushed to `group` while `action` runs in this test's thread (its database
    transaction): until a frame of event `until` (waited for up to WAIT_SECONDS), then until
    `quiet` seconds pass with nothing more."""
    layer = channel_layer()

    async def listen() -> list[dict[str, Any]]:
        inbox = await layer.new_channel()
        await layer.group_add(group, inbox)
        await sync_to_async(action, thread_sensitive=True)()
        frames: list[dict[str, Any]] = []
        while True:
            waiting = not any(frame["event"] == until for frame in frames)
            try:
                message = await asyncio.wait_for(
                    layer.receive(inbox), timeout=WAIT_SECONDS if waiting else quiet
                )
            except TimeoutError:
                return frames
            frames += [json.loads(t) for t in message.get("texts") or [message["text"]]]

    return async_to_sync(listen)()


def test_prize_table_pushed_after_commit_and_winners_at_the_end(
    django_capture_on_commit_callbacks: Any,
) -> None:
    built = event_with_round(4, 1, results=[["1-0", "1-0"]], num_rounds=2)
    group = swiss_group(built.event.id)

    def table_set() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            prize_table_set(tournament=built.event, user=built.leader, prizes=TABLE)

    frames = heard(group, table_set, quiet=0.3, until="prizes_update")
    assert [f["event"] for f in frames] == ["prizes_update"]
    assert_frames_declared(frames)
    assert frames[-1]["payload"]["final"] is False
    assert frames[-1]["payload"]["prizes"][0]["winner"] is None

    round_next(built, results=["1-0", "1-0"])  # the last round: the event is over
    frames = heard(
        group,
        lambda: tournament_end_send(tournament_id=built.event.id),
        quiet=0.3,
        until="prizes_update",
    )
    assert {f["event"] for f in frames} >= {"tournament_end", "prizes_update"}
    assert_frames_declared(frames)
    prizes = frames[-1]["payload"]
    assert prizes["final"] is True
    assert prizes["prizes"][0]["winner"] == built.event.participants.get(rank=1).display_name
