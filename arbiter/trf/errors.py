"""The one exception the TRF reader raises on malformed input."""

from __future__ import annotations

from arbiter.trf.i18n import gettext as _


class TrfError(ValueError):
    """A malformed TRF file: where (1-based line and column) and what, in plain words.

    `str(err)` is ``"line L, column C: message"``.
    """

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(
            _("line %(line)s, column %(column)s: %(message)s")
            % {"line": line, "column": column, "message": message}
        )

    def __reduce__(self):  # keep pickling (multiprocessing, celery) working
        return (type(self), (self.line, self.column, self.message))


class TrfWarning:
    """Something read with a tolerance (a date written another way, a record we do not apply).

    Never raised: `read_trf` keeps them in `Tournament.warnings`, in line order.
    `str(warning)` is ``"line L, column C: message"``, like `TrfError`.
    """

    __slots__ = ("column", "line", "message")

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message

    def __str__(self) -> str:
        return _("line %(line)s, column %(column)s: %(message)s") % {
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    def __repr__(self) -> str:
        return f"TrfWarning({self.line}, {self.column}, {self.message!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrfWarning):
            return NotImplemented
        return (self.line, self.column, self.message) == (other.line, other.column, other.message)

    def __hash__(self) -> int:
        return hash((self.line, self.column, self.message))
