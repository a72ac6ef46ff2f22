"""One error shape for the whole API: {"message": str, "extra": {"fields": {...}}}."""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.views import exception_handler

from arbiter.common.exceptions import ApplicationError


def _first_message(detail: Any) -> str | None:
    if isinstance(detail, dict):
        for value in detail.values():
            found = _first_message(value)
            if found:
                return found
        return None
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else None
    return str(detail)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response({"message": exc.message, "extra": exc.extra}, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(as_serializer_error(exc))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()

    response = exception_handler(exc, context)
    if response is None:
        return None  # an unexpected error: Django's 500 handling and logging apply

    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        first = _first_message(fields) or "Invalid input."
        response.data = {"message": f"Invalid input: {first}", "extra": {"fields": fields}}
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else ""
        response.data = {"message": str(detail), "extra": {}}
    return response
