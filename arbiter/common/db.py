"""The request's database connection, handed back before pure-Python work."""

from __future__ import annotations

from django.conf import settings
from django.db import connection


def connection_release() -> None:
    """Give this thread's connection back to the pool before a long step that reads no more
    rows, such as serialising a page of 500 boards: readers then share the pool instead of
    each holding a connection while it writes bytes (issue 38: 40 of 200 readers answered 500
    on a pool timeout so). A later query takes a connection again. Only where there is a pool
    (closing SQLite's or an unpooled connection would cost a reconnect), and never inside a
    transaction."""
    pooled = bool(settings.DATABASES["default"].get("OPTIONS", {}).get("pool"))
    if pooled and connection.connection is not None and not connection.in_atomic_block:
        connection.close()
