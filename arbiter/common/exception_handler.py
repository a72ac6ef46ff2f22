"""One error shape for the whole API: {"message": str, "extra": {"fields": {name: [str]}}}.
Messages are ours: a parser's error that carries Python's text (json's "Expecting value:
line 1 column 2 (char 1)", int()'s "use sys.set_int_max_str_digits()") is said in our words."""

import json
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.serializers import as_serializer_error
from rest_framework.views import exception_handler

from arbiter.common.exceptions import ApplicationError, invalid_input_message


def _messages(detail: Any, where: str = "") -> list[str]:
    """One field's messages as a flat list of strings, whatever DRF nested them in (a list
    field's items, a nested serializer's fields): the path inside the field leads each
    nested message ("2.white: This field is required."), so a client reads every field's
    errors the same way."""
    if isinstance(detail, dict):
        items: Any = detail.items()
    elif isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        items = enumerate(detail)
    else:
        prefix = f"{where}: " if where else ""
        values = detail if isinstance(detail, list) else [detail]
        return [prefix + str(value) for value in values]
    return [
        message
        for key, value in items
        for message in _messages(value, f"{where}.{key}" if where else str(key))
    ]


def _fields(detail: Any) -> dict[str, list[str]]:
    if not isinstance(detail, dict):
        detail = {"non_field_errors": detail}
    return {str(name): _messages(value) for name, value in detail.items()}


def _unreadable_body(exc: exceptions.ParseError) -> str | None:
    """Our words for a body a parser could not read, when its message is Python's: DRF's
    parsers wrap the error they caught (`raise ParseError(f"... - {exc}")`); our own
    refusals (common.parsers) raise theirs `from None`, and keep their words."""
    cause = None if exc.__suppress_context__ else exc.__context__
    if cause is None:
        return None
    if isinstance(cause, json.JSONDecodeError):
        return gettext("The request body is not valid JSON (line %(line)s, column %(column)s).") % {
            "line": cause.lineno,
            "column": cause.colno,
        }
    if isinstance(cause, ValueError) and "digits" in str(cause):  # int()'s 4,300-digit limit
        return gettext("The request body is not valid JSON: a number has too many digits.")
    if isinstance(cause, UnicodeError):
        return gettext("The request body is not valid UTF-8.")
    return gettext("The request body could not be read.")


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ApplicationError):
        extra = dict(exc.extra)
        if "fields" in extra:
            extra["fields"] = _fields(extra["fields"])
        return Response({"message": exc.message, "extra": extra}, status=exc.status_code)
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
        fields = _fields(exc.detail)
        first = next((m[0] for m in fields.values() if m), None)
        response.data = {"message": invalid_input_message(first), "extra": {"fields": fields}}
    else:
        detail = response.data.get("detail", "") if isinstance(response.data, dict) else ""
        unreadable = _unreadable_body(exc) if isinstance(exc, exceptions.ParseError) else None
        response.data = {"message": unreadable or str(detail), "extra": {}}
    return response
