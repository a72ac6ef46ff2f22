"""The one exception the TRF reader raises on malformed input."""

from __future__ import annotations


class TrfError(ValueError):
    """A malformed TRF file: where (1-based line and column) and what, in plain words.

    `str(err)` is ``"line L, column C: message"``.
    """

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"line {line}, column {column}: {message}")

    def __reduce__(self):  # keep pickling (multiprocessing, celery) working
        return (type(self), (self.line, self.column, self.message))
