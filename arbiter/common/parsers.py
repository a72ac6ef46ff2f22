"""The one input layer of both API dialects (native and lichess): request bodies (JSON, form,
multipart) under one size limit, JSON decoded without a crash or Python's own words, query
integers, and the limit on a time a client schedules. The lichess views use the same parsers
and helpers and answer their refusals in lichess's shape (`arbiter/lichess/http.py`)."""

import json
import math
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from io import BytesIO
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, ValidationError
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.exceptions import ParseError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

TOO_LARGE = "The request body is too large."

# --- bodies -----------------------------------------------------------------------------


def _declared_length(parser_context: Any) -> str | None:
    request = (parser_context or {}).get("request")
    return request.META.get("CONTENT_LENGTH") if request is not None else None


def body_bytes(stream: Any, parser_context: Any = None) -> bytes:
    """The whole body, at most DATA_UPLOAD_MAX_MEMORY_SIZE bytes (Django checks that limit
    only where it reads the body itself, not in a parser's stream): a longer body is refused
    (413) once the limit is passed, without reading the rest."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    length = _declared_length(parser_context)
    if limit is not None and length and str(length).isdigit() and int(length) > limit:
        raise RequestDataTooBig(TOO_LARGE)
    if stream is None:
        return b""
    raw = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(raw) > limit:
        raise RequestDataTooBig(TOO_LARGE)
    return bytes(raw)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999: valid JSON, but no number
        raise ValueError("number out of range")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _no_surrogates(data: Any) -> Any:
    try:
        json.dumps(data, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise ParseError(
            gettext(
                "The request body is not valid JSON: a string holds a lone surrogate (such as "
                "\\ud800), which is no character."
            )
        ) from None
    return data


def json_decoded(raw: bytes) -> Any:
    """A JSON body as Python, or a ParseError (400) in our words:
    - nested deeper than Python's decoder recurses (`[[[[…`): a RecursionError otherwise;
    - a string holding a lone surrogate (`"\\ud800"`): JSON escapes allow it, but it is no
      character, and nothing can store or even answer it (UTF-8 encoding fails);
    - a number Python will not read (over 4300 digits, `1e999`), NaN and Infinity: Python's
      message would name its own settings (`sys.set_int_max_str_digits`)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseError(gettext("The request body is not valid UTF-8.")) from None
    try:
        data = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        raise ParseError(
            gettext("The request body is not valid JSON: it is nested too deeply.")
        ) from None
    except json.JSONDecodeError as exc:  # json's own text ("Expecting value: … (char 1)")
        raise ParseError(
            gettext("The request body is not valid JSON (line %(line)s, column %(column)s).")
            % {"line": exc.lineno, "column": exc.colno}
        ) from None
    except ValueError:
        raise ParseError(
            gettext("The request body is not valid JSON: a number is too long or out of range.")
        ) from None
    return _no_surrogates(data)


class DepthSafeJSONParser(JSONParser):
    """The JSON parser of every view (`json_decoded`, under the body size limit)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        return json_decoded(body_bytes(stream, parser_context))


class LimitedFormParser(FormParser):
    """Form-encoded bodies (lichess clients send them) under the body size limit; Django's
    QueryDict keeps its DATA_UPLOAD_MAX_NUMBER_FIELDS limit."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = body_bytes(stream, parser_context)
        return super().parse(BytesIO(raw), media_type, parser_context)


class LimitedMultiPartParser(MultiPartParser):
    """Multipart bodies (a browser's file upload) under the same size limit as a JSON body:
    Django's DATA_UPLOAD_MAX_MEMORY_SIZE counts a multipart body's fields but not its files,
    so a declared length over it is refused (413) before anything is read. A body without a
    length is checked by the view, on the file's size."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = _declared_length(parser_context)
        if limit is not None and length and str(length).isdigit() and int(length) > limit:
            raise RequestDataTooBig(TOO_LARGE)
        return super().parse(stream, media_type, parser_context)


# --- query parameters -------------------------------------------------------------------

# lichess's Int: the largest count a lichess client may ask for.
QUERY_INT_MAX = 2**31 - 1


def query_int(
    params: Mapping[str, Any], name: str, *, low: int, high: int = QUERY_INT_MAX
) -> int | None:
    """The query parameter `name` as a whole number in [low, high], None when absent or
    empty. ASCII digits only: `str.isdigit()` also takes "²" and other scripts' digits, which
    `int()` refuses or reads as another number. A refusal is a 400 naming the parameter."""
    text = params.get(name, "")
    if text == "":
        return None
    ok = isinstance(text, str) and text.isascii() and text.isdigit()
    if not ok or len(text) > len(str(high)) or not low <= int(text) <= high:
        message = gettext("Must be a whole number from %(low)s to %(high)s.")
        raise exceptions.ValidationError({name: [message % {"low": low, "high": high}]})
    return int(text)


# --- times a client schedules -------------------------------------------------------------

# How far ahead an event, or one of its rounds, may be scheduled.
SCHEDULE_HORIZON = timedelta(days=2 * 365)
TOO_FAR = _("Must be within two years from now.")


def instant_problem(value: datetime) -> str | None:
    """Why `value` cannot be a scheduled time, or None: beyond the horizon, or past year
    9999 once in UTC (`9999-12-31T23:59:59-14:00`), which the database would store and
    Python could not read back."""
    try:
        utc = value.astimezone(UTC)
    except (OverflowError, ValueError):
        return str(TOO_FAR)
    return str(TOO_FAR) if utc > timezone.now() + SCHEDULE_HORIZON else None


def instant_within_horizon(value: datetime) -> None:
    """`instant_problem` as a validator (Django's ValidationError, which DRF fields take)."""
    problem = instant_problem(value)
    if problem is not None:
        raise ValidationError(problem, code="too_far")
