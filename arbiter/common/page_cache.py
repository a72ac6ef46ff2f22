"""Public pages rendered once per version and served from the cache (docs/live.md, "Reads").

An event has a read version, bumped in every transaction that changes what its readers see
and published to the shared cache after the commit. A public page (event detail, standings
page, round, …) is rendered into bytes once per version and kept under a key naming the
version, so a cached page never needs invalidating: a new version simply has new keys. A
reader costs one cache read for the version and one for the page (or none: every process keeps
the pages it served last), and answers `304` to a client that already holds them.

A cold cache is one render per version across every process, not one per reader: within a
process the readers of a page wait for the one thread rendering it; across processes the first
takes a short render lock in the shared cache and the others wait for its page (and render it
themselves only if it never comes, so a dead renderer delays, never blocks).

A page is the same in every interface language: it holds codes, numbers and names, never a
translated text (the browser app words the codes), so one render serves every reader and its
key names no language. A refusal raised while rendering (a 404) is no page: it is raised to the
reader in their language (docs/i18n.md, "Cached pages").
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest, HttpResponse
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from arbiter.common.shared_redis import shared_get

VERSION_KEY = "page-version:{scope}:{id}"
PAGE_KEY = "page:{scope}:{id}:v{version}:{variant}"
RENDER_LOCK_KEY = "page-render:{scope}:{id}:v{version}:{variant}"
# A page of a version nobody reads any more leaves the shared cache after this.
PAGE_TTL = 300
# Pages a process keeps in memory: the newest, up to this count and size.
LOCAL_PAGES = 512
LOCAL_BYTES = 64 * 1024 * 1024
LOCAL_TTL = 60.0
# How long a reader waits for another process's render before rendering itself.
RENDER_WAIT_SECONDS = 5.0
RENDER_POLL_SECONDS = 0.01
VERSION_HEADER = "Arbiter-Version"
# How long the reverse proxy may answer a shared page to visitors from its own cache: nginx
# reads X-Accel-Expires (and never passes it on), with nothing in front it is only a header.
# One second, as the web process's own shortcut may answer the previous version for that long
# (page_shortcut.STALE_SECONDS), and as lila-http serves an arena from a copy of the second.
PROXY_EXPIRES_HEADER = "X-Accel-Expires"
PROXY_KEEP_SECONDS = 1
# A process reuses a version it read from the shared cache this long: at hundreds of reads a
# second a process asks Redis about one event a few dozen times a second, not hundreds. A
# reader elsewhere may so see a commit this much later (its own process sees it at once).
LOCAL_VERSION_SECONDS = 0.05

# Only ever raises a version: two commits' publications may arrive out of order.
_PUBLISH_MAX = """
local current = redis.call('GET', KEYS[1])
if (not current) or tonumber(current) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
end
return 1
"""


@dataclass(frozen=True)
class Page:
    """A rendered page. `public` False marks a page that is not the same for every reader
    (hidden standings while the event runs): it holds no content, and the view answers each
    reader from its own view instead."""

    body: bytes
    etag: str
    version: int
    content_type: str = "application/json"
    public: bool = True
    # A page finished per request (a countdown, a team event's viewer fields) keeps its data here.
    data: Any = None
    # Epoch seconds after which the bytes are no longer what a reader gets (a countdown's
    # whole second ran out); None: they hold until the version moves.
    valid_until: float | None = None
    # The version key of the object it belongs to, set once the page is kept: a page served
    # as kept is the same for every reader (`page_shared`), one finished per request is not.
    origin: str = ""
    # The bytes are what a visitor (no session) reads; a signed-in reader's page is finished
    # from `data` per request (a team event's viewer fields).
    visitors_only: bool = False


def page_of(*, body: bytes, version: int, content_type: str = "application/json") -> Page:
    digest = hashlib.blake2b(body, digest_size=12).hexdigest()
    return Page(body=body, etag=f'"{digest}"', version=version, content_type=content_type)


V = TypeVar("V")

_json = JSONRenderer()


def json_page(data: Any, *, version: int) -> Page:
    """Bytes exactly as DRF's JSON renderer writes them for the same data."""
    return page_of(body=_json.render(data), version=version)


def page_private(*, version: int) -> Page:
    return Page(body=b"", etag="", version=version, public=False)


def page_data(data: Any, *, version: int) -> Page:
    """A page kept as data, its bytes written per request (by `page_of`)."""
    return Page(body=b"", etag="", version=version, data=data)


