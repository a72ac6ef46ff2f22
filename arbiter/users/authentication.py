"""`Authorization: Bearer arb_…` (or `Token arb_…`) authentication for REST clients."""

from typing import Any

from django.utils.translation import gettext
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from arbiter.common.i18n import request_language_activate
from arbiter.users.models import User
from arbiter.users.read import api_token_get_active
from arbiter.users.services import api_token_touch

KEYWORDS = ("bearer", "token")


def is_token_scheme(value: str) -> bool:
    """Whether an Authorization header is ours (Bearer / Token), valid or not."""
    parts = value.split()
    return bool(parts) and parts[0].lower() in KEYWORDS


def token_from_header(value: str) -> str | None:
    parts = value.split()
    if len(parts) == 2 and parts[0].lower() in KEYWORDS:
        return parts[1]
    return None


class ApiTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        if not header:
            return None
        plain = token_from_header(header)
        if plain is None:
            if is_token_scheme(header):
                raise exceptions.AuthenticationFailed(gettext("Malformed Authorization header."))
            return None
        token = api_token_get_active(token=plain)
        if token is None:
            raise exceptions.AuthenticationFailed(gettext("Invalid, expired or revoked token."))
        api_token_touch(token=token)
        # The token's user is known only here (no middleware sees it): their own language
        # applies to the rest of the request, as a session user's does (arbiter.common.i18n).
        request_language_activate(request._request, user=token.user)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


def authenticated_user(request: Request) -> User:
    """The request's user, typed; 401 when anonymous (views usually checked already)."""
    user = request.user
    if not isinstance(user, User) or not user.is_authenticated:
        raise exceptions.NotAuthenticated()
    return user
