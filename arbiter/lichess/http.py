"""What every lichess-path view shares: token-only auth with lichess's error texts and scope
headers, request bodies read the way lichess (Play) reads them, `{"error": …}` answers, and
no content negotiation (lichess clients send Accept headers DRF would answer with 406).

The views translate; the rules stay in the apps' services (docs/lichess-api.md)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework import exceptions
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import text_problem
from arbiter.common.exceptions import ApplicationError
from arbiter.common.parsers import (
    TOO_LARGE,
    DepthSafeJSONParser,
    LimitedFormParser,
    LimitedMultiPartParser,
    body_bytes,
    json_decoded,
)
from arbiter.users.authentication import ApiTokenAuthentication, token_from_header
from arbiter.users.models import ApiToken, User
from arbiter.users.read import api_token_get_active
from arbiter.users.services import api_token_touch

# Every valid Arbiter token holds every lichess scope (docs/lichess-api.md, "Scopes").
SCOPES = (
    "tournament:write",
    "team:read",
    "team:write",
    "board:play",
    "challenge:read",
    "email:read",
    "preference:read",
)
SCOPES_HEADER = ",".join(SCOPES)
NDJSON = "application/x-ndjson"
# lichess's own texts (its clients may compare them) stay English, as lichess sends them
# whatever the reader's language; Arbiter's own messages are in the reader's.
MISSING_HEADER = "Missing authorization header"
NO_SUCH_TOKEN = "No such token"


class LichessError(Exception):
    """An answer in lichess's error shape: `{"error": message}` or `{"error": {field: [..]}}`."""

    def __init__(self, error: str | Mapping[str, list[str]], status: int = 400) -> None:
        super().__init__(str(error))
        self.error = error
        self.status = status


def error_response(error: str | Mapping[str, Any], status: int) -> Response:
    return Response({"error": error}, status=status)


def ok() -> Response:
    """lichess's answer to an action (berserk reads a JSON body even where it ignores it)."""
    return Response({"ok": True})


# --- authentication ---------------------------------------------------------------------


class LichessTokenAuthentication(ApiTokenAuthentication):
    """Arbiter API tokens, refused with lichess's texts."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed as exc:
            raise exceptions.AuthenticationFailed(NO_SUCH_TOKEN) from exc


def bearer_token(authorization: str | None) -> ApiToken:
    """The active token (with its user) of an `Authorization: Bearer …` header, for views
    outside DRF (the async streams, which close when it is revoked); sync: run it in a
    thread. Raises LichessError 401 as lichess does."""
    if not authorization:
        raise LichessError(MISSING_HEADER, 401)
    plain = token_from_header(authorization)
    token = api_token_get_active(token=plain) if plain else None
    if token is None:
        raise LichessError(NO_SUCH_TOKEN, 401)
    api_token_touch(token=token)
    return token


def bearer_user(authorization: str | None) -> User:
    return bearer_token(authorization).user


# --- request bodies ---------------------------------------------------------------------


# No lichess form nests deeper than three (`conditions.minRating.rating`).
FLATTEN_DEPTH_MAX = 16


def _flatten(value: Any, key: str, into: dict[str, str], depth: int = 0) -> None:
    """Play's JSON-to-form rule: objects become dotted keys, arrays `k[i]`, scalars their
    text (`true`/`false` for booleans); `null` is dropped, the same as an absent field."""
    if value is None:
        return
    if depth > FLATTEN_DEPTH_MAX and isinstance(value, dict | list):
        raise LichessError(_("The request body is nested too deeply."), 400)
    if isinstance(value, dict):
        for name, item in value.items():
            _flatten(item, f"{key}.{name}" if key else str(name), into, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _flatten(item, f"{key}[{index}]", into, depth + 1)
    elif isinstance(value, bool):
        into[key] = "true" if value else "false"
    else:
        into[key] = str(value)


def lichess_body(request: Request) -> dict[str, str]:
    """The request's fields as lichess reads them, from a JSON or a form body alike; unknown
    fields are kept (the caller ignores them, as lichess does). Every value meets the native
    API's text check (no control characters but line breaks and tabs): a refusal is a
    LichessError naming the fields."""
    data = request.data
    fields: dict[str, str] = {}
    if hasattr(data, "lists"):  # a form body (QueryDict): the last value of each name
        for name, values in data.lists():
            if values and not hasattr(values[-1], "read"):  # files are not fields here
                fields[name] = str(values[-1])
    elif isinstance(data, dict):
        _flatten(data, "", fields)
    elif data not in (None, "", [], {}):
        raise LichessError(_("The request body must be a JSON object or a form."), 400)
    refused = {
        name: [problem]
        for name, value in fields.items()
        if (problem := text_problem(value, multiline=True)) is not None
    }
    if refused:
        raise LichessError(refused)
    return fields


class _LenientJSONParser(DepthSafeJSONParser):
    """The native API's JSON parser, with an empty body read as no fields (berserk posts
    `{}`-less actions)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        raw = body_bytes(stream, parser_context)
        return json_decoded(raw) if raw.strip() else {}