def page_for_visitors(visitor_view: Any, *, data: Any, version: int) -> Page:
    """A page whose bytes are what every visitor reads (`visitor_view` as JSON), kept with the
    `data` a signed-in reader's own page is finished from per request."""
    return replace(json_page(visitor_view, version=version), data=data, visitors_only=True)


# --- Versions --------------------------------------------------------------------------------

_local_versions_lock = threading.Lock()
_local_versions: dict[str, tuple[int, float]] = {}  # key: (version, trusted until, monotonic)


def _local_version_note(key: str, version: int) -> None:
    with _local_versions_lock:
        known = _local_versions.get(key)
        if known is None or known[0] <= version:
            _local_versions[key] = (version, time.monotonic() + LOCAL_VERSION_SECONDS)


def version_publish(*, scope: str, object_id: int, version: int) -> None:
    """After the commit that made `version`: readers see it from now on."""
    key = VERSION_KEY.format(scope=scope, id=object_id)
    _local_version_note(key, version)
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        # One script: read, compare and write without another publication in between.
        client = backend._cache.get_client(key, write=True)  # type: ignore[attr-defined]
        key = backend.make_and_validate_key(key)
        client.eval(_PUBLISH_MAX, 1, key, version, max(1, _version_ttl()))
        return
    with _local_versions_lock:  # the embedded mode: one process, an in-memory cache
        current = cache.get(key)
        if current is None or current < version:
            cache.set(key, version, max(1, _version_ttl()))


def version_current(*, scope: str, object_id: int, load: Callable[[], int | None]) -> int | None:
    """The object's read version: the published one, else `load()` from the database (None:
    no such object). A version read from the database is only added, never written over a
    publication, so a reader that read just before a commit cannot hide the commit's version."""
    ttl = _version_ttl()
    if not ttl:
        return load()
    key = VERSION_KEY.format(scope=scope, id=object_id)
    known = _local_versions.get(key)
    if known is not None and known[1] > time.monotonic():
        return known[0]
    version = cache.get(key)
    if version is None:
        version = load()
        if version is None:
            return None
        cache.add(key, version, ttl)
    _local_version_note(key, int(version))
    return int(version)


def version_peek(key: str) -> int | None:
    """The version this process's readers see now, without the database: the one it noted in
    the last LOCAL_VERSION_SECONDS, else the published one (noted). None when neither is known
    (or versions are not trusted at all): the caller asks the view, which reads it."""
    if not _version_ttl():
        return None
    known = _local_versions.get(key)
    if known is not None and known[1] > time.monotonic():
        return known[0]
    version = shared_get(key)
    if version is None:
        return None
    _local_version_note(key, int(version))
    return int(version)


def _version_ttl() -> int:
    """How long a published version is trusted (settings.READ_VERSION_SECONDS): a version lost
    on its way (the cache was down at the commit) is read from the database when it expires.
    0: always read from the database (one indexed row), as the tests do, whose transactions
    never commit."""
    return int(settings.READ_VERSION_SECONDS)


# --- Pages -----------------------------------------------------------------------------------


class Recent(Generic[V]):
    """What a process served last, by key: the newest, up to `count` entries and `size`
    bytes, each for `ttl` seconds. A page's key names its version, so an entry is never wrong
    for its key; it is dropped after the ttl so that what the version does not cover (a
    renamed team) shows within a minute."""

    def __init__(self, *, count: int, size: int, ttl: float, size_of: Callable[[V], int]) -> None:
        self.lock = threading.Lock()
        self.entries: OrderedDict[str, tuple[float, V]] = OrderedDict()
        self.count, self.limit, self.ttl, self.size_of = count, size, ttl, size_of
        self.size = 0

    def get(self, key: str) -> V | None:
        with self.lock:
            entry = self.entries.get(key)
            if entry is None:
                return None
            if entry[0] < time.monotonic():
                self._drop(key)
                return None
            self.entries.move_to_end(key)
            return entry[1]

    def put(self, key: str, value: V) -> None:
        with self.lock:
            if key in self.entries:
                self._drop(key)
            self.entries[key] = (time.monotonic() + self.ttl, value)
            self.size += self.size_of(value)
            while self.entries and (len(self.entries) > self.count or self.size > self.limit):
                self._drop(next(iter(self.entries)))

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.size = 0

    def _drop(self, key: str) -> None:
        _, value = self.entries.pop(key)
        self.size -= self.size_of(value)


local_pages: Recent[Page] = Recent(
    count=LOCAL_PAGES, size=LOCAL_BYTES, ttl=LOCAL_TTL, size_of=lambda page: len(page.body)
)


