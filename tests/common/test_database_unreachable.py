"""Which database errors are the database out of reach (a 503 with Retry-After), and which are
a query's own (left to the error handling they had): issue 44's PgBouncer restart."""

from __future__ import annotations

import psycopg
from django.db.utils import OperationalError

from arbiter.common.middleware import database_unreachable


def _wrapped(error: BaseException) -> OperationalError:
    """As Django raises it: its own OperationalError, psycopg's as the cause."""
    try:
        raise OperationalError(str(error)) from error
    except OperationalError as django_error:
        return django_error


def test_a_lost_or_refused_connection_is_unreachable():
    for error in (
        psycopg.OperationalError("connection failed: Connection refused"),  # no SQLSTATE
        psycopg.errors.AdminShutdown(),  # 57P01: a restart
        psycopg.errors.CannotConnectNow(),  # 57P03
        psycopg.errors.ConnectionFailure(),  # 08006
    ):
        assert database_unreachable(_wrapped(error)), error


def test_a_query_s_own_error_is_not():
    for error in (
        psycopg.errors.LockNotAvailable(),  # 55P03
        psycopg.errors.QueryCanceled(),  # 57014
        psycopg.errors.DiskFull(),  # 53100
        ValueError("not a database error"),
    ):
        assert not database_unreachable(_wrapped(error)), error
    assert not database_unreachable(None)
