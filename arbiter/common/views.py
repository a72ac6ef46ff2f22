"""JSON error pages for the API paths (Django's are HTML): no route, a refused request, a
permission refused outside DRF, a failed CSRF check, a crash.

Two dialects, two shapes: lichess's paths (the `lichess` namespace config/urls.py includes,
at /api/ and at the root, such as /team/{id}/join) answer `{"error": text}` as lichess does;
the rest of /api/ answers the native `{"message", "extra"}` (common.exception_handler). Other
paths keep Django's pages. Found from the URL conf, so common imports no app."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views import csrf, defaults

LICHESS_NAMESPACE = "lichess"  # config/urls.py
LICHESS, NATIVE = "lichess", "native"

# What each status says when Django refuses before (or around) a view, in the request's
# language; lichess's dialect answers lichess's own English texts, as lichess does.
MESSAGES = {
    400: _("Bad request."),
    403: _("Forbidden."),
    404: _("Not found."),
    405: _("Method not allowed."),
    413: _("The request body is too large."),
    500: _("Internal error."),
}
LICHESS_MESSAGES = {
    400: "Bad request.",
    403: "Forbidden.",
    404: "Not found",
    405: "Method not allowed.",
    413: "The request body is too large.",
    500: "Internal error.",
}


@lru_cache(maxsize=8)
def _lichess_prefixes(urlconf: str) -> tuple[str, ...]:
    """The fixed start of every lichess route ("/api/swiss/", "/team/"): a path under one of
    them that no route matches is still a lichess client's mistake."""

    def walk(patterns: list[Any], prefix: str, inside: bool) -> list[str]:
        found = []
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                within = inside or pattern.namespace == LICHESS_NAMESPACE
                found += walk(pattern.url_patterns, route, within)
            elif isinstance(pattern, URLPattern) and inside:
                found.append("/" + route.split("<", 1)[0])
        return found

    return tuple(sorted(set(walk(get_resolver(urlconf).url_patterns, "", False))))


def api_dialect(request: HttpRequest) -> str | None:
    """LICHESS or NATIVE for an API path, None for any other (Django's pages apply)."""
    urlconf = str(getattr(request, "urlconf", None) or settings.ROOT_URLCONF)
    match = getattr(request, "resolver_match", None)
    if match is None:
        try:
            match = resolve(request.path_info, urlconf)
        except Resolver404:
            match = None
    if match is not None and LICHESS_NAMESPACE in match.namespaces:
        return LICHESS
    path = request.path_info
    if match is None and is_feed_path(path):  # before lichess's /swiss/ prefix
        return NATIVE
    if match is None and path.startswith(_lichess_prefixes(urlconf)):
        return LICHESS
    return NATIVE if path.startswith("/api/") else None


# The feeds served at the root (/swiss/{id}.ics, /swiss/{id}.pgn, ...): documented in the API
# schema, they answer errors as the native API does, and the browser app has no such page.
FEED_SUFFIXES = ("ics", "pgn")
_FEED_ENDINGS = tuple(f".{suffix}" for suffix in FEED_SUFFIXES)


def is_feed_path(path: str) -> bool:
    return path.rstrip("/").endswith(_FEED_ENDINGS)


def error_json(request: HttpRequest, status: int, message: str | None = None) -> JsonResponse:
    """An error answer in the dialect's shape (call for API paths only)."""
    if api_dialect(request) == LICHESS:
        body: dict[str, Any] = {"error": message or LICHESS_MESSAGES.get(status, "")}
    else:
        body = {"message": message or str(MESSAGES.get(status, "")), "extra": {}}
    return JsonResponse(body, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Refusals Django makes before a view runs (a body over DATA_UPLOAD_MAX_MEMORY_SIZE, a
    suspicious header): JSON on API paths, with 413 for the body size."""
    if api_dialect(request) is None:
        return defaults.bad_request(request, exception or Exception("Bad request"))
    return error_json(request, 413 if isinstance(exception, RequestDataTooBig) else 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if api_dialect(request) is None:
        return defaults.permission_denied(request, exception or Exception("Forbidden"))
    return error_json(request, 403)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if api_dialect(request) is None:
        return defaults.page_not_found(request, exception or Exception("Not found"))
    return error_json(request, 404)


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    if api_dialect(request) is None:
        return defaults.server_error(request)
    return error_json(request, 500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """`CSRF_FAILURE_VIEW`: a cookie-signed write without the CSRF token (DRF views check it
    themselves; this answers for the plain Django views, such as lichess's streams)."""
    if api_dialect(request) is None:
        return csrf.csrf_failure(request, reason)
    if not reason:
        return error_json(request, 403, gettext("CSRF check failed"))
    return error_json(request, 403, gettext("CSRF check failed: %(reason)s") % {"reason": reason})
