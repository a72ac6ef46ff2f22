"""Cutting a record line into fields, each with its 1-based column for the error messages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Final

from arbiter.trf.columns import format_decimal, parse_int
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _

_TOKEN: Final = re.compile(r"\S+")


def tokens(line: str, start: int) -> Iterator[tuple[int, str]]:
    """Whitespace-separated tokens of line[start:], each with its 1-based column."""
    for match in _TOKEN.finditer(line, start):
        yield match.start() + 1, match.group()


def fits_four_columns(value: Decimal) -> bool:
    """Whether the canonical text of a points value fits a 4-column field."""
    return len(format_decimal(value)) <= 4


def need_blank_after_code(lineno: int, raw: str) -> None:
    if len(raw) > 3 and raw[3] != " ":
        raise TrfError(
            lineno,
            4,
            _("column 4 must be blank after the record code %(code)s") % {"code": repr(raw[:3])},
        )


def line_of_length(lineno: int, raw: str, length: int, too_short: str) -> str:
    """The line without its trailing spaces, if it reaches `length` columns."""
    line = raw.rstrip()
    if len(line) < length:
        raise TrfError(lineno, len(line) + 1, too_short)
    return line


def fixed_fields(
    lineno: int,
    line: str,
    code: str,
    fields: list[tuple[int, int, str]],
    repeat: tuple[int, int, str] | None = None,
) -> list[tuple[int, str]]:
    """Cut fixed fields (0-based start, width, name); check the gaps; return (col, text).

    `repeat` continues with fields of that width every width+1 columns to the line end.
    """
    spans = list(fields)
    if repeat is not None:
        start, width, name = repeat
        while start < len(line):
            spans.append((start, width, name))
            start += width + 1
    used: set[int] = set(range(3))
    out: list[tuple[int, str]] = []
    for start, width, _name in spans:
        used.update(range(start, start + width))
        out.append((start + 1, line[start : start + width]))
    for index, char in enumerate(line):
        if index not in used and char != " ":
            raise TrfError(
                lineno,
                index + 1,
                _("%(code)s: column %(column)s must be blank (misaligned field)")
                % {"code": code, "column": index + 1},
            )
    return out


def number_field(lineno: int, column: int, text: str, what: str, *, minimum: int = 1) -> int:
    value = parse_int(text.strip())
    if value is None or value < minimum:
        raise TrfError(
            lineno,
            column,
            _("%(what)s %(text)s is not a valid number")
            % {"what": what, "text": repr(text.strip())},
        )
    return value
