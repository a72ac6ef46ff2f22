"""The language of a request, chosen in one place (docs/i18n.md, "Backend").

In order: the signed-in user's own `language` setting, else the `arbiter_language` cookie (the
browser app's picker sets it for visitors), else the browser's Accept-Language, else English
(`settings.LANGUAGE_CODE`). Django's LocaleMiddleware applies the last three
(`translation.get_language_from_request`) before anyone is authenticated; `request_language`
adds the user's setting where the user becomes known, and every path calls it:

- a session user: `UserLanguageMiddleware`, right after AuthenticationMiddleware;
- an API token's user: its DRF authentication (`arbiter.users.authentication`);
- a socket: its authentication puts `scope_language` in the scope, and the transport
  (`arbiter.realtime.consumers`) answers the socket's frames in it.

Texts are translated where they are made (gettext in the request's thread), so an answer in the
request's language varies on Accept-Language and Cookie (the language cookie, the session's
user). Pages kept for every reader (`page_cache`) and pushed payloads carry codes and names,
no text: the same bytes serve every language.

common imports no app: the user is read for its `language` attribute only.
"""

from __future__ import annotations

from collections.abc import Mapping
from http.cookies import SimpleCookie
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.deprecation import MiddlewareMixin

# Set on a socket's scope (`scope_language`) by its authentication.
SCOPE_LANGUAGE_KEY = "language"


def language_codes() -> list[str]:
    """The interface languages, English (the source) first."""
    return [code for code, _name in settings.LANGUAGES]


def user_language(user: object) -> str:
    """The language a signed-in user chose, or "" (anonymous, no choice, or a language no
    longer offered): the browser's choice applies then."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    chosen = getattr(user, "language", "") or ""
    return chosen if chosen in language_codes() else ""


def request_language(request: HttpRequest, *, user: object = None) -> str:
    """The language to answer `request` in: the user's setting, else the cookie, else
    Accept-Language, else English (the last three as LocaleMiddleware reads them)."""
    return user_language(user) or translation.get_language_from_request(request)


def request_language_activate(request: HttpRequest, *, user: object) -> str:
    """Answer the rest of `request` in its language (`request_language`), now that its user
    is known; the language is returned and kept as `request.LANGUAGE_CODE`, as Django does.
    LocaleMiddleware writes it as `Content-Language` on the way out."""
    language = request_language(request, user=user)
    translation.activate(language)
    request.LANGUAGE_CODE = language
    return language


def scope_language(scope: Mapping[str, Any]) -> str:
    """A socket's language, by the same rule, from its user and its handshake's cookies and
    Accept-Language."""
    request = HttpRequest()
    cookies = scope.get("cookies")
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            request.META["HTTP_ACCEPT_LANGUAGE"] = value.decode("latin-1")
        elif name == b"cookie" and cookies is None:
            parsed = SimpleCookie(value.decode("latin-1"))
            cookies = {key: morsel.value for key, morsel in parsed.items()}
    request.COOKIES = dict(cookies or {})
    return request_language(request, user=scope.get("user"))


class UserLanguageMiddleware(MiddlewareMixin):
    """After AuthenticationMiddleware: a session user's own setting beats the cookie and
    Accept-Language LocaleMiddleware went by. Every answer varies on both headers: its texts
    follow Accept-Language, and the Cookie header carries the language cookie and the
    session."""

    # Sync only, as the rest of the chain (common.middleware.ApiJsonErrorsMiddleware).
    sync_capable = True
    async_capable = False

    def process_request(self, request: HttpRequest) -> None:
        # Without a session cookie nobody is signed in: the user (a session read, then a user
        # query) is not loaded for a visitor's request only to find no setting.
        if settings.SESSION_COOKIE_NAME not in request.COOKIES:
            return
        request_language_activate(request, user=getattr(request, "user", None))

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