# --- views ------------------------------------------------------------------------------


class _AnyAccept(BaseContentNegotiation):
    """lichess answers by the endpoint, not by Accept: JSON here, whatever was asked."""

    def select_parser(self, request: Request, parsers: Iterable[Any]) -> Any:
        for parser in parsers:
            if parser.media_type.split(";")[0] == (request.content_type or "").split(";")[0]:
                return parser
        return None

    def select_renderer(
        self,
        request: Request,
        renderers: Iterable[BaseRenderer],
        format_suffix: str | None = None,
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type


class LichessSchema(SpectacularAutoSchema):
    """Every lichess path in the schema's `lichess` tag, with lichess's error shape."""

    def get_tags(self) -> list[str]:
        return ["lichess"]


def _translated(exc: Exception) -> Response | None:
    if isinstance(exc, LichessError):
        return error_response(exc.error, exc.status)
    if isinstance(exc, RequestDataTooBig):  # from the parsers, on paths outside /api/ too
        return error_response(TOO_LARGE, 413)
    if isinstance(exc, SuspiciousOperation):  # more form fields than Django reads
        return error_response(_("Bad request."), 400)
    if isinstance(exc, ApplicationError):
        fields = exc.extra.get("fields")
        if fields:
            return error_response({str(k): list(v) for k, v in dict(fields).items()}, 400)
        # lichess has no 409: a refusal for the object's state is a 400 there.
        status = 400 if exc.status_code == 409 else exc.status_code
        return error_response(exc.message, status)
    if isinstance(exc, exceptions.ValidationError):
        detail = exc.detail
        if isinstance(detail, dict):
            return error_response({str(k): [str(m) for m in v] for k, v in detail.items()}, 400)
        return error_response(str(detail[0]) if detail else _("Invalid input."), 400)
    if isinstance(exc, Http404 | exceptions.NotFound):
        return error_response("Not found", 404)
    if isinstance(exc, exceptions.NotAuthenticated):
        return error_response(MISSING_HEADER, 401)
    if isinstance(exc, exceptions.AuthenticationFailed):
        return error_response(NO_SUCH_TOKEN, 401)
    if isinstance(exc, exceptions.Throttled):
        response = error_response("Too many requests. Try again later.", 429)
        wait = getattr(exc, "wait", None)
        if wait is not None:
            response["Retry-After"] = str(int(wait))
        return response
    if isinstance(exc, exceptions.APIException):
        return error_response(str(exc.detail), exc.status_code)
    return None


class LichessView(APIView):
    """A view on a lichess path. `auth_required`: anonymous callers get lichess's 401."""

    auth_required = True
    authentication_classes = [LichessTokenAuthentication]
    permission_classes: list[Any] = []
    parser_classes = [_LenientJSONParser, LimitedFormParser, LimitedMultiPartParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _AnyAccept
    schema = LichessSchema()

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if self.auth_required and not (request.user and request.user.is_authenticated):
            raise LichessError(MISSING_HEADER, 401)
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            # Every write reads its body through the shared parsers, used or not: an action
            # that takes no input (terminate, resign, a move) ignores fields it does not read,
            # as lichess does, but a body no parser can read (too deep, too large, a number
            # Python cannot hold, not JSON) is refused before anything is done (issue 37).
            request.data  # noqa: B018

    def handle_exception(self, exc: Exception) -> Response:
        response = _translated(exc)
        if response is None:
            return super().handle_exception(exc)
        if response.status_code == 401:
            response["WWW-Authenticate"] = 'Bearer realm="lichess"'
        return response

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.user and request.user.is_authenticated:
            response["X-OAuth-Scopes"] = SCOPES_HEADER
        return response

    def user(self) -> User:
        user = self.request.user
        if not isinstance(user, User) or not user.is_authenticated:
            raise LichessError(MISSING_HEADER, 401)
        return user


# --- answers that are not one JSON object -----------------------------------------------


def ndjson_line(row: Mapping[str, Any]) -> str:
    return json.dumps(row, separators=(",", ":"), ensure_ascii=False) + "\n"


def ndjson_response(rows: Iterable[Mapping[str, Any]]) -> HttpResponse:
    """A whole NDJSON list in one body, one object per line and no blank line: berserk
    decodes the non-streamed lists with `ndjson.Decoder`, which refuses a blank line."""
    return HttpResponse("".join(ndjson_line(row) for row in rows), content_type=NDJSON)


def text_response(text: str, content_type: str, *, filename: str | None = None) -> HttpResponse:
    response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
    if filename:
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def wants_json(request: HttpRequest) -> bool:
    """lila's rule for the games export: JSON lines when Accept names NDJSON or JSON."""
    accept = request.headers.get("Accept", "")
    return NDJSON in accept or "application/json" in accept
