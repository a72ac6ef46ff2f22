"""JSON for crashes under /api/ even with DEBUG on (Django would answer its HTML debug page)."""

import logging

from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

from arbiter.common.views import bad_request

logger = logging.getLogger("django.request")


class ApiJsonErrorsMiddleware(MiddlewareMixin):  # the mixin serves sync and async stacks alike
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
