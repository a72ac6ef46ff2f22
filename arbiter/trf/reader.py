"""Read a FIDE TRF-16 file (plus the pairing-engine extension records) into a `Tournament`.

`read_trf` raises only `TrfError` (with a 1-based line and column) on malformed input. What
is checked, and every record's columns, are listed in docs/trf.md.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from arbiter.trf import columns as F
from arbiter.trf import tags2026
from arbiter.trf.errors import TrfError, TrfWarning
from arbiter.trf.facts import bonus_points, point_values
from arbiter.trf.model import (
    GAME_CODES,
    RESULT_CODES,
    UNPAIRED_CODES,
    PlayerRecord,
    RoundEntry,
    Tournament,
)
from arbiter.trf.points import XXS_CODES, entry_points, player_points

_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")
_TOKEN: Final = re.compile(r"\S+")

PLAYED_CODES: Final = frozenset("10=WDL")
# The two sides of one board: (this side's code, the opponent's code).
COMPATIBLE_RESULTS: Final = frozenset(
    {
        ("1", "0"),
        ("0", "1"),
        ("=", "="),
        ("W", "L"),
        ("L", "W"),
        ("D", "D"),
        ("+", "-"),
        ("-", "+"),
        ("-", "-"),
        (" ", " "),
    }
)
XXC_TOKENS: Final = frozenset({"white1", "black1", "rank"})
BYE_TYPES: Final = frozenset("FHZ")
# TRF-2026 tags whose text is checked (each given once); the text itself stays in `header`.
TAG_READERS: Final = {
    "142": tags2026.read_rounds,
    "152": tags2026.read_colour,
    "162": tags2026.read_scoring,
    "202": tags2026.read_tiebreaks,
    "212": tags2026.read_tiebreaks,
}

# Dates: 042/052 and 132 accept these spellings (the written text is kept as it is).
_DATE_FORMATS: Final = (
    re.compile(r"(?P<y>[0-9]{4})(?P<s>[/.-])(?P<m>[0-9]{2})(?P=s)(?P<d>[0-9]{2})"),
    re.compile(r"(?P<d>[0-9]{2})\.(?P<m>[0-9]{2})\.(?P<y>[0-9]{4})"),
    re.compile(r"(?P<yy>[0-9]{2})/(?P<m>[0-9]{2})/(?P<d>[0-9]{2})"),
)


def _is_date(text: str) -> bool:
    for pattern in _DATE_FORMATS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        parts = match.groupdict()
        year = int(parts["y"]) if parts.get("y") else 2000 + int(parts["yy"])
        try:
            dt.date(year, int(parts["m"]), int(parts["d"]))
        except ValueError:
            return False
        return True
    return False


def _fits(value: Decimal) -> bool:
    """Whether the canonical text of a points value fits a 4-column field."""
    return len(F.format_decimal(value)) <= 4


def _tokens(line: str, start: int) -> Iterator[tuple[int, str]]:
    """Whitespace-separated tokens of line[start:], each with its 1-based column."""
    for match in _TOKEN.finditer(line, start):
        yield match.start() + 1, match.group()


@dataclass
class _Where:
    """Where each piece of a player line was read, for second-pass error messages."""

    line: int
    # per round: 1-based column of the block's opponent field
    blocks: list[int] = field(default_factory=list)
    points_blank: bool = False


class _Reader:
    def __init__(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = _LINE_BREAK.split(text)
        self.t = Tournament()
        self.where: dict[int, _Where] = {}
        self.record_line: dict[str, int] = {}  # single-occurrence records: code -> line
        self.xxa_where: dict[int, tuple[int, int]] = {}  # start number -> (line, column)
        self.id_refs: list[tuple[int, int, int, str]] = []  # (start no, line, column, record)
        self.bye_refs: list[tuple[int, int, str, int, int]] = []  # (no, round, type, line, col)
        self.unapplied_299 = False  # a 299 line kept verbatim (its points are not known)

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def fail(line: int, column: int, message: str) -> TrfError:
        return TrfError(line, column, message)

    def warn(self, line: int, column: int, message: str) -> None:
        self.t.warnings.append(TrfWarning(line, column, message))

    def need_blank_after_code(self, lineno: int, raw: str) -> None:
        if len(raw) > 3 and raw[3] != " ":
            raise self.fail(lineno, 4, f"column 4 must be blank after the record code {raw[:3]!r}")

    def once(self, code: str, lineno: int) -> None:
        if code in self.record_line:
            first = self.record_line[code]
            raise self.fail(lineno, 1, f"record {code} given twice (first on line {first})")
        self.record_line[code] = lineno

    # -- main loop -----------------------------------------------------------------------

    def read(self) -> Tournament:
        for index, raw in enumerate(self.lines):
            lineno = index + 1
            if not raw.strip():
                continue
            if raw[0].isspace():
                raise self.fail(lineno, 1, "a record must start at column 1 with its code")
            if len(raw.rstrip()) < 3:
                raise self.fail(
                    lineno, 1, "line too short: a record starts with a 3-character code"
                )
            code = raw[:3]
            if code == "001":
                self.player(lineno, raw)
            elif code == "132":
                self.round_dates(lineno, raw)
            elif F.is_header_code(code):
                self.header(lineno, raw)
            elif code == "XXR":
                self.xxr(lineno, raw)
            elif code == "XXC":
                self.xxc(lineno, raw)
            elif code == "XXS":
                self.xxs(lineno, raw)
            elif code == "XXA":
                self.xxa(lineno, raw)
            elif code == "XXP":
                self.xxp(lineno, raw)
            elif code == "240":
                self.bye_record(lineno, raw)
            elif code == "250":
                self.acceleration_record(lineno, raw)
            elif code == "260":
                self.forbidden_record(lineno, raw)
            elif code == "310":
                self.team_record(lineno, raw)
            elif code == "299":
                self.abnormal_record(lineno, raw)
            else:
                self.t.other_records.append(raw)
        self.check_games()
        self.check_references()
        self.check_points()
        return self.t

    # -- tournament section --------------------------------------------------------------

    def header(self, lineno: int, raw: str) -> None:
        code = raw[:3]
        self.need_blank_after_code(lineno, raw)
        value = raw[4:].rstrip()
        if code in ("042", "052") and value.strip() and not _is_date(value.strip()):
            # Read all the same (kept as written): lichess wrote "May 29, 2020", JaVaFo's
            # sample "24/09/2010".
            column = 5 + len(value) - len(value.lstrip())
            what = "start" if code == "042" else "end"
            self.warn(
                lineno,
                column,
                f"{what} date {value.strip()!r} is not written YYYY/MM/DD; kept as written",
            )
        if code in TAG_READERS:
            self.once(code, lineno)
            TAG_READERS[code](lineno, raw)
        if code in self.t.header:
            self.t.header[code] += "\n" + value
        else:
            self.t.header[code] = value

    def round_dates(self, lineno: int, raw: str) -> None:
        self.once("132", lineno)
        try:
            self.t.round_dates = self.round_dates_in_columns(lineno, raw)
        except TrfError as error:
            # Read the dates as the words of the line (a date a column off, another spelling).
            self.warn(error.line, error.column, f"{error.message}; read word by word")
            self.t.round_dates = [word[:10] for _, word in _tokens(raw, 4)]

    def round_dates_in_columns(self, lineno: int, raw: str) -> list[str]:
        stray = raw[3 : F.FIRST_ROUND]
        if stray.strip():
            column = 4 + len(stray) - len(stray.lstrip())
            raise self.fail(
                lineno, column, "132 round dates must start at column 92 (round 1), 102, 112, ..."
            )
        dates: list[str] = []
        start = F.FIRST_ROUND
        while start < len(raw):
            cell = raw[start : start + F.ROUND_WIDTH]
            date = cell.strip()
            if date:
                column = start + 1 + len(cell) - len(cell.lstrip())
                if cell[0] == " " or not _is_date(date):
                    raise self.fail(
                        lineno,
                        column,
                        f"round {len(dates) + 1} date {date!r} is not a date (YY/MM/DD) "
                        f"starting at column {start + 1}",
                    )
            dates.append(date)
            start += F.ROUND_WIDTH
        return dates

    # -- player section ------------------------------------------------------------------

    def player(self, lineno: int, raw: str) -> None:
        line = raw.rstrip()
        for gap in F.PLAYER_GAPS:
            if gap < len(line) and line[gap] != " ":
                raise self.fail(
                    lineno,
                    gap + 1,
                    f"column {gap + 1} must be blank: the fields of the 001 line are misaligned",
                )

        def cut(span: tuple[int, int]) -> str:
            return line[span[0] : span[1]]

        number_text = cut(F.START_NUMBER).strip()
        if not number_text:
            raise self.fail(lineno, 5, "line too short: the start number (columns 5-8) is missing")
        start_number = F.parse_int(number_text)
        if start_number is None:
            raise self.fail(lineno, 5, f"start number {number_text!r} is not a number")
        if not 1 <= start_number <= 9999:
            raise self.fail(lineno, 5, f"start number {start_number} is not between 1 and 9999")
        if start_number in self.where:
            first = self.where[start_number].line
            raise self.fail(
                lineno, 5, f"start number {start_number} is used twice (first on line {first})"
            )

        rating_text = cut(F.RATING).strip()
        rating = F.parse_int(rating_text) if rating_text else None
        if rating_text and rating is None:
            raise self.fail(lineno, F.RATING[0] + 1, f"rating {rating_text!r} is not a number")

        fide_id = cut(F.FIDE_ID).strip()
        if fide_id and F.parse_int(fide_id) is None:
            raise self.fail(lineno, F.FIDE_ID[0] + 1, f"FIDE id {fide_id!r} is not a number")

        points_text = cut(F.POINTS).strip()
        points = F.parse_decimal(points_text) if points_text else Decimal(0)
        if points is None or not _fits(points):
            raise self.fail(lineno, F.POINTS[0] + 1, f"points {points_text!r} is not a number")

        rank_text = cut(F.RANK).strip()
        rank = F.parse_int(rank_text) if rank_text else None
        if rank_text and rank is None:
            raise self.fail(lineno, F.RANK[0] + 1, f"rank {rank_text!r} is not a number")

        where = _Where(lineno, points_blank=not points_text)
        rounds = list(self.round_blocks(lineno, line, start_number, where))
        record = PlayerRecord(
            start_number=start_number,
            name=cut(F.NAME).strip(),
            sex=cut(F.SEX).strip(),
            title=cut(F.TITLE).strip(),
            rating=rating,
            federation=cut(F.FEDERATION).strip(),
            fide_id=fide_id,
            birth_date=cut(F.BIRTH_DATE).strip(),
            points=points,
            rank=rank,
            rounds=rounds,
        )
        self.where[start_number] = where
        self.t.players.append(record)

    def round_blocks(
        self, lineno: int, line: str, start_number: int, where: _Where
    ) -> Iterator[RoundEntry]:
        start = F.FIRST_ROUND
        round_no = 0
        while start < len(line):
            round_no += 1
            block = line[start : start + 8].ljust(8)
            col = start + 1  # 1-based column of the opponent field
            for offset in (4, 6, 8, 9):
                if start + offset < len(line) and line[start + offset] != " ":
                    raise self.fail(
                        lineno,
                        col + offset,
                        f"round {round_no}: column {col + offset} must be blank; round blocks "
                        f"start at columns 92, 102, 112, ... (this one at {col})",
                    )
            opponent_text = block[0:4].strip()
            if opponent_text:
                value = F.parse_int(opponent_text)
                if value is None:
                    raise self.fail(
                        lineno, col, f"round {round_no}: opponent {opponent_text!r} is not a number"
                    )
                opponent = value or None
            else:
                opponent = None
            colour = block[5].lower()
            if colour == " ":
                colour = "-"
            if colour not in ("w", "b", "-"):
                raise self.fail(
                    lineno, col + 5, f"round {round_no}: colour {block[5]!r} is not w, b or -"
                )
            result = block[7].upper()
            if result not in RESULT_CODES:
                raise self.fail(
                    lineno, col + 7, f"round {round_no}: unknown result code {block[7]!r}"
                )
            if opponent is None:
                if colour != "-":
                    raise self.fail(
                        lineno,
                        col + 5,
                        f"round {round_no}: colour {colour!r} given without an opponent",
                    )
                if result not in UNPAIRED_CODES:
                    raise self.fail(
                        lineno,
                        col + 7,
                        f"round {round_no}: result {result!r} needs an opponent (0000 given)",
                    )
            else:
                if opponent == start_number:
                    raise self.fail(lineno, col, f"round {round_no}: player paired with themself")
                if result not in GAME_CODES and result != " ":
                    raise self.fail(
                        lineno,
                        col + 7,
                        f"round {round_no}: result {result!r} is a bye and cannot have an "
                        f"opponent ({opponent})",
                    )
                if result in PLAYED_CODES and colour == "-":
                    raise self.fail(
                        lineno,
                        col + 5,
                        f"round {round_no}: a played game ({result!r}) needs colour w or b",
                    )
            where.blocks.append(col)
            yield RoundEntry(opponent=opponent, colour=colour, result=result)
            start += F.ROUND_WIDTH

    # -- extension records ---------------------------------------------------------------

    def xxr(self, lineno: int, raw: str) -> None:
        self.need_blank_after_code(lineno, raw)
        self.once("XXR", lineno)
        tokens = list(_tokens(raw, 4))
        if len(tokens) != 1:
            column = tokens[1][0] if tokens else 5
            raise self.fail(lineno, column, "XXR needs exactly one number: the total rounds")
        column, text = tokens[0]
        rounds = F.parse_int(text)
        if rounds is None or rounds < 1:
            raise self.fail(lineno, column, f"XXR rounds {text!r} is not a positive number")
        self.t.total_rounds = rounds

    def xxc(self, lineno: int, raw: str) -> None:
        self.need_blank_after_code(lineno, raw)
        self.once("XXC", lineno)
        tokens = list(_tokens(raw, 4))
        if not tokens:
            raise self.fail(lineno, 5, "XXC needs white1 or black1")
        colours = 0
        for column, token in tokens:
            if token not in XXC_TOKENS:
                raise self.fail(
                    lineno, column, f"XXC value {token!r} is not white1, black1 or rank"
                )
            if token != "rank":
                colours += 1
                if colours > 1:
                    raise self.fail(lineno, column, "XXC names more than one initial colour")
        self.t.initial_colour = " ".join(token for _, token in tokens)

    def xxs(self, lineno: int, raw: str) -> None:
        self.need_blank_after_code(lineno, raw)
        tokens = list(_tokens(raw, 4))
        if not tokens:
            raise self.fail(lineno, 5, "XXS needs code=value pairs such as W=1.0")
        for column, token in tokens:
            code, sep, value_text = token.partition("=")
            if not sep:
                raise self.fail(lineno, column, f"XXS item {token!r} is not code=value")
            if code not in XXS_CODES:
                raise self.fail(lineno, column, f"XXS code {code!r} is not a known point code")
            value = F.parse_decimal(value_text)
            if value is None:
                raise self.fail(
                    lineno, column + len(code) + 1, f"XXS value {value_text!r} is not a number"
                )
            self.t.point_values[code] = value

    def xxa(self, lineno: int, raw: str) -> None:
        self.need_blank_after_code(lineno, raw)
        tokens = list(_tokens(raw, 4))
        if not tokens:
            raise self.fail(lineno, 5, "XXA needs a start number and points per round")
        column, text = tokens[0]
        start_number = F.parse_int(text)
        if start_number is None or not 1 <= start_number <= 9999:
            raise self.fail(lineno, column, f"XXA start number {text!r} is not a start number")
        if start_number in self.t.accelerations:
            first = self.xxa_where[start_number][0]
            raise self.fail(
                lineno, column, f"XXA for player {start_number} given twice (first on line {first})"
            )
        values: list[Decimal] = []
        for value_column, value_text in tokens[1:]:
            value = F.parse_decimal(value_text)
            if value is None:
                raise self.fail(lineno, value_column, f"XXA points {value_text!r} is not a number")
            if not _fits(value):
                raise self.fail(
                    lineno, value_column, f"XXA points {value_text!r} do not fit in 4 columns"
                )
            values.append(value)
        self.t.accelerations[start_number] = values
        self.xxa_where[start_number] = (lineno, column)

    def xxp(self, lineno: int, raw: str) -> None:
        self.need_blank_after_code(lineno, raw)
        tokens = list(_tokens(raw, 4))
        if len(tokens) != 2:
            column = tokens[2][0] if len(tokens) > 2 else 5
            raise self.fail(lineno, column, "XXP needs exactly two start numbers")
        numbers: list[int] = []
        for column, text in tokens:
            number = F.parse_int(text)
            if number is None or not 1 <= number <= 9999:
                raise self.fail(lineno, column, f"XXP player {text!r} is not a start number")
            numbers.append(number)
        if numbers[0] == numbers[1]:
            raise self.fail(lineno, tokens[1][0], "XXP pairs a player with themself")
        self.t.forbidden_pairs.append((numbers[0], numbers[1]))
        self.id_refs.append((numbers[0], lineno, tokens[0][0], "XXP"))
        self.id_refs.append((numbers[1], lineno, tokens[1][0], "XXP"))

    # -- 2025 records (positional) -------------------------------------------------------

    def positional(
        self,
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
                raise self.fail(
                    lineno,
                    index + 1,
                    f"{code}: column {index + 1} must be blank (misaligned field)",
                )
        return out

    def number_field(
        self, lineno: int, column: int, text: str, what: str, *, minimum: int = 1
    ) -> int:
        value = F.parse_int(text.strip())
        if value is None or value < minimum:
            raise self.fail(lineno, column, f"{what} {text.strip()!r} is not a valid number")
        return value

    def bye_record(self, lineno: int, raw: str) -> None:
        line = raw.rstrip()
        if len(line) < 14:
            raise self.fail(
                lineno, len(line) + 1, "240 line too short: needs type, round and a player"
            )
        cells = self.positional(
            lineno, line, "240", [(4, 1, "type"), (6, 3, "round")], (10, 4, "player")
        )
        (type_col, bye_type), (round_col, round_text), *players = cells
        if bye_type.upper() not in BYE_TYPES:
            raise self.fail(lineno, type_col, f"240 bye type {bye_type!r} is not F, H or Z")
        round_no = self.number_field(lineno, round_col, round_text, "240 round")
        for column, text in players:
            number = self.number_field(lineno, column, text, "240 player")
            self.id_refs.append((number, lineno, column, "240"))
            self.bye_refs.append((number, round_no, bye_type.upper(), lineno, column))
        self.t.bye_records.append(tuple(text.strip() for _, text in cells))

    def acceleration_record(self, lineno: int, raw: str) -> None:
        line = raw.rstrip()
        if len(line) < 31:
            raise self.fail(
                lineno, len(line) + 1, "250 line too short: needs points, rounds and players"
            )
        cells = self.positional(
            lineno,
            line,
            "250",
            [
                (4, 4, "match"),
                (9, 4, "game"),
                (14, 3, "r1"),
                (18, 3, "r2"),
                (22, 4, "p1"),
                (27, 4, "p2"),
            ],
        )
        (mp_col, mp), (gp_col, gp), (r1_col, r1), (r2_col, r2), (p1_col, p1), (p2_col, p2) = cells
        if mp.strip() and F.parse_decimal(mp.strip()) is None:
            raise self.fail(lineno, mp_col, f"250 match points {mp.strip()!r} is not a number")
        game_points = F.parse_decimal(gp.strip())
        if not gp.strip() and mp.strip():
            self.warn(
                lineno,
                gp_col,
                "250 gives match points only (a team event's acceleration); kept, not applied",
            )
        elif game_points is None or game_points == 0:
            raise self.fail(
                lineno, gp_col, f"250 game points {gp.strip()!r} must be a non-zero number"
            )
        first_round = self.number_field(lineno, r1_col, r1, "250 first round")
        last_round = self.number_field(lineno, r2_col, r2, "250 last round")
        if last_round < first_round:
            raise self.fail(lineno, r2_col, "250 last round is before the first round")
        first = self.number_field(lineno, p1_col, p1, "250 first player")
        last = self.number_field(lineno, p2_col, p2, "250 last player")
        if last < first:
            raise self.fail(lineno, p2_col, "250 last player is before the first player")
        self.t.acceleration_records.append(tuple(text.strip() for _, text in cells))

    def forbidden_record(self, lineno: int, raw: str) -> None:
        line = raw.rstrip()
        if len(line) < 21:
            raise self.fail(
                lineno, len(line) + 1, "260 line too short: needs two rounds and two players"
            )
        cells = self.positional(
            lineno, line, "260", [(4, 3, "r1"), (8, 3, "r2")], (12, 4, "player")
        )
        (r1_col, r1), (r2_col, r2), *players = cells
        first_round = self.number_field(lineno, r1_col, r1, "260 first round")
        last_round = self.number_field(lineno, r2_col, r2, "260 last round")
        if last_round < first_round:
            raise self.fail(lineno, r2_col, "260 last round is before the first round")
        for column, text in players:
            number = self.number_field(lineno, column, text, "260 player")
            self.id_refs.append((number, lineno, column, "260"))
        self.t.forbidden_records.append(tuple(text.strip() for _, text in cells))

    def team_record(self, lineno: int, raw: str) -> None:
        """310 (TRF-2026 team): number 5-7, name 9-40, nickname 42-46, strength 48-53,
        match points 55-60, game points 62-67, rank 69-71, players 74-77, 79-82, ..."""
        line = raw.rstrip()
        if len(line) < 7:
            raise self.fail(lineno, len(line) + 1, "310 line too short: needs a team number")
        cells = self.positional(
            lineno,
            line,
            "310",
            [(4, 3, "team"), (8, 32, "name"), (41, 5, "nickname"), (47, 6, "strength"),
             (54, 6, "match points"), (61, 6, "game points"), (68, 3, "rank")],
            (73, 4, "player"),
        )  # fmt: skip
        self.number_field(lineno, cells[0][0], cells[0][1], "310 team number")
        for (column, text), what in zip(
            cells[3:7], ("strength", "match points", "game points", "rank"), strict=True
        ):
            if text.strip() and F.parse_decimal(text.strip()) is None:
                raise self.fail(lineno, column, f"310 {what} {text.strip()!r} is not a number")
        for column, text in cells[7:]:
            if text.strip():
                number = self.number_field(lineno, column, text, "310 player")
                self.id_refs.append((number, lineno, column, "310"))
        fields = [text.strip() for _, text in cells]
        while len(fields) > 7 and not fields[-1]:
            fields.pop()
        self.t.team_records.append(tuple(fields))

    def abnormal_record(self, lineno: int, raw: str) -> None:
        """299 (TRF-2026 abnormal assignment points): type 5, match points 8-11, game points
        (an individual's points) 14-17, round 20-22, players 24-27, 29-32, ...

        A 299 line that does not fit these columns is kept verbatim with a warning."""
        line = raw.rstrip()
        try:
            cells = self.positional(
                lineno,
                line,
                "299",
                [(4, 1, "type"), (7, 4, "match points"), (13, 4, "game points"), (19, 3, "round")],
                (23, 4, "player"),
            )
            for (column, text), what in zip(
                cells[1:3], ("match points", "game points"), strict=True
            ):
                if text.strip() and F.parse_decimal(text.strip()) is None:
                    raise self.fail(lineno, column, f"299 {what} {text.strip()!r} is not a number")
            if cells[3][1].strip():
                self.number_field(lineno, cells[3][0], cells[3][1], "299 round", minimum=0)
            players = []
            for column, text in cells[4:]:
                if text.strip():
                    number = self.number_field(lineno, column, text, "299 player", minimum=0)
                    players.append((number, column))
        except TrfError as error:
            self.warn(error.line, error.column, f"{error.message}; the 299 record is not applied")
            self.t.other_records.append(raw)
            self.unapplied_299 = True
            return
        self.id_refs.extend((number, lineno, column, "299") for number, column in players if number)
        fields = [text.strip() for _, text in cells]
        while len(fields) > 4 and not fields[-1]:
            fields.pop()
        if fields[0]:
            self.warn(
                lineno,
                5,
                f"299 type {fields[0]!r} (an abnormal result) is kept but not applied to the "
                "points; the points column is taken as written",
            )
        self.t.abnormal_records.append(tuple(fields))

    # -- whole-file checks ---------------------------------------------------------------

    def check_games(self) -> None:
        players = {p.start_number: p for p in self.t.players}
        byes_seen: dict[int, int] = {}  # round index -> start number with the U
        for player in self.t.players:
            where = self.where[player.start_number]
            for index, entry in enumerate(player.rounds):
                column = where.blocks[index]
                round_no = index + 1
                if entry.result == "U":
                    if index in byes_seen:
                        raise self.fail(
                            where.line,
                            column + 7,
                            f"round {round_no}: a second pairing-allocated bye (U); player "
                            f"{byes_seen[index]} already has it",
                        )
                    byes_seen[index] = player.start_number
                if entry.opponent is None:
                    continue
                other = players.get(entry.opponent)
                if other is None:
                    raise self.fail(
                        where.line,
                        column,
                        f"round {round_no}: opponent {entry.opponent} is not a player of the file",
                    )
                mirror = other.rounds[index] if index < len(other.rounds) else None
                if mirror is None or mirror.opponent != player.start_number:
                    said = (
                        "has no entry"
                        if mirror is None
                        else "is unpaired"
                        if mirror.opponent is None
                        else f"names opponent {mirror.opponent}"
                    )
                    raise self.fail(
                        where.line,
                        column,
                        f"round {round_no}: player {player.start_number} names opponent "
                        f"{entry.opponent}, but player {entry.opponent}'s line {said} in that "
                        "round",
                    )
                if (entry.result, mirror.result) not in COMPATIBLE_RESULTS:
                    raise self.fail(
                        where.line,
                        column + 7,
                        f"round {round_no}: result {entry.result!r} of player "
                        f"{player.start_number} does not match result {mirror.result!r} of "
                        f"player {entry.opponent}",
                    )
                colours = (entry.colour, mirror.colour)
                if colours not in (("w", "b"), ("b", "w"), ("-", "-")):
                    raise self.fail(
                        where.line,
                        column + 5,
                        f"round {round_no}: colours {entry.colour!r} and {mirror.colour!r} of "
                        f"players {player.start_number} and {entry.opponent} do not fit together",
                    )

    def check_references(self) -> None:
        known = {p.start_number for p in self.t.players}
        refs = list(self.id_refs)
        if self.t.team_records:
            # A team event: 240, 250 and 260 name teams (the 310 numbers), not players.
            team_codes = {"240", "250", "260"}
            named = sorted({ref[3] for ref in refs if ref[3] in team_codes})
            for code in named:
                line = min(ref[1] for ref in refs if ref[3] == code)
                self.warn(
                    line,
                    1,
                    f"{code} records of a team event (310 records) name teams; kept, not "
                    "applied to the players",
                )
            refs = [ref for ref in refs if ref[3] not in team_codes]
            self.bye_refs = []
        refs += [(number, line, column, "XXA") for number, (line, column) in self.xxa_where.items()]
        for number, line, column, code in sorted(refs, key=lambda ref: (ref[1], ref[2])):
            if number not in known:
                raise self.fail(
                    line, column, f"{code}: player {number} is not a player of the file"
                )
        players = {p.start_number: p for p in self.t.players}
        for number, round_no, bye_type, line, column in self.bye_refs:
            rounds_of = players[number].rounds
            if round_no > len(rounds_of):
                continue  # a bye announced for a round not in the player lines yet
            entry = rounds_of[round_no - 1]
            codes = {"Z": ("Z", "-")}.get(bye_type, (bye_type,))
            if entry.opponent is not None or entry.result not in codes:
                raise self.fail(
                    line,
                    column,
                    f"240: player {number} has a {bye_type} bye in round {round_no}, but the "
                    f"player line says {_describe(entry)} in that round",
                )
        rounds = self.t.rounds_played
        if self.t.total_rounds is not None:
            xxr_line = self.record_line["XXR"]
            if rounds > self.t.total_rounds:
                raise self.fail(
                    xxr_line,
                    5,
                    f"XXR says {self.t.total_rounds} rounds but the player lines have {rounds}",
                )
            for number, values in self.t.accelerations.items():
                if len(values) > self.t.total_rounds:
                    line, column = self.xxa_where[number]
                    raise self.fail(
                        line,
                        column,
                        f"XXA gives {len(values)} rounds of points for player {number}, more "
                        f"than the {self.t.total_rounds} rounds of XXR",
                    )

    def check_points(self) -> None:
        values = point_values(self.t) or None
        last_index = self.t.rounds_played - 1
        bonus = bonus_points(self.t)
        # A typed 299 record (or one out of its columns) changes points in a way we do not
        # model: a total that differs is then a warning (gacrux checks no total when a 299
        # record is there).
        lenient = self.unapplied_299 or any(record[0] for record in self.t.abnormal_records)
        for player in self.t.players:
            where = self.where[player.start_number]
            computed = player_points(player, values) + bonus.get(player.start_number, 0)
            if where.points_blank:
                if not _fits(computed):
                    raise self.fail(
                        where.line,
                        F.POINTS[0] + 1,
                        f"points are blank and the results give {computed}, which does not fit "
                        "in columns 81-84",
                    )
                player.points = computed
                continue
            if player.points in self.accepted_points(player, computed, last_index, values):
                continue
            message = (
                f"points {player.points} of player {player.start_number} do not match the "
                f"results, which give {computed}"
            )
            if lenient:
                self.warn(where.line, F.POINTS[0] + 1, message + " (299 records; kept as written)")
                continue
            raise self.fail(where.line, F.POINTS[0] + 1, message)

    def accepted_points(
        self,
        player: PlayerRecord,
        computed: Decimal,
        last_index: int,
        values: dict[str, Decimal] | None,
    ) -> set[Decimal]:
        """The computed total, and the documented tolerances around it."""
        totals = {computed}
        # A bye already entered for the round about to be paired (the file's last column)
        # may be left out of the points, as some engines expect.
        if player.rounds and len(player.rounds) - 1 == last_index:
            last = player.rounds[-1]
            if last.opponent is None and last.result != " ":
                totals.add(computed - entry_points(last, values))
        # Accelerated (virtual) points of one round may be included.
        accelerations = self.t.accelerations.get(player.start_number, [])
        return totals | {total + extra for total in totals for extra in accelerations}


def _describe(entry: RoundEntry) -> str:
    opponent = "0000" if entry.opponent is None else str(entry.opponent)
    return f"'{opponent} {entry.colour} {entry.result}'"


def read_trf(text: str) -> Tournament:
    """Parse TRF text. Raises `TrfError` (and nothing else) on malformed input; what it read
    with a tolerance is in `Tournament.warnings` (sorted by line)."""
    t = _Reader(text).read()
    t.warnings.sort(key=lambda w: (w.line, w.column))
    return t


def decode_trf_bytes(data: bytes) -> str:
    """UTF-8 (a BOM is dropped), else Windows-1252, else Latin-1 (which always decodes)."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def read_trf_file(path: str | os.PathLike[str]) -> Tournament:
    """Read a TRF file from disk (bytes, see `decode_trf_bytes`) and parse it."""
    with open(path, "rb") as handle:
        data = handle.read()
    return read_trf(decode_trf_bytes(data))
