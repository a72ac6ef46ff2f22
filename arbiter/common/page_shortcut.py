"""Cached pages answered below Django (docs/live.md, "The page shortcut").

A watcher answers every version ping by asking for the pages on its screen again. Through
uvicorn, Django's middleware and DRF even a page already in the process's memory costs about a
millisecond of CPU, twenty times what pushing a frame costs; a thousand watchers refetching
cost two cores more than the results they follow. So each web process keeps, beside its pages,
what it last answered to a given page request, and answers the same request again on the event
loop, from memory, while the event's version has not moved: no thread, no middleware, no view.

Only what Django would answer the same way is answered here:
- the view said so: `page_cache.page_response` notes a shared page (the same bytes for every
  reader) on the request's ASGI scope; a hidden standings view, a page finished per request
  and every other answer are never noted;
- the same request: method GET, path and query, and the request headers an answer may depend
  on (host, forwarding, negotiation, Accept-Language) and the language cookie are the entry's
  key; the values of the headers its answer varies on must match too. A shared page holds no
  text (codes and names: arbiter.common.i18n), so its bytes are every language's; the key
  keeps the replayed `Content-Language` the asker's (a signed-in user's own setting is not
  seen here: they get their browser's language in that header, with the same bytes);
- no credential that could be refused: a request with `Authorization` always goes to Django,
  whose authentication answers a bad token with 401 (a session cookie never refuses a read);
  a page shared by visitors only (a team event's detail, whose viewer fields a signed-in
  reader gets set) is answered here only to a request without a session cookie;
- an answer that sets no cookie, status 200, its body the page's bytes;
- a page with a countdown (lichess's event) only until its second runs out (`valid_until`),
  then as a page whose version moved;
- the same version: the event's read version as this process knows it (`version_peek`: the
  version noted within LOCAL_VERSION_SECONDS, else the published one) equals the page's.
  Anything unknown (no version published, the shared cache unreachable) goes to Django.
  When the version has moved, one request asks Django for the new page; meanwhile (at most
  STALE_SECONDS) the others get the previous one, or, if they hold it already, wait for the
  new one (docs/live.md: a ping's readers arrive together).

The entry replays the headers Django sent (security headers included); uvicorn adds `date`
and `server` as for any answer. `If-None-Match` with the page's ETag is answered 304.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from redis import RedisError

from arbiter.common import page_cache
from arbiter.common.page_cache import SHARED_PAGE_SCOPE_KEY, Page, Recent

Scope = dict[str, Any]
Message = dict[str, Any]
Headers = list[tuple[bytes, bytes]]

logger = logging.getLogger(__name__)

# Request headers that may change an answer beside the path and query: the host and the
# scheme (a standings page's links), content negotiation (DRF answers 406 to an Accept it
# cannot meet), the language of a message (with the language cookie, `_entry_key`).
KEY_HEADERS = (
    b"host",
    b"x-forwarded-host",
    b"x-forwarded-proto",
    b"accept",
    b"accept-language",
)
# Never replayed from one request's answer to another's.
PER_ANSWER_HEADERS = frozenset({b"date", b"server"})
# Not sent with a 304 (it has no body).
BODY_HEADERS = frozenset({b"content-length", b"content-type"})
ENTRIES = 512
# While one request asks Django for the page of a new version, the others are answered the
# previous page for at most this long (then they ask Django too): a read is never more than
# this (and LOCAL_VERSION_SECONDS) behind the latest commit.
STALE_SECONDS = 1.0
ENTRY_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Shortcut:
    page: Page
    headers: tuple[tuple[bytes, bytes], ...]  # of the 200, as Django sent them (but date, server)
    not_modified_headers: tuple[tuple[bytes, bytes], ...]
    vary: tuple[tuple[bytes, bytes | None], ...]  # (request header, its value) the answer varies on
    visitors_only: bool  # answered here only to a request without a session cookie


shortcuts: Recent[Shortcut] = Recent(
    count=ENTRIES,
    size=ENTRY_BYTES,
    ttl=page_cache.LOCAL_TTL,
    size_of=lambda entry: len(entry.page.body),
)
# Answers given here, per process: for the tests and the benchmarks.
served = {"count": 0}
# The entries being refreshed (their request is with Django): since when, and done when it is
# answered; on the process's loop.
_refreshing: dict[str, tuple[float, asyncio.Future[None]]] = {}


def _request_header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    for key, value in headers:
        if key == name:
            return value
    return None


def _entry_key(scope: Scope, headers: list[tuple[bytes, bytes]]) -> str | None:
    """The request's identity for the shortcut; None for a request it never answers."""
    if scope.get("method") != "GET" or _request_header(headers, b"authorization") is not None:
        return None
    parts = [
        scope.get("scheme", "http"),
        scope.get("root_path", ""),
        scope.get("raw_path") or scope["path"].encode(),
        scope.get("query_string", b""),
    ]
    parts.extend(_request_header(headers, name) or b"" for name in KEY_HEADERS)
    parts.append(_cookie(headers, settings.LANGUAGE_COOKIE_NAME) or b"")
    return repr(parts)


def _cookie(headers: list[tuple[bytes, bytes]], name: str) -> bytes | None:
    """The value of the cookie `name`, as the request sent it (the last of its name)."""
    prefix, found = name.encode() + b"=", None
    for key, value in headers:
        if key == b"cookie":
            for part in value.split(b";"):
                if part.strip().startswith(prefix):
                    found = part.strip()[len(prefix) :]
    return found


