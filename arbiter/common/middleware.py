"""JSON errors on API paths even with DEBUG on (Django would answer its HTML debug pages):
crashes, the refusals Django raises around a view, and any HTML error page that still
reaches an API path; a database pool exhausted, or the database out of reach, as a 503 on
every path; the security headers of every response."""

import logging
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any

import psycopg
from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    StreamingHttpResponse,
)
from django.http.multipartparser import MultiPartParserError
from django.utils.deprecation import MiddlewareMixin
from django.utils.log import log_response
from django.utils.translation import gettext_lazy as _
from psycopg_pool import PoolTimeout, TooManyRequests

from arbiter.common.views import (
    api_dialect,
    bad_request,
    error_json,
    not_found,
    permission_denied,
)
from arbiter.common.write_gate import RETRY_AFTER_SECONDS

logger = logging.getLogger("django.request")

POOL_BUSY = _("The server is busy: no database connection came free in time. Try again shortly.")
DATABASE_UNREACHABLE = _("The database cannot be reached at the moment. Try again shortly.")


def pool_exhausted(exception: BaseException | None) -> bool:
    """Whether `exception` is the connection pool's refusal: every pooled connection taken for
    the pool's whole `timeout` (`DATABASE_POOL_TIMEOUT`), or too many waiting. Django raises it
    wrapped (its own OperationalError, psycopg's error as the cause): the chain is followed."""
    seen: set[int] = set()
    while exception is not None and id(exception) not in seen:
        if isinstance(exception, PoolTimeout | TooManyRequests):
            return True
        seen.add(id(exception))
        exception = exception.__cause__ or exception.__context__
    return False


# SQLSTATE classes of a connection lost or refused: 08 (connection exception) and the server
# shutting down or not yet taking connections (57P01-57P03: a restart of PostgreSQL or of the
# pooler in front of it). A psycopg error without a SQLSTATE happened on the wire.
UNREACHABLE_STATES = ("08", "57P01", "57P02", "57P03")


def database_unreachable(exception: BaseException | None) -> bool:
    """Whether `exception` is the database (or the pooler in front of it) out of reach: a
    connection refused, or one that broke (a restart), rather than a query's own error."""
    seen: set[int] = set()
    while exception is not None and id(exception) not in seen:
        if isinstance(exception, psycopg.OperationalError):
            state = exception.sqlstate
            return state is None or state.startswith(UNREACHABLE_STATES)
        seen.add(id(exception))
        exception = exception.__cause__ or exception.__context__
    return False


def pool_exhausted_response(request: HttpRequest, *, unreachable: bool = False) -> HttpResponse:
    """503 with `Retry-After`: JSON in the dialect's shape on API paths, plain text on pages.
    Logged here as one warning line with the path, no traceback (a burst of them is load, not
    a crash), and marked logged so that Django adds no error line of its own. `unreachable`:
    the database could not be reached at all (`database_unreachable`)."""
    text = str(DATABASE_UNREACHABLE if unreachable else POOL_BUSY)
    response: HttpResponse
    if api_dialect(request) is None:
        response = HttpResponse(text, status=503, content_type="text/plain; charset=utf-8")
    else:
        response = error_json(request, 503, text)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    log_response(
        "%s: %s %s (%s)",
        response.reason_phrase,
        request.method,
        request.path,
        "database unreachable" if unreachable else "database pool exhausted",
        response=response,
        request=request,
        logger=logger,
        level="warning",
    )
    return response


def _pool_warning_mid_stream(request: HttpRequest) -> None:
    logger.warning(
        "Stream ended: %s %s (database pool exhausted)",
        request.method,
        request.path,
        extra={"request": request},
    )


def _parts_ended_when_pool_exhausted(
    request: HttpRequest, parts: Iterable[bytes]
) -> Iterator[bytes]:
    try:
        yield from parts
    except Exception as exc:
        if not pool_exhausted(exc):
            raise
        _pool_warning_mid_stream(request)


async def _aparts_ended_when_pool_exhausted(
    request: HttpRequest, parts: AsyncIterable[bytes]
) -> AsyncIterator[bytes]:
    try:
        async for part in parts:
            yield part
    except Exception as exc:
        if not pool_exhausted(exc):
            raise
        _pool_warning_mid_stream(request)


class ApiJsonErrorsMiddleware(MiddlewareMixin):
    """On API paths, in the dialect's shape (common.views): a crash is a JSON 500, Django's
    refusals their JSON 400/403/404 (DEBUG turns them into HTML pages otherwise), a path
    parameter holding NUL a 404 (no object has one, and PostgreSQL refuses the query).

    On every path: a view (DRF's, a plain or async one, lichess's) that found the database
    pool exhausted answers 503 with `Retry-After` (`pool_exhausted_response`), and a stream
    that finds it so once started ends there, with one warning line (docs/live.md, "A pool
    exhausted"). A request takes its connection at its first query and keeps it to its end,
    and the middleware before this one reads nothing: the views are where the pool refuses."""

    # Sync only, and last in MIDDLEWARE: so the whole chain runs synchronously, in the request's
    # thread. Under ASGI Django otherwise runs the middleware that can be async on the event
    # loop, and sends each of their process_request/process_response calls back to the thread
    # (a hand-off per call, about a dozen per request; a tenth of a web process's CPU at 50
    # results a second, py-spy).
    sync_capable = True
    async_capable = False

    def process_view(
        self, request: HttpRequest, view: object, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        nul = any("\x00" in str(value) for value in (*args, *kwargs.values()))
        return not_found(request) if nul and api_dialect(request) is not None else None

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if pool_exhausted(exception):
            return pool_exhausted_response(request)
        if database_unreachable(exception):
            return pool_exhausted_response(request, unreachable=True)
        if api_dialect(request) is None:
            return None  # Django's own handling (its debug page when DEBUG is on)
        if isinstance(exception, SuspiciousOperation | BadRequest | MultiPartParserError):
            # A refused request, not a crash: a body over the size limit is a 413, the rest 400.
            return bad_request(request, exception)
        if isinstance(exception, Http404):
            return not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return permission_denied(request, exception)
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"status_code": 500, "request": request},
        )
        return error_json(request, 500)

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """An HTML error page on an API path (Django's technical 404 of an unknown path with
        DEBUG on, a plain view's 405, the browsable API's error page) becomes JSON; a stream
        ends, rather than breaks, where the pool is found exhausted (its status is sent)."""
        if isinstance(response, StreamingHttpResponse) and not isinstance(response, FileResponse):
            parts: Any = response.streaming_content
            if response.is_async:
                response.streaming_content = _aparts_ended_when_pool_exhausted(request, parts)
            else:
                response.streaming_content = _parts_ended_when_pool_exhausted(request, parts)
        if response.status_code < 400 or not response.get("Content-Type", "").startswith(
            "text/html"
        ):
            return response
        if api_dialect(request) is None:
            return response
        status = response.status_code
        json_response = error_json(request, status)
        for header in ("Allow", "Retry-After", "WWW-Authenticate"):
            if header in response:
                json_response[header] = response[header]
        return json_response


class SecurityHeadersMiddleware(MiddlewareMixin):
    """Content-Security-Policy and Permissions-Policy on every response (settings
    `CONTENT_SECURITY_POLICY`, `PERMISSIONS_POLICY`; docs/security.md). Scripts come only from
    this origin: a stored text that ever got past escaping still runs nothing."""

    sync_capable = True
    async_capable = False

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        if settings.PERMISSIONS_POLICY and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = settings.PERMISSIONS_POLICY
        return response
