"""JSON errors on API paths even with DEBUG on (Django would answer its HTML debug pages):
crashes, the refusals Django raises around a view, and any HTML error page that still
reaches an API path; the security headers of every response."""

import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.deprecation import MiddlewareMixin

from arbiter.common.views import (
    api_dialect,
    bad_request,
    error_json,
    not_found,
    permission_denied,
)

logger = logging.getLogger("django.request")


class ApiJsonErrorsMiddleware(MiddlewareMixin):
    """On API paths, in the dialect's shape (common.views): a crash is a JSON 500, Django's
    refusals their JSON 400/403/404 (DEBUG turns them into HTML pages otherwise), a path
    parameter holding NUL a 404 (no object has one, and PostgreSQL refuses the query)."""

    # Sync only, and last in MIDDLEWARE: so the whole chain runs synchronously, in the request's
    # thread. Under ASGI Django otherwise runs the middleware that can be async on the event
    # loop, and sends each of their process_request/process_response calls back to the thread
    # (a hand-off per call, about a dozen per request; a tenth of a web process's CPU at 50
    # results a second, py-spy).
    sync_capable = True
    async_capable = False

    def process_view(
        self, request: HttpRequest, view: object, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        nul = any("\x00" in str(value) for value in (*args, *kwargs.values()))
        return not_found(request) if nul and api_dialect(request) is not None else None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if api_dialect(request) is None:
            return None  # Django's own handling (its debug page when DEBUG is on)
        if isinstance(exception, SuspiciousOperation | BadRequest | MultiPartParserError):
            # A refused request, not a crash: a body over the size limit is a 413, the rest 400.
            return bad_request(request, exception)
        if isinstance(exception, Http404):
            return not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return permission_denied(request, exception)
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"status_code": 500, "request": request},
        )
        return error_json(request, 500)

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """An HTML error page on an API path (Django's technical 404 of an unknown path with
        DEBUG on, a plain view's 405, the browsable API's error page) becomes JSON."""
        if response.status_code < 400 or not response.get("Content-Type", "").startswith(
            "text/html"
        ):
            return response
        if api_dialect(request) is None:
            return response
        status = response.status_code
        json_response = error_json(request, status)
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if header in response:
                json_response[header] = response[header]
        return json_response


class SecurityHeadersMiddleware(MiddlewareMixin):
    """Content-Security-Policy and Permissions-Policy on every response (settings
    `CONTENT_SECURITY_POLICY`, `PERMISSIONS_POLICY`; docs/security.md). Scripts come only from
    this origin: a stored text that ever got past escaping still runs nothing."""

    sync_capable = True
    async_capable = False

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        if settings.PERMISSIONS_POLICY and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = settings.PERMISSIONS_POLICY
        return response