def _has_session(headers: list[tuple[bytes, bytes]]) -> bool:
    """The request carries a session cookie (valid or not: Django decides who it names)."""
    name = settings.SESSION_COOKIE_NAME.encode() + b"="
    for key, value in headers:
        if key == b"cookie" and any(c.strip().startswith(name) for c in value.split(b";")):
            return True
    return False


def _vary_names(headers: list[tuple[bytes, bytes]]) -> tuple[bytes, ...]:
    names: list[bytes] = []
    for key, value in headers:
        if key.lower() == b"vary":
            names.extend(n.strip().lower() for n in value.split(b",") if n.strip())
    # A shared page is the same whoever asks: the cookie that named the reader does not count.
    return tuple(n for n in names if n not in (b"cookie", b"authorization"))


def _shortcut_of(
    page: Page, message: Message, request_headers: list[tuple[bytes, bytes]]
) -> Shortcut | None:
    """The entry for Django's answer `message` (its `http.response.start`) to a request whose
    view noted `page`, or None when the answer is not the page as every reader gets it."""
    if message.get("status") != 200:
        return None
    sent = [(bytes(k), bytes(v)) for k, v in message.get("headers", ())]
    headers = [(k.lower(), v) for k, v in sent]  # names are case-insensitive
    if _request_header(headers, b"set-cookie") is not None:
        return None
    if _request_header(headers, b"content-length") != str(len(page.body)).encode():
        return None
    kept = tuple((k, v) for k, v in sent if k.lower() not in PER_ANSWER_HEADERS)
    vary = tuple((name, _request_header(request_headers, name)) for name in _vary_names(headers))
    return Shortcut(
        page=page,
        headers=kept,
        not_modified_headers=tuple((k, v) for k, v in kept if k.lower() not in BODY_HEADERS),
        vary=vary,
        visitors_only=page.visitors_only,
    )


def _state(entry: Shortcut, request_headers: Headers) -> str:
    """`current`: the entry answers this request; `older`: it would, but the event's version
    has moved since (or its countdown's second ran out); `django`: it may not answer this
    request (a session reading a page shared by visitors only, another value of a header the
    answer varies on) or the version is not known here (none published, the shared cache
    unreachable)."""
    if entry.visitors_only and _has_session(request_headers):
        return "django"
    for name, value in entry.vary:
        if _request_header(request_headers, name) != value:
            return "django"
    try:
        version = page_cache.version_peek(entry.page.origin)
    except RedisError:
        logger.warning("Page shortcut: the shared cache is unreachable; Django answers")
        return "django"
    if version is None:
        return "django"
    if version != entry.page.version:
        return "older"
    expires = entry.page.valid_until
    return "current" if expires is None or time.time() < expires else "older"


def _holds(request_headers: Headers, entry: Shortcut) -> bool:
    held = _request_header(request_headers, b"if-none-match")
    return held is not None and page_cache.etag_matches(held.decode("latin-1"), entry.page.etag)


class PageShortcut:
    """ASGI middleware in front of Django's HTTP handler."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_headers: list[tuple[bytes, bytes]] = scope.get("headers") or []
        key = _entry_key(scope, request_headers)
        if key is None:
            await self.app(scope, receive, send)
            return
        entry = shortcuts.get(key)
        state = "django" if entry is None else _state(entry, request_headers)
        if entry is not None and state == "current":
            await self._answer(entry, request_headers, send)
            return
        if entry is not None and state == "older":
            refresh = _refreshing.get(key)
            if refresh is None:
                # The first reader of the new version asks Django; its answer becomes the entry.
                _refreshing[key] = (time.monotonic(), asyncio.get_running_loop().create_future())
                try:
                    await self._django(key, scope, receive, send, request_headers)
                finally:
                    _refreshing.pop(key)[1].set_result(None)
                return
            started, done = refresh
            if time.monotonic() - started < STALE_SECONDS:
                if not _holds(request_headers, entry):
                    # Meanwhile the others get the page they would have got a moment ago (a
                    # ping's readers arrive together; all asking Django cost more than the
                    # results)...
                    await self._answer(entry, request_headers, send)
                    return
                # ... but a reader who holds that page already wants the new one: it waits for
                # it (within the same second), then gets what there is (304 if nothing newer).
                remaining = STALE_SECONDS - (time.monotonic() - started)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(done), max(0.0, remaining))
                newer = shortcuts.get(key)
                if newer is not None and _state(newer, request_headers) != "django":
                    entry = newer
                await self._answer(entry, request_headers, send)
                return
        await self._django(key, scope, receive, send, request_headers)

    async def _django(
        self, key: str, scope: Scope, receive: Any, send: Any, request_headers: Headers
    ) -> None:
        """Django answers, and its answer is kept if the view said it may be."""

        async def send_noting(message: Message) -> None:
            if message["type"] == "http.response.start":
                page = scope.get(SHARED_PAGE_SCOPE_KEY)
                if isinstance(page, Page):
                    made = _shortcut_of(page, message, request_headers)
                    if made is not None:
                        shortcuts.put(key, made)
            await send(message)

        await self.app(scope, receive, send_noting)

    @staticmethod
    async def _answer(
        entry: Shortcut, request_headers: list[tuple[bytes, bytes]], send: Any
    ) -> None:
        served["count"] += 1
        if _holds(request_headers, entry):
            await send(
                {
                    "type": "http.response.start",
                    "status": 304,
                    "headers": list(entry.not_modified_headers),
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": 200, "headers": list(entry.headers)})
        await send({"type": "http.response.body", "body": entry.page.body})


def page_shortcut(app: Any) -> PageShortcut:
    return PageShortcut(app)
