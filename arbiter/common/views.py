"""JSON error pages for /api/ paths (Django's are HTML): no route, a refused request, a crash."""

from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Refusals Django makes before a view runs (a body over DATA_UPLOAD_MAX_MEMORY_SIZE, a
    suspicious header): JSON under /api/, with 413 for the body size."""
    if request.path.startswith("/api/"):
        if isinstance(exception, RequestDataTooBig):
            return JsonResponse(
                {"message": "The request body is too large.", "extra": {}}, status=413
            )
        return JsonResponse({"message": "Bad request.", "extra": {}}, status=400)
    return defaults.bad_request(request, exception or Exception("Bad request"))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "Not found.", "extra": {}}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "Internal error.", "extra": {}}, status=500)
    return defaults.server_error(request)
