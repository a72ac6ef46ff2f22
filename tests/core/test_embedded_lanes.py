"""Embedded mode's task threads are split by job, and a web process's request threads are
bounded (issue 45: a due round started 20 s late behind a burst)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from celery import shared_task

from arbiter.core.embedded import EmbeddedRunner
from config.http_slots import HttpSlots

release = threading.Event()
ran: list[str] = []


@shared_task(name="tests.embedded.block")
def block() -> None:
    release.wait(timeout=60)


@shared_task(name="tests.embedded.urgent")
def urgent() -> None:
    ran.append(threading.current_thread().name)


def test_a_task_of_the_schedule_lane_runs_while_the_tasks_lane_is_full(settings):
    settings.EMBEDDED_TASK_LANES = {"tests.embedded.urgent": "schedule"}
    settings.EMBEDDED_LANE_THREADS = {"schedule": 1, "tasks": 2}
    settings.CELERY_BEAT_SCHEDULE = {}
    release.clear()
    ran.clear()

    async def scenario() -> None:
        runner = EmbeddedRunner()
        runner.loop = asyncio.get_running_loop()
        blocked = [asyncio.create_task(runner._run_later(block, (), {}, 0)) for _ in range(4)]
        await asyncio.sleep(0.2)  # both threads of `tasks` are held, two more calls queued
        await asyncio.wait_for(runner._run_later(urgent, (), {}, 0), timeout=30)
        assert ran and ran[0].startswith("embedded-schedule")
        assert not any(task.done() for task in blocked)  # it did not wait for them
        release.set()
        await asyncio.wait_for(asyncio.gather(*blocked), timeout=30)

    asyncio.run(scenario())


async def _app_counting(state: dict[str, Any], scope: dict[str, Any], send: Any) -> None:
    state["now"] += 1
    state["most"] = max(state["most"], state["now"])
    await asyncio.sleep(0.05)
    await send({"type": "http.response.start", "status": 200, "headers": []})
    state["now"] -= 1
    if scope["path"] == "/stream":  # a stream goes on after its start, its slot given back
        await state["stream_go"].wait()
    await send({"type": "http.response.body", "body": b""})


def test_http_slots_bound_requests_and_a_stream_gives_its_slot_back():
    async def scenario() -> None:
        state: dict[str, Any] = {"now": 0, "most": 0, "stream_go": asyncio.Event()}

        async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
            await _app_counting(state, scope, send)

        slots = HttpSlots(app, slots=3)
        sent: list[str] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message["type"])

        streams = [
            asyncio.create_task(slots({"type": "http", "path": "/stream"}, None, send))
            for _ in range(3)
        ]
        await asyncio.sleep(0.3)  # three streams started: each holds no slot any more
        requests = [slots({"type": "http", "path": "/"}, None, send) for _ in range(12)]
        await asyncio.wait_for(asyncio.gather(*requests), timeout=30)
        assert state["most"] <= 3  # never more than the bound before an answer started
        assert sent.count("http.response.start") == 15
        state["stream_go"].set()
        await asyncio.wait_for(asyncio.gather(*streams), timeout=30)
        assert sent.count("http.response.body") == 15

    asyncio.run(scenario())
