import functools
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from arbiter.users.models import ApiToken, User
from arbiter.users.tokens import TOKEN_PREFIX, token_digest


def api_token_list(*, user: User) -> QuerySet[ApiToken]:
    """The user's tokens not revoked, expired ones included (their owner sees them lapse)."""
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True)


# A row's model fields and, by position, the converters the ORM applies to their values.
_Row = tuple[list[Any], dict[int, tuple[list[Any], Any]]]


@functools.cache
def _active_token_sql(vendor: str, key: str) -> tuple[str, _Row, _Row]:
    """The one definition of an active token (not revoked, not expired, its user active),
    as the SQL of one token by a unique column (`key`) with its user; for each of the two
    rows, its fields in the order selected and their converters (`SQLCompiler.get_converters`:
    SQLite's dates, for one; none on PostgreSQL). Written once: the ORM built this query
    again for every request that carried a token (a Board-API move, a stream's open), and
    building it cost more than running it."""
    quote = connection.ops.quote_name

    def row(model: Any) -> _Row:
        fields = list(model._meta.concrete_fields)
        converters = {}
        for i, field in enumerate(fields):
            column = field.get_col(model._meta.db_table)
            functions = connection.ops.get_db_converters(column) + column.get_db_converters(
                connection
            )
            if functions:
                converters[i] = (functions, column)
        return fields, converters

    def column(model: Any, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    tokens, users = row(ApiToken), row(User)
    selected = [f"t.{quote(f.column)}" for f in tokens[0]] + [
        f"u.{quote(f.column)}" for f in users[0]
    ]
    sql = (
        f"SELECT {', '.join(selected)} FROM {quote(ApiToken._meta.db_table)} t "
        f"INNER JOIN {quote(User._meta.db_table)} u "
        f"ON u.{column(User, 'id')} = t.{column(ApiToken, 'user')} "
        f"WHERE t.{column(ApiToken, key)} = %s AND t.{column(ApiToken, 'revoked_at')} IS NULL "
        f"AND t.{column(ApiToken, 'expires_at')} > %s AND u.{column(User, 'is_active')} = %s"
    )
    return sql, tokens, users


def _active_token(key: str, value: object) -> ApiToken | None:
    """The active token whose `key` is `value`, its user loaded, or None."""
    sql, tokens, users = _active_token_sql(connection.vendor, key)
    expires = ApiToken._meta.get_field("expires_at")
    params = [value, expires.get_db_prep_value(timezone.now(), connection), True]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    if found is None:
        return None
    split = len(tokens[0])
    token = _from_row(ApiToken, tokens, found[:split])
    token.user = _from_row(User, users, found[split:])
    return token


def _from_row(model: Any, row: _Row, values: tuple[Any, ...]) -> Any:
    fields, converters = row
    converted = list(values)
    for i, (functions, column) in converters.items():
        for convert in functions:
            converted[i] = convert(converted[i], column, connection)
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


def api_token_get_active(*, token: str) -> ApiToken | None:
    """The active token matching this plain value, with its user, or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    return _active_token("digest", token_digest(token))


def api_token_get_active_by_id(*, token_id: int) -> ApiToken | None:
    """The token, with its user, if it is still active (a socket's periodic re-check)."""
    return _active_token("id", token_id)


def user_get_active(*, user_id: int) -> User | None:
    return User.objects.filter(id=user_id, is_active=True).first()


def user_get_by_username(*, username: str) -> User | None:
    """An active user by username, case-insensitively (how usernames are matched at login)."""
    return User.objects.filter(username__iexact=username, is_active=True).first()
