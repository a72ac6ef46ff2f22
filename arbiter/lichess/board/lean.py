"""The Board API's hot path without DRF: a move POST is what a Board client sends most (about
ninety a second at blitz pace with 500 players), and DRF's per-request machinery (its request
wrapper, authentication and throttle classes, content negotiation, the renderer) cost more
CPU than the move itself. `lean_post` does the same steps in the same order with the same
shared pieces, and answers exactly what `LichessView` answers (docs/lichess-api.md, "The
lean move path"):

1. the token: `api_token_get_active`, the one selector every path reads a token with, its
   answer kept per process for `TOKEN_CACHE_SECONDS` (a revoked or expired token, or a
   deactivated user, stops working within that bound);
2. the throttle: `user_throttle(scope="game")`, the count (and the cache key) every game
   action of both dialects spends, called directly instead of through DRF's view hook;
3. the action, then `{"ok":true}`; refusals in lichess's `{"error": …}` shape.

What the lean path does not serve (another method, a request body, no token: none of them
Board traffic) goes to the DRF view, which reads a body through the shared parsers and
throttles an anonymous caller by address as before."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from rest_framework.exceptions import Throttled

from arbiter.common.throttling import user_throttle
from arbiter.lichess.http import NO_SUCH_TOKEN, SCOPES_HEADER, LichessError
from arbiter.users.authentication import is_token_scheme, token_from_header
from arbiter.users.models import User
from arbiter.users.read import api_token_get_active
from arbiter.users.services import api_token_touch
from arbiter.users.tokens import token_digest

# How long a process trusts a token it has read: the bound on a revocation's delay here.
# (A stream, a socket and every other path read the token afresh, or are closed at once.)
TOKEN_CACHE_SECONDS = 5.0
TOKEN_CACHE_SIZE = 10_000  # tokens per process; past it the cache starts again empty
THROTTLE_SCOPE = "game"  # the DRF scope of every game action (docs/security.md)
TOO_MANY = "Too many requests. Try again later."
# DRF's answers carry the view's allowed methods; so do these.
ALLOW = "POST, OPTIONS"


@dataclass(frozen=True)
class _Known:
    user: User
    until: float  # monotonic: trusted until then
    expires_at: float  # epoch seconds: the token's own expiry


class TokenCache:
    """Active tokens read in the last `TOKEN_CACHE_SECONDS`, by digest (the plain token is
    never kept), with their users. Only tokens found active are kept: an unknown one is read
    each time, as on every other path."""

    def __init__(self, seconds: float = TOKEN_CACHE_SECONDS, size: int = TOKEN_CACHE_SIZE) -> None:
        self.seconds, self.size = seconds, size
        self._known: dict[str, _Known] = {}
        self._lock = threading.Lock()

    def user(self, plain: str) -> User | None:
        """The user of the active token `plain`, or None."""
        digest = token_digest(plain)
        known = self._known.get(digest)
        if known is not None and time.monotonic() < known.until and time.time() < known.expires_at:
            return known.user
        token = api_token_get_active(token=plain)
        if token is None:
            self._known.pop(digest, None)
            return None
        api_token_touch(token=token)
        with self._lock:
            if len(self._known) >= self.size:
                self._known.clear()
            self._known[digest] = _Known(
                token.user, time.monotonic() + self.seconds, token.expires_at.timestamp()
            )
        return token.user

    def clear(self) -> None:
        self._known.clear()


tokens = TokenCache()


def lean_served(request: HttpRequest) -> bool:
    """Whether `lean_post` answers this request as the DRF view would: a POST with no body
    (DRF reads none either: `Content-Length` absent or 0) and a token in the header."""
    return (
        request.method == "POST"
        and request.META.get("CONTENT_LENGTH") in (None, "", "0")
        and is_token_scheme(request.META.get("HTTP_AUTHORIZATION", ""))
    )


def lean_post(request: HttpRequest, action: Callable[[User], None]) -> HttpResponse:
    """`action(user)` for the request's token holder, answered as `LichessView` answers:
    `{"ok":true}`, or lichess's error (LichessError) and a throttled caller's 429."""
    plain = token_from_header(request.META.get("HTTP_AUTHORIZATION", ""))
    user = tokens.user(plain) if plain else None
    if user is None:
        response = _json({"error": NO_SUCH_TOKEN}, 401)
        response["WWW-Authenticate"] = 'Bearer realm="lichess"'
        return response
    try:
        user_throttle(scope=THROTTLE_SCOPE, user_id=user.pk)
        action(user)
    except Throttled as exc:
        response = _json({"error": TOO_MANY}, 429)
        wait = getattr(exc, "wait", None)
        if wait is not None:
            response["Retry-After"] = str(int(wait))
    except LichessError as exc:
        response = _json({"error": exc.error}, exc.status)
    else:
        response = _json({"ok": True}, 200)
    response["X-OAuth-Scopes"] = SCOPES_HEADER
    return response


def _json(body: Mapping[str, Any], status: int) -> HttpResponse:
    # DRF's JSONRenderer's bytes: compact, UTF-8 unescaped but the two JavaScript line breaks.
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    response = HttpResponse(text.encode(), content_type="application/json", status=status)
    response["Allow"] = ALLOW
    return response
