"""JSON for crashes under /api/ even with DEBUG on (Django would answer its HTML debug page)."""

import logging

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
