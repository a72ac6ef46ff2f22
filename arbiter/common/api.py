"""Helpers for thin API views: strict input, pagination, error statuses in the schema."""

import unicodedata
from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.pagination import DefaultPagination
from arbiter.common.text import name_problem


def reject_body(request: Request) -> None:
    """Actions without input still refuse a body: a client sending one has made a mistake."""
    data = request.data  # a malformed JSON body raises ParseError (400) here
    empty = not request.body if hasattr(request, "body") else True
    if not empty and (not isinstance(data, dict) or data):
        raise ValidationError({"non_field_errors": [gettext("This action takes no request body.")]})


# --- Input ----------------------------------------------------------------------------------


class StrictCharField(serializers.CharField):
    """A CharField that refuses numbers and booleans rather than turning them into text."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


ONE_LINE_MAX_LENGTH = 200


def text_problem(value: Any, *, multiline: bool, secret: bool = False) -> str | None:
    """Why `value` is no acceptable text, or None: a non-string, control characters; and
    one-line text (a name, a label) is held to the one name rule (`common.text`: no
    invisible format characters such as bidi overrides, which make "Knights\u202esthgink"
    show as another name). A `secret` (a password) is checked for control characters only."""
    if value is None:
        return None  # allow_null decides
    if not isinstance(value, str):
        return gettext("Not a valid string.")
    allowed = "\r\n\t" if multiline else ""
    if any(unicodedata.category(c) == "Cc" and c not in allowed for c in value):
        return gettext("Control characters (line breaks, tabs, ...) are not allowed here.")
    if not multiline and not secret:
        return name_problem(value)
    return None


def _multiline(field: serializers.CharField) -> bool:
    return field.max_length is None or field.max_length > ONE_LINE_MAX_LENGTH


class StrictInputSerializer(serializers.Serializer):
    """Base of every view's input serializer. It refuses fields it does not know, so a typo
    (or an attempt to set what cannot be set) is not silently ignored. A view may turn that
    off with `refuse_unknown_fields = False` where clients rely on it being ignored."""

    refuse_unknown_fields = True

    def to_internal_value(self, data: Any) -> Any:
        """Text fields take only strings (`name: 123` is refused, not turned into "123") and
        no control characters, which would break the one-line records of a TRF file, logs and
        the pages. A short field (a name: `max_length` up to 200) is one line; longer text (a
        description, a pasted TRF or CSV) keeps its line breaks and tabs."""
        errors = {}
        if isinstance(data, dict):
            errors = {
                name: [problem]
                for name, field in self.fields.items()
                if isinstance(field, serializers.CharField)
                and name in data
                and (
                    problem := text_problem(
                        data[name], multiline=_multiline(field), secret=field.write_only
                    )
                )
            }
        try:
            value = super().to_internal_value(data)
        except ValidationError as exc:  # report the text problems beside the other fields'
            if errors and isinstance(exc.detail, dict):
                raise ValidationError({**exc.detail, **errors}) from exc
            raise
        if errors:
            raise ValidationError(errors)
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if self.refuse_unknown_fields and isinstance(self.initial_data, dict):
            unknown = sorted(set(self.initial_data) - set(self.fields))
            if unknown:
                refused = gettext("Unknown field.")
                raise serializers.ValidationError({name: [refused] for name in unknown})
        return attrs


class NestedInputSerializer(StrictInputSerializer):
    """An object inside a body (a row of a list, a group of settings): refuses the keys it
    does not know, as the body does. A nested serializer has no `initial_data` of its own,
    so the check is made on the value it is given."""

    refuse_unknown_fields = False

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                refused = gettext("Unknown field.")
                raise serializers.ValidationError({name: [refused] for name in unknown})
        return super().to_internal_value(data)


# --- Output ---------------------------------------------------------------------------------


def paginated_response(
    *,
    queryset: QuerySet[Any],
    request: Request,
    view: APIView,
    serializer_class: type[serializers.Serializer] | None = None,
    rows: Callable[[list[Any]], list[Any]] | None = None,
) -> Response:
    """One page of `queryset` in the project's page shape (count, next, previous, results),
    shaped by `serializer_class`, or by `rows` where the page is shaped as a whole (one
    query for all its rows, not one per row)."""
    paginator = DefaultPagination()
    page = list(paginator.paginate_queryset(queryset, request, view=view) or [])
    if rows is not None:
        return paginator.get_paginated_response(rows(page))
    assert serializer_class is not None, "a page is shaped by serializer_class or rows"
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


def error_responses(meaning: dict[int, str]) -> dict[int, OpenApiResponse]:
    """Schema entries for the error statuses an endpoint answers, with what each means there
    (the schema's AutoSchema gives each the error body)."""
    return {code: OpenApiResponse(description=text) for code, text in meaning.items()}
