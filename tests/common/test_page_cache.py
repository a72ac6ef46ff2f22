"""The per-version page cache (arbiter.common.page_cache) on the real shared cache (Redis):
one render per version however many readers, across processes too; versions only go up."""

from __future__ import annotations

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from django.core.cache import cache
from django.test import RequestFactory, override_settings

from arbiter.common import page_cache
from arbiter.common.page_cache import Page


def _scope() -> str:
    return f"test-{uuid.uuid4().hex[:8]}"


def test_a_page_is_rendered_once_for_many_concurrent_readers() -> None:
    scope, renders = _scope(), []
    gate = threading.Event()

    def render() -> Page:
        renders.append(1)
        gate.wait(5)  # every reader arrives while the render runs
        return page_cache.json_page({"rows": list(range(100))}, version=3)

    def read() -> Page:
        return page_cache.page_get(
            scope=scope, object_id=1, version=3, variant="standings", render=render
        )

    with ThreadPoolExecutor(max_workers=32) as pool:
        futures = [pool.submit(read) for _ in range(32)]
        time.sleep(0.3)
        gate.set()
        pages = [f.result(timeout=10) for f in futures]
    assert len(renders) == 1
    assert {p.etag for p in pages} == {pages[0].etag}


def test_another_process_waits_for_the_render_in_progress_and_reads_it() -> None:
    """A process that finds the render lock taken (another process renders) renders nothing:
    it reads the page that process stores. Simulated: the lock is taken as that process would,
    and this process's own pages are forgotten."""
    scope = _scope()
    names = {"scope": scope, "id": 7, "version": 2, "variant": "detail"}
    assert cache.add(page_cache.RENDER_LOCK_KEY.format(**names), 1, 10)
    page = page_cache.json_page({"name": "Open"}, version=2)

    def other_process_finishes() -> None:
        time.sleep(0.2)
        cache.set(page_cache.PAGE_KEY.format(**names), page, 60)

    threading.Thread(target=other_process_finishes).start()
    renders = []

    def render() -> Page:
        renders.append(1)
        return page

    got = page_cache.page_get(scope=scope, object_id=7, version=2, variant="detail", render=render)
    assert renders == [] and got.body == page.body and got.etag == page.etag


def test_a_renderer_that_died_delays_the_readers_but_never_blocks_them() -> None:
    scope = _scope()
    names = {"scope": scope, "id": 9, "version": 1, "variant": "detail"}
    assert cache.add(page_cache.RENDER_LOCK_KEY.format(**names), 1, 10)  # never released
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(page_cache, "RENDER_WAIT_SECONDS", 0.3)
        started = time.monotonic()
        got = page_cache.page_get(
            scope=scope,
            object_id=9,
            version=1,
            variant="detail",
            render=lambda: page_cache.json_page({"ok": True}, version=1),
        )
    assert got.body == b'{"ok":true}'
    assert 0.25 < time.monotonic() - started < 5


@override_settings(READ_VERSION_SECONDS=30)
def test_a_version_only_goes_up_and_a_reader_never_hides_a_publication() -> None:
    scope = _scope()
    page_cache.version_publish(scope=scope, object_id=1, version=5)
    page_cache.version_publish(scope=scope, object_id=1, version=4)  # an older commit, late
    assert page_cache.version_current(scope=scope, object_id=1, load=lambda: 1) == 5
    # A reader that read the database (3) just before a commit published 6 adds nothing.
    page_cache.version_publish(scope=scope, object_id=2, version=6)
    assert page_cache.version_current(scope=scope, object_id=2, load=lambda: 3) == 6
    # Nothing published: the database's version, then kept.
    assert page_cache.version_current(scope=scope, object_id=3, load=lambda: 8) == 8
    assert page_cache.version_current(scope=scope, object_id=3, load=lambda: 99) == 8
    assert page_cache.version_current(scope=scope, object_id=4, load=lambda: None) is None


def test_etags_answer_304_and_a_changed_page_answers_200() -> None:
    page = page_cache.json_page({"v": 1}, version=1)
    factory = RequestFactory()
    fresh = page_cache.page_response(factory.get("/"), page)
    assert fresh.status_code == 200 and fresh["ETag"] == page.etag
    assert fresh["Arbiter-Version"] == "1" and fresh["Cache-Control"] == "no-cache"
    held = page_cache.page_response(factory.get("/", HTTP_IF_NONE_MATCH=page.etag), page)
    assert held.status_code == 304 and held.content == b""
    weak = page_cache.page_response(factory.get("/", HTTP_IF_NONE_MATCH=f"W/{page.etag}"), page)
    assert weak.status_code == 304
    newer = page_cache.json_page({"v": 2}, version=2)
    stale = page_cache.page_response(factory.get("/", HTTP_IF_NONE_MATCH=page.etag), newer)
    assert stale.status_code == 200 and stale["ETag"] == newer.etag != page.etag


def test_the_proxy_may_keep_only_shared_pages_that_hold_until_the_version_moves() -> None:
    """X-Accel-Expires (read by nginx, docs/deploy.md "The proxy's page cache") is on a kept
    page that every reader gets alike, and on nothing else."""
    factory = RequestFactory()
    shared = replace(page_cache.json_page({"v": 1}, version=1), origin="event:1")
    assert page_cache.page_response(factory.get("/"), shared)["X-Accel-Expires"] == "1"
    assert (
        page_cache.page_response(factory.get("/", HTTP_IF_NONE_MATCH=shared.etag), shared)[
            "X-Accel-Expires"
        ]
        == "1"
    )
    countdown = replace(shared, valid_until=time.time() + 60)
    hidden = replace(shared, public=False, body=b"")
    per_request = page_cache.json_page({"v": 1}, version=1)  # never kept: no origin
    for page in (countdown, hidden, per_request):
        assert not page_cache.proxy_may_keep(page)
        assert "X-Accel-Expires" not in page_cache.page_response(factory.get("/"), page)
