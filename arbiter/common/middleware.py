"""JSON for crashes under /api/ even with DEBUG on (Django would answer its HTML debug page)."""

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin

logger = logging.getLogger("django.request")


class ApiJsonErrorsMiddleware(MiddlewareMixin):  # the mixin serves sync and async stacks alike
    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith("/api/"):
            return None  # Django's own handling (its debug page when DEBUG is on)
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"status_code": 500, "request": request},
        )
        return JsonResponse({"message": "Internal error.", "extra": {}}, status=500)
