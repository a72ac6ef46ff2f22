"""WebSocket authentication. No long-lived secret ever travels in the URL; a socket is opened
with one of:

- `Authorization: Bearer arb_…`: a personal API token (non-browser clients);
- the session cookie (browsers): the `Origin` must then be one of `ALLOWED_HOSTS`, since a
  browser sends the cookie from any page (cross-site WebSocket hijacking);
- `?ticket=…`: single use, valid 30 s, from `POST /api/auth/socket-ticket/`, for clients that
  can set no header. It stands for the credential that obtained it, which must still hold
  when the ticket is used (a session logged out since opens nothing); `?ticket=` empty is
  refused.

`?token=` is refused: a token in the URL ends up in access logs. Credentials presented but not
valid are refused too, rather than taken as anonymous, as REST answers 401. A refusal closes
the handshake with 4401, which the server turns into an HTTP 403.

`config/asgi.py` wraps the socket routes in `SocketAuthMiddlewareStack`. Besides `user`, the
scope gets what the transport (`arbiter.realtime`, which knows nothing about users) needs to
close the socket when the credential goes: `auth_credentials` (the names a revocation is
broadcast to) and `auth_check` (whether the credential still holds, re-run periodically); and
`language`, the socket's by the rule of every request (`arbiter.common.i18n`).
"""

from collections.abc import Awaitable, Callable
from importlib import import_module
from typing import Any
from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack, get_user
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import AllowedHostsOriginValidator
from django.conf import settings

from arbiter.common.i18n import SCOPE_LANGUAGE_KEY, scope_language
from arbiter.users.authentication import is_token_scheme, token_from_header
from arbiter.users.models import User
from arbiter.users.read import (
    api_token_get_active,
    api_token_get_active_by_id,
    user_get_active,
)
from arbiter.users.services import socket_ticket_redeem
from arbiter.users.tokens import session_credential, token_credential, user_credential

CLOSE_UNAUTHORIZED = 4401
# Sockets authenticated by these skip the Origin check: neither is something a browser sends
# on its own from a foreign page (a ticket needs a CSRF-checked POST to obtain).
NOT_AMBIENT = ("token", "ticket")


class Refused(Exception):
    pass


def _token_scope(token_id: int, user: User, auth: str) -> dict[str, Any]:
    async def check() -> bool:
        token = await database_sync_to_async(api_token_get_active_by_id)(token_id=token_id)
        return token is not None

    return {
        "user": user,
        "auth": auth,
        "auth_credentials": [user_credential(user.id), token_credential(token_id)],
        "auth_check": check,
    }


def _session_check(session_key: str, user_id: int) -> Callable[[], Awaitable[bool]]:
    """Reads the session afresh each time: logged out, expired, password changed (Django's
    session hash) or user deactivated all read as someone else."""
    store = import_module(settings.SESSION_ENGINE).SessionStore

    async def check() -> bool:
        user = await get_user({"session": store(session_key)})  # type: ignore[typeddict-item]
        return bool(user.is_authenticated and user.pk == user_id)

    return check


def _session_scope(session_key: str, user: User, auth: str) -> dict[str, Any]:
    return {
        "user": user,
        "auth": auth,
        "auth_credentials": [user_credential(user.id), session_credential(session_key)],
        "auth_check": _session_check(session_key, user.id),
    }


def _user_scope(user: User, auth: str) -> dict[str, Any]:
    async def check() -> bool:
        return await database_sync_to_async(user_get_active)(user_id=user.id) is not None

    return {
        "user": user,
        "auth": auth,
        "auth_credentials": [user_credential(user.id)],
        "auth_check": check,
    }


@database_sync_to_async
def _by_token(plain: str | None) -> dict[str, Any]:
    token = api_token_get_active(token=plain) if plain else None
    if token is None:
        raise Refused
    return _token_scope(token.id, token.user, "token")


@database_sync_to_async
def _by_ticket(ticket: str) -> dict[str, Any]:
    claims = socket_ticket_redeem(ticket=ticket)
    if claims is None:
        raise Refused
    if claims["token_id"] is not None:
        token = api_token_get_active_by_id(token_id=claims["token_id"])
        if token is None:
            raise Refused
        return _token_scope(token.id, token.user, "ticket")
    user = user_get_active(user_id=claims["user_id"])
    if user is None:
        raise Refused
    if claims["session_key"]:
        return _session_scope(claims["session_key"], user, "ticket")
    return _user_scope(user, "ticket")


async def _authenticate(scope: dict[str, Any]) -> dict[str, Any]:
    """What to add to the scope; `Refused` when the credentials presented are not valid."""
    # Blank values kept: `?ticket=` is a ticket that is not valid, not no ticket at all.
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    if "token" in query:
        raise Refused
    for name, value in scope.get("headers", []):
        # Another scheme (a proxy's Basic auth) is not ours to judge, as in REST.
        header = value.decode("latin-1")
        if name == b"authorization" and is_token_scheme(header):
            return await _by_token(token_from_header(header))
    if "ticket" in query:
        found = await _by_ticket(query["ticket"][0])
        # The credential that obtained the ticket must still hold now: a session logged out
        # (or a token revoked) since the ticket was minted opens nothing.
        if not await found["auth_check"]():
            raise Refused
        return found
    user = scope.get("user")
    session_key = getattr(scope.get("session"), "session_key", None)
    if user is not None and user.is_authenticated and session_key:
        return _session_scope(session_key, user, "session")
    return {}


async def _refuse(receive: Any, send: Any) -> None:
    await receive()  # the handshake (`websocket.connect`), answered with a refusal
    await send({"type": "websocket.close", "code": CLOSE_UNAUTHORIZED})


class SocketAuthMiddleware(BaseMiddleware):
    """Runs inside AuthMiddlewareStack, which has read the session cookie."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        try:
            extra = await _authenticate(scope)
        except Refused:
            return await _refuse(receive, send)
        authenticated: Any = {**scope, **extra}
        authenticated[SCOPE_LANGUAGE_KEY] = scope_language(authenticated)
        return await super().__call__(authenticated, receive, send)


class OriginCheckedForCookies:
    """The Origin check guards the session cookie. A token or a ticket is never sent by the
    browser on its own, so sockets opened with one (a non-browser client may send no Origin
    at all) skip the check."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.checked = AllowedHostsOriginValidator(inner)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        if scope.get("auth") in NOT_AMBIENT:
            return await self.inner(scope, receive, send)
        return await self.checked(scope, receive, send)


def SocketAuthMiddlewareStack(inner: Any) -> Any:
    return AuthMiddlewareStack(SocketAuthMiddleware(OriginCheckedForCookies(inner)))
