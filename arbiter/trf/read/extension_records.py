"""The pairing engines' extension records (JaVaFo's XX records), read word by word: XXR
total rounds, XXC initial colour, XXS point values, XXA accelerations, XXP forbidden pairs."""

from __future__ import annotations

from decimal import Decimal

from arbiter.trf.columns import parse_decimal, parse_int
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import XXC_TOKENS
from arbiter.trf.points import XXS_CODES
from arbiter.trf.read.fields import fits_four_columns, need_blank_after_code, tokens
from arbiter.trf.read.state import PlayerRef, ReadState


def read_xxr(state: ReadState, lineno: int, raw: str) -> None:
    need_blank_after_code(lineno, raw)
    state.once("XXR", lineno)
    words = list(tokens(raw, 4))
    if len(words) != 1:
        column = words[1][0] if words else 5
        raise TrfError(lineno, column, _("XXR needs exactly one number: the total rounds"))
    column, text = words[0]
    rounds = parse_int(text)
    if rounds is None or rounds < 1:
        raise TrfError(
            lineno, column, _("XXR rounds %(text)s is not a positive number") % {"text": repr(text)}
        )
    state.t.total_rounds = rounds


def read_xxc(state: ReadState, lineno: int, raw: str) -> None:
    need_blank_after_code(lineno, raw)
    state.once("XXC", lineno)
    words = list(tokens(raw, 4))
    if not words:
        raise TrfError(lineno, 5, _("XXC needs white1 or black1"))
    colours = 0
    for column, token in words:
        if token not in XXC_TOKENS:
            raise TrfError(
                lineno,
                column,
                _("XXC value %(token)s is not white1, black1 or rank") % {"token": repr(token)},
            )
        if token != "rank":
            colours += 1
            if colours > 1:
                raise TrfError(lineno, column, _("XXC names more than one initial colour"))
    state.t.initial_colour = " ".join(token for _, token in words)


def read_xxs(state: ReadState, lineno: int, raw: str) -> None:
    need_blank_after_code(lineno, raw)
    words = list(tokens(raw, 4))
    if not words:
        raise TrfError(lineno, 5, _("XXS needs code=value pairs such as W=1.0"))
    for column, token in words:
        code, sep, value_text = token.partition("=")
        if not sep:
            raise TrfError(
                lineno, column, _("XXS item %(token)s is not code=value") % {"token": repr(token)}
            )
        if code not in XXS_CODES:
            raise TrfError(
                lineno,
                column,
                _("XXS code %(code)s is not a known point code") % {"code": repr(code)},
            )
        value = parse_decimal(value_text)
        if value is None:
            raise TrfError(
                lineno,
                column + len(code) + 1,
                _("XXS value %(value)s is not a number") % {"value": repr(value_text)},
            )
        state.t.point_values[code] = value


def read_xxa(state: ReadState, lineno: int, raw: str) -> None:
    need_blank_after_code(lineno, raw)
    words = list(tokens(raw, 4))
    if not words:
        raise TrfError(lineno, 5, _("XXA needs a start number and points per round"))
    column, text = words[0]
    start_number = parse_int(text)
    if start_number is None or not 1 <= start_number <= 9999:
        raise TrfError(
            lineno,
            column,
            _("XXA start number %(text)s is not a start number") % {"text": repr(text)},
        )
    if start_number in state.t.accelerations:
        first = state.xxa_where[start_number][0]
        raise TrfError(
            lineno,
            column,
            _("XXA for player %(start_number)s given twice (first on line %(first)s)")
            % {"start_number": start_number, "first": first},
        )
    values: list[Decimal] = []
    for value_column, value_text in words[1:]:
        value = parse_decimal(value_text)
        if value is None:
            raise TrfError(
                lineno,
                value_column,
                _("XXA points %(value)s is not a number") % {"value": repr(value_text)},
            )
        if not fits_four_columns(value):
            raise TrfError(
                lineno,
                value_column,
                _("XXA points %(value)s do not fit in 4 columns") % {"value": repr(value_text)},
            )
        values.append(value)
    state.t.accelerations[start_number] = values
    state.xxa_where[start_number] = (lineno, column)


def read_xxp(state: ReadState, lineno: int, raw: str) -> None:
    need_blank_after_code(lineno, raw)
    words = list(tokens(raw, 4))
    if len(words) != 2:
        column = words[2][0] if len(words) > 2 else 5
        raise TrfError(lineno, column, _("XXP needs exactly two start numbers"))
    numbers: list[int] = []
    for column, text in words:
        number = parse_int(text)
        if number is None or not 1 <= number <= 9999:
            raise TrfError(
                lineno,
                column,
                _("XXP player %(text)s is not a start number") % {"text": repr(text)},
            )
        numbers.append(number)
    if numbers[0] == numbers[1]:
        raise TrfError(lineno, words[1][0], _("XXP pairs a player with themself"))
    state.t.forbidden_pairs.append((numbers[0], numbers[1]))
    state.player_refs.append(PlayerRef(numbers[0], lineno, words[0][0], "XXP"))
    state.player_refs.append(PlayerRef(numbers[1], lineno, words[1][0], "XXP"))
