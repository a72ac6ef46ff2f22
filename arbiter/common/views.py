"""JSON error pages for /api/ paths that match no route (Django's are HTML)."""

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "Not found.", "extra": {}}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "Internal error.", "extra": {}}, status=500)
    return defaults.server_error(request)