class _Renders:
    """One thread per process renders a given page; the others wait for it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.locks: dict[str, tuple[threading.Lock, int]] = {}

    @contextmanager
    def one_at_a_time(self, key: str) -> Iterator[None]:
        with self.lock:
            lock, users = self.locks.get(key, (threading.Lock(), 0))
            self.locks[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self.lock:
                lock, users = self.locks[key]
                if users == 1:
                    del self.locks[key]
                else:
                    self.locks[key] = (lock, users - 1)


_renders = _Renders()
# Counts renders per page key, for the tests and the benchmarks (cheap: one dict per process).
render_counts: dict[str, int] = {}


def page_get(
    *, scope: str, object_id: int, version: int, variant: str, render: Callable[[], Page]
) -> Page:
    """The page of `version` in `variant` (its query, its host), rendered at most once."""
    names = {"scope": scope, "id": object_id, "version": version, "variant": variant}
    key = PAGE_KEY.format(**names)
    page = local_pages.get(key)
    if page is not None:
        return page
    with _renders.one_at_a_time(key):
        page = local_pages.get(key) or cache.get(key)
        if page is None:
            page = _render_once(key, RENDER_LOCK_KEY.format(**names), render)
        if not page.origin:
            page = replace(page, origin=VERSION_KEY.format(scope=scope, id=object_id))
        local_pages.put(key, page)
        return page


def _render_once(key: str, lock_key: str, render: Callable[[], Page]) -> Page:
    if not cache.add(lock_key, 1, int(RENDER_WAIT_SECONDS) + 1):
        deadline = time.monotonic() + RENDER_WAIT_SECONDS
        while time.monotonic() < deadline:
            time.sleep(RENDER_POLL_SECONDS)
            page: Page | None = cache.get(key)
            if page is not None:
                return page
    try:
        page = render()
        render_counts[key] = render_counts.get(key, 0) + 1
        cache.set(key, page, PAGE_TTL)
        return page
    finally:
        cache.delete(lock_key)


def versioned_page(
    *,
    scope: str,
    object_id: int,
    variant: str,
    version_load: Callable[[], int | None],
    render: Callable[[int], Page],
) -> Page | None:
    """The page `variant` of an object at its current read version, rendered by `render(v)`
    at most once per version; None if there is no such object. Both Swiss apps read through
    this."""
    version = version_current(scope=scope, object_id=object_id, load=version_load)
    if version is None:
        return None
    return page_get(
        scope=scope,
        object_id=object_id,
        version=version,
        variant=variant,
        render=lambda: render(version),
    )


SHARED_PAGE_SCOPE_KEY = "arbiter.shared_page"


def page_shared(page: Page) -> bool:
    """The page is served exactly as kept, the same bytes to every reader: not a hidden
    standings marker, not a page finished per request."""
    return page.public and bool(page.origin) and bool(page.body)


def page_response(request: HttpRequest | Request, page: Page) -> HttpResponse:
    """The page, or `304 Not Modified` to a client that holds it. `no-cache`: a client may
    keep it but asks again (with its ETag) before using it.

    A shared page is also noted on the request's ASGI scope: the web process's shortcut
    (`arbiter.common.page_shortcut`) then answers the same request from memory until the
    version moves."""
    if page_shared(page):
        scope = getattr(getattr(request, "_request", request), "scope", None)
        if isinstance(scope, dict):
            scope[SHARED_PAGE_SCOPE_KEY] = page
    headers = {"ETag": page.etag, "Cache-Control": "no-cache", VERSION_HEADER: str(page.version)}
    if proxy_may_keep(page):
        headers[PROXY_EXPIRES_HEADER] = str(PROXY_KEEP_SECONDS)
    if etag_matches(request.headers.get("If-None-Match", ""), page.etag):
        return HttpResponse(status=304, headers=headers)
    return HttpResponse(page.body, content_type=page.content_type, headers=headers)


def proxy_may_keep(page: Page) -> bool:
    """A shared page that holds until the version moves: nginx may answer it to visitors for
    PROXY_KEEP_SECONDS (docs/deploy.md, "The proxy's page cache"). Not a countdown's page
    (its second runs out sooner); nginx answers requests with credentials from Django only."""
    return page_shared(page) and page.valid_until is None


def etag_matches(header: str, etag: str) -> bool:
    if not header:
        return False
    if header.strip() == "*":
        return True
    # A weak validator (W/"…", as a compressing proxy may send it back) matches for a GET.
    return any(tag.strip().removeprefix("W/") == etag for tag in header.split(","))
