"""JSON for crashes under /api/ even with DEBUG on (Django would answer its HTML debug page);
the security headers of every response."""

import logging

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

from arbiter.common.views import bad_request

logger = logging.getLogger("django.request")


class ApiJsonErrorsMiddleware(MiddlewareMixin):
    # Sync only, and last in MIDDLEWARE: so the whole chain runs synchronously, in the request's
    # thread. Under ASGI Django otherwise runs the middleware that can be async on the event
    # loop, and sends each of their process_request/process_response calls back to the thread
    # (a hand-off per call, about a dozen per request; a tenth of a web process's CPU at 50
    # results a second, py-spy).
    sync_capable = True
    async_capable = False

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith("/api/"):
            return None  # Django's own handling (its debug page when DEBUG is on)
        if isinstance(exception, SuspiciousOperation):
            # A refused request, not a crash: a body over the size limit is a 413, the rest 400.
            return bad_request(request, exception)
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"status_code": 500, "request": request},
        )
        return JsonResponse({"message": "Internal error.", "extra": {}}, status=500)


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
