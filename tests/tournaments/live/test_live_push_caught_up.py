"""Standings newer than the last push (a push task lost with a dead worker, say) reach the
watchers at the next tick: `push_catch_up` requests a live push, which a real worker runs."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.core.cache import cache

from arbiter.realtime.push import channel_layer
from arbiter.tournaments.live.push import (
    PUSHED_AT_KEY,
    PUSHED_ROUND_KEY,
    PUSHED_VERSION_KEY,
    STALE_KEY_SECONDS,
    push_catch_up,
    swiss_group,
)
from arbiter.tournaments.models import SwissTournament
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)


def event_with_a_result() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Four players, round 1 paired, board 1's result written by the leader. No worker runs:
    the result's push task waits in the queue the test's worker would start on."""
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=2)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    boards = client_of(leader).post(f"{base}/start-next-round/").json()["pairings"]
    url = f"{base}/pairings/{boards[0]['id']}/result/"
    assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200
    return event, boards


def test_standings_the_watchers_have_not_heard_are_pushed_by_the_tick():
    event, boards = event_with_a_result()
    version = SwissTournament.objects.get(id=event["id"]).standings_version
    # The round start was pushed from the request itself; the result's push never ran.
    assert cache.get(PUSHED_ROUND_KEY.format(event["id"])) == 1
    assert cache.get(PUSHED_VERSION_KEY.format(event["id"])) == version - 1
    time.sleep(STALE_KEY_SECONDS + 0.5)  # the lost push's coalescing slot has expired

    layer = channel_layer()

    async def listen_then_catch_up() -> list[dict[str, Any]]:
        inbox = await layer.new_channel()
        await layer.group_add(swiss_group(event["id"]), inbox)
        with celery_worker():
            assert await database_sync_to_async(push_catch_up)() == [event["id"]]
            message = await asyncio.wait_for(layer.receive(inbox), timeout=90)  # slow machines
        return [json.loads(text) for text in message["texts"]]

    frames = async_to_sync(listen_then_catch_up)()
    assert [f["event"] for f in frames] == ["game_result", "standings_update"]
    assert [r["id"] for r in frames[0]["payload"]["results"]] == [boards[0]["id"]]
    assert frames[1]["payload"]["version"] == version
    assert cache.get(PUSHED_VERSION_KEY.format(event["id"])) == version
    assert push_catch_up() == []  # nothing left to catch up


def test_a_push_in_flight_is_not_caught_up_and_a_lost_one_is_once_its_slot_is_stale():
    """Under a stream of results the last push lags the newest write by up to a window: the
    tick leaves that to the push already decided (it reads the newest version), and logs no
    "caught up" warning (it warns for the events it returns). A push decided but lost is
    caught up once its slot has gone stale."""
    event, _ = event_with_a_result()
    # The result's push was decided just now (its task waits for a worker that never runs).
    assert push_catch_up() == []
    assert cache.get(PUSHED_AT_KEY.format(event["id"])) is not None
    # The push was a leading one or a trailing one (the round start's push was just before):
    # either slot goes stale after STALE_KEY_SECONDS.
    time.sleep(STALE_KEY_SECONDS + 0.5)
    assert push_catch_up() == [event["id"]]
