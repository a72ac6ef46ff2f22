"""Small database steps every app shares: a connection handed back before pure-Python work,
a counter bumped in one statement."""

from __future__ import annotations

from django.conf import settings
from django.db import connection, models


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


def counter_bump(*, model: type[models.Model], object_id: int, field: str = "version") -> int:
    """`field` + 1 on one row, in one statement that returns the new value (the caller's
    transaction holds the row until it ends)."""
    table = connection.ops.quote_name(model._meta.db_table)
    column = connection.ops.quote_name(field)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {column} = {column} + 1 WHERE id = %s RETURNING {column}",
            [object_id],
        )
        (value,) = cursor.fetchone()
    return int(value)
