"""Write a `Tournament` as a FIDE TRF file: whatever records it holds (see arbiter.trf.formats
for TRF-2026, TRF-16 and the engines' extended TRF from one model).

The writer is canonical: the same Tournament always gives the same text, and reading that
text back gives an equal Tournament. Order of the output (see docs/trf.md):

1. tournament records (``??2``) in code order, the 132 round dates among them;
2. the 001 player lines, sorted by start number;
3. XXR, XXC, XXS, XXA (by start number), XXP, then the 2025 records 240, 250, 260, 310;
4. `other_records`, verbatim, in their stored order.

Every line ends with "\\n". Text fields of the 001 line are written stripped, as the reader
reads them. Data that cannot be written in the fixed columns (a name of more
than 33 characters, a start number above 9999, ...) raises ValueError.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from arbiter.trf.columns import format_decimal, is_header_code
from arbiter.trf.model import (
    COLOURS,
    GAME_CODES,
    PLAYED_CODES,
    RESULT_CODES,
    UNPAIRED_CODES,
    XXC_TOKENS,
    PlayerRecord,
    RoundEntry,
    Tournament,
)
from arbiter.trf.points import XXS_CODES

# Codes the reader turns into model fields: an `other_records` line must not start with one.
KNOWN_CODES = frozenset(
    {"001", "132", "XXR", "XXC", "XXS", "XXA", "XXP", "240", "250", "260", "299", "310"}
)
# A round block with no opponent and no result: "not paired" (blank or `0000 -`).
NOT_PAIRED = RoundEntry(opponent=None, colour="-", result=" ")
# 310 (TRF-2026 team): (width, right-aligned, what) of the fixed fields, then 4-wide players.
TEAM_LAYOUT = (
    (3, True, "team number"),
    (32, False, "team name"),
    (5, False, "nickname"),
    (6, True, "strength"),
    (6, True, "match points"),
    (6, True, "game points"),
    (3, True, "rank"),
)


def _fit(value: str, width: int, what: str, *, right: bool = False) -> str:
    if len(value) > width:
        raise ValueError(f"{what} {value!r} is longer than {width} characters")
    if "\n" in value or "\r" in value:
        raise ValueError(f"{what} {value!r} contains a line break")
    return value.rjust(width) if right else value.ljust(width)


def _number(value: int | None, width: int, what: str) -> str:
    if value is None:
        return " " * width
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} {value!r} is not a non-negative integer")
    return _fit(str(value), width, what, right=True)


def _start_number(value: int, what: str = "start number") -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9999:
        raise ValueError(f"{what} {value!r} is not between 1 and 9999")
    return str(value)


def _text(value: str, what: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError(f"{what} {value!r} contains a line break")
    return value


def check_xxc(value: str) -> str:
    """The XXC text if valid (tokens white1, black1, rank; one colour at most), else ValueError."""
    _text(value, "XXC value")
    tokens = value.split()
    if not tokens:
        raise ValueError("XXC needs white1 or black1")
    bad = [token for token in tokens if token not in XXC_TOKENS]
    if bad:
        raise ValueError(f"XXC value {bad[0]!r} is not white1, black1 or rank")
    if sum(token in ("white1", "black1") for token in tokens) > 1:
        raise ValueError("XXC names more than one initial colour")
    if value != value.strip() or "  " in value or "\t" in value:
        raise ValueError(f"XXC value {value!r} must be single-space separated")
    return value


def round_block(entry: RoundEntry) -> str:
    """The 8 characters of one round block (columns 92-99 for round 1)."""
    if entry.colour not in COLOURS:
        raise ValueError(f"colour {entry.colour!r} is not one of w, b, -")
    if entry.result not in RESULT_CODES:
        raise ValueError(f"result code {entry.result!r} is not a TRF result code")
    if entry.opponent is None:
        if entry.result not in UNPAIRED_CODES:
            raise ValueError(f"result code {entry.result!r} needs an opponent")
        if entry.colour != "-":
            raise ValueError(f"colour {entry.colour!r} needs an opponent")
        opponent = "0000"
    else:
        if entry.result not in GAME_CODES | {" "}:
            raise ValueError(f"result code {entry.result!r} cannot have an opponent")
        if entry.result in PLAYED_CODES and entry.colour == "-":
            raise ValueError(f"a played game ({entry.result!r}) needs colour w or b")
        opponent = _start_number(entry.opponent, "opponent").rjust(4)
    return f"{opponent} {entry.colour} {entry.result}"


def player_line(player: PlayerRecord, *, blank_unpaired: bool = False) -> str:
    """One 001 line (without the line end). `blank_unpaired`: a block with no opponent and
    no result is written as blanks (see `Tournament.blank_unpaired`)."""
    parts = [
        "001 ",
        _start_number(player.start_number).rjust(4),
        " ",
        _fit(player.sex.strip(), 1, "sex"),
        _fit(player.title.strip(), 3, "title", right=True),
        " ",
        _fit(player.name.strip(), 33, "name"),
        " ",
        _number(player.rating, 4, "rating"),
        " ",
        _fit(player.federation.strip(), 3, "federation"),
        " ",
        _fit(player.fide_id.strip(), 11, "FIDE id", right=True),
        " ",
        _fit(player.birth_date.strip(), 10, "birth date"),
        " ",
        _fit(format_decimal(player.points), 4, "points", right=True),
        " ",
        _number(player.rank, 4, "rank"),
    ]
    if not player.rounds:
        return "".join(parts).rstrip()
    for entry in player.rounds:
        parts.append("  ")
        if blank_unpaired and entry == NOT_PAIRED:
            parts.append(" " * 8)
        else:
            parts.append(round_block(entry))
    # Full blocks to the end (no rstrip): bbpPairings refuses a line whose last block is cut
    # short, and a blank result in the last round must still reach column 99.
    return "".join(parts)


def round_dates_line(dates: list[str]) -> str:
    """The 132 record: each date at column 92 + 10*(r-1), in a 10-column field."""
    fields = "".join(_fit(date, 10, "round date") for date in dates)
    line = "132" + " " * 88 + fields
    # Keep the last field's full width: the reader counts the fields from the line length.
    return line if dates else "132"


def _header_lines(tournament: Tournament) -> list[tuple[str, list[str]]]:
    records: list[tuple[str, list[str]]] = []
    for code, value in tournament.header.items():
        if not is_header_code(code) or code == "132":
            raise ValueError(f"header code {code!r} is not a tournament record code (??2, not 132)")
        if "\r" in value:
            raise ValueError(f"header {code} text {value!r} contains a line break")
        lines = [f"{code} {line}".rstrip() for line in value.split("\n")]
        records.append((code, lines))
    if tournament.round_dates:
        records.append(("132", [round_dates_line(tournament.round_dates)]))
    records.sort(key=lambda item: item[0])
    return records


def _xxa_line(start_number: int, values: Iterable[Decimal]) -> str:
    fields = "".join(" " + _fit(format_decimal(v), 4, "acceleration", right=True) for v in values)
    return f"XXA {_start_number(start_number).rjust(4)}{fields}"


def _raw_fields(record: tuple[str, ...], layout: list[tuple[int, str]], code: str) -> str:
    """Place raw fields right-aligned at their widths, one blank between fields."""
    out = code
    for value, (width, what) in zip(record, layout, strict=True):
        out += " " + _fit(str(value).strip(), width, f"{code} {what}", right=True)
    return out


def _bye_line(record: tuple[str, ...]) -> str:
    if len(record) < 3:
        raise ValueError(f"240 record {record!r} needs a type, a round and a player")
    layout = [(1, "bye type"), (3, "round")] + [(4, "player")] * (len(record) - 2)
    return _raw_fields(record, layout, "240")


def _acceleration_line(record: tuple[str, ...]) -> str:
    if len(record) != 6:
        raise ValueError(f"250 record {record!r} needs 6 fields")
    layout = [
        (4, "match points"),
        (4, "game points"),
        (3, "first round"),
        (3, "last round"),
        (4, "first player"),
        (4, "last player"),
    ]
    return _raw_fields(record, layout, "250")


def _forbidden_line(record: tuple[str, ...]) -> str:
    if len(record) < 4:
        raise ValueError(f"260 record {record!r} needs two rounds and two players")
    layout = [(3, "first round"), (3, "last round")] + [(4, "player")] * (len(record) - 2)
    return _raw_fields(record, layout, "260")


def abnormal_line(record: tuple[str, ...]) -> str:
    """A 299 line: type at column 5, match points 8-11, points 14-17, round 20-22, players
    24-27, 29-32, ..."""
    if len(record) < 4:
        raise ValueError(f"299 record {record!r} needs a type, points and a round")
    kind, match, game, rnd = (str(value).strip() for value in record[:4])
    out = "299 " + _fit(kind, 1, "299 type")
    out += "  " + _fit(match, 4, "299 match points", right=True)
    out += "  " + _fit(game, 4, "299 points", right=True)
    out += "  " + _fit(rnd, 3, "299 round", right=True)
    for player in record[4:]:
        out += " " + _fit(str(player).strip(), 4, "299 player", right=True)
    return out.rstrip()


def team_line(record: tuple[str, ...]) -> str:
    """A 310 line: fixed fields at columns 5-7, 9-40, ..., 69-71, then players from 74."""
    if len(record) < len(TEAM_LAYOUT):
        raise ValueError(f"310 record {record!r} needs {len(TEAM_LAYOUT)} fields and players")
    out = "310"
    for value, (width, right, what) in zip(record, TEAM_LAYOUT, strict=False):
        out += " " + _fit(str(value).strip(), width, f"310 {what}", right=right)
    out += " "
    for player in record[len(TEAM_LAYOUT) :]:
        out += " " + _fit(str(player).strip(), 4, "310 player", right=True)
    return out.rstrip()


def write_trf(tournament: Tournament) -> str:
    """The canonical TRF text of `tournament` (each line ends with "\\n")."""
    lines: list[str] = []
    for _code, record_lines in _header_lines(tournament):
        lines.extend(record_lines)

    seen: set[int] = set()
    for player in sorted(tournament.players, key=lambda p: p.start_number):
        if player.start_number in seen:
            raise ValueError(f"start number {player.start_number} is used twice")
        seen.add(player.start_number)
        lines.append(player_line(player, blank_unpaired=tournament.blank_unpaired))

    if tournament.total_rounds is not None:
        rounds = tournament.total_rounds
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise ValueError(f"total rounds {rounds!r} is not a positive integer")
        lines.append(f"XXR {rounds}")
    if tournament.initial_colour is not None:
        lines.append(f"XXC {check_xxc(tournament.initial_colour)}")
    if tournament.point_values:
        unknown = set(tournament.point_values) - set(XXS_CODES)
        if unknown:
            raise ValueError(f"XXS codes {sorted(unknown)} are not known point codes")
        items = [
            f"{code}={format_decimal(tournament.point_values[code])}"
            for code in XXS_CODES
            if code in tournament.point_values
        ]
        lines.append("XXS " + " ".join(items))
    for start_number in sorted(tournament.accelerations):
        lines.append(_xxa_line(start_number, tournament.accelerations[start_number]))
    for a, b in tournament.forbidden_pairs:
        lines.append(f"XXP {_start_number(a, 'XXP player')} {_start_number(b, 'XXP player')}")
    lines.extend(_bye_line(record) for record in tournament.bye_records)
    lines.extend(_acceleration_line(record) for record in tournament.acceleration_records)
    lines.extend(_forbidden_line(record) for record in tournament.forbidden_records)
    lines.extend(team_line(record) for record in tournament.team_records)
    lines.extend(abnormal_line(record) for record in tournament.abnormal_records)

    for record in tournament.other_records:
        _text(record, "other record")
        # A 299 line out of its columns is kept verbatim by the reader (with a warning).
        if record[:3] in KNOWN_CODES - {"299"} or is_header_code(record[:3]):
            raise ValueError(f"other record {record!r} starts with a code the reader interprets")
        if len(record.rstrip()) < 3 or record[0].isspace():
            raise ValueError(f"other record {record!r} is blank, indented or shorter than a code")
        lines.append(record)
    return "".join(line + "\n" for line in lines)
