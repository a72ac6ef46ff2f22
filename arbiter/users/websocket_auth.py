"""WebSocket authentication: the Django session (browsers) or a personal API token.

A token is taken from the `Authorization: Bearer …` header (non-browser clients) or from the
`token` query parameter (browsers cannot set headers on a WebSocket). `config/asgi.py` wraps
the socket routes in `TokenOrSessionAuthMiddlewareStack`; the consumers only read
`scope["user"]`, so the transport (`arbiter.realtime`) needs to know nothing about users.
"""

from typing import Any
from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import AllowedHostsOriginValidator

from arbiter.users.authentication import token_from_header
from arbiter.users.selectors import api_token_get_active


@database_sync_to_async
def _user_for_token(plain: str) -> Any:
    token = api_token_get_active(token=plain)
    return token.user if token is not None else None


def _token_in_scope(scope: dict[str, Any]) -> str | None:
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            return token_from_header(value.decode("latin-1"))
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values = query.get("token")
    return values[0] if values else None


class TokenAuthMiddleware(BaseMiddleware):
    """Runs inside AuthMiddlewareStack: a valid token overrides the session user."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        plain = _token_in_scope(scope)
        if plain:
            user = await _user_for_token(plain)
            if user is not None:
                scope = dict(scope, user=user, auth="token")
        return await super().__call__(scope, receive, send)


class OriginCheckedUnlessToken:
    """The Origin check guards the session cookie, which a browser sends from any page (cross-
    site WebSocket hijacking). A token is never sent by the browser on its own, so a socket
    authenticated by one (a non-browser client, which sends no Origin) skips the check."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.checked = AllowedHostsOriginValidator(inner)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        if scope.get("auth") == "token":
            return await self.inner(scope, receive, send)
        return await self.checked(scope, receive, send)


def TokenOrSessionAuthMiddlewareStack(inner: Any) -> Any:
    return AuthMiddlewareStack(TokenAuthMiddleware(OriginCheckedUnlessToken(inner)))
