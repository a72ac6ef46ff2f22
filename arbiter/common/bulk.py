"""Writing some fields of many rows in one statement; deleting a row in one.

Django's `bulk_update` builds a `CASE WHEN id = … THEN …` per row and field; compiling those
expressions is slow (a third of a result request's CPU went to it, and seconds at 1,000
players). On PostgreSQL, one `UPDATE … FROM (VALUES …)` writes the same rows; other databases
(SQLite in embedded mode) keep Django's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connections, router
from django.db.models import Field, Model

BATCH_ROWS = 1000


def rows_update(rows: Sequence[Model], fields: Sequence[str]) -> None:
    """Save `fields` of already-saved `rows` (all of one model), as `bulk_update` does: no
    signals, no `save()`, no `auto_now`."""
    if not rows:
        return
    model = type(rows[0])
    using = router.db_for_write(model)
    connection = connections[using]
    if connection.vendor != "postgresql":
        model._default_manager.db_manager(using).bulk_update(rows, fields, batch_size=BATCH_ROWS)
        return
    meta = model._meta
    columns = [_column(model, name) for name in (meta.pk.name, *fields)]
    quote = connection.ops.quote_name
    casts = [f"%s::{column.db_type(connection)}" for column in columns]
    row_sql = "(" + ", ".join(casts) + ")"
    names = ", ".join(quote(column.column) for column in columns)
    assignments = ", ".join(
        f"{quote(column.column)} = v.{quote(column.column)}" for column in columns[1:]
    )
    pk = quote(meta.pk.column)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BATCH_ROWS):
            batch = rows[start : start + BATCH_ROWS]
            params: list[Any] = []
            for row in batch:
                for column in columns:
                    value = getattr(row, column.attname)
                    params.append(column.get_db_prep_save(value, connection))
            cursor.execute(
                f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
                f"FROM (VALUES {', '.join([row_sql] * len(batch))}) AS v({names}) "
                f"WHERE t.{pk} = v.{pk}",
                params,
            )


def row_delete(model: type[Model], pk: int) -> int:
    """Delete one row by primary key in a single statement, and return how many went (0 or 1).

    `QuerySet.delete()` runs Django's deletion collector, in a transaction of its own: three
    round trips and the collector's CPU for one row (a twentieth of a result request's CPU
    under load went to it). Only for models that no other row refers to and that have no
    delete signals: nothing is cascaded and no signal is sent."""
    meta = model._meta
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s", [pk]
        )
        return int(cursor.rowcount)


def _column(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field
