"""Player records: each 001 line and its round blocks, checked line by line (that the two
sides of a game agree is checked once the whole file is read, in `file_checks`)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from arbiter.trf.columns import (
    BIRTH_DATE,
    FEDERATION,
    FIDE_ID,
    FIRST_ROUND,
    NAME,
    PLAYER_GAPS,
    POINTS,
    RANK,
    RATING,
    ROUND_WIDTH,
    SEX,
    START_NUMBER,
    TITLE,
    parse_decimal,
    parse_int,
)
from arbiter.trf.errors import TrfError
from arbiter.trf.model import (
    GAME_CODES,
    PLAYED_CODES,
    RESULT_CODES,
    UNPAIRED_CODES,
    PlayerRecord,
    RoundEntry,
)
from arbiter.trf.read.fields import fits_four_columns
from arbiter.trf.read.state import PlayerWhere, ReadState


def read_player(state: ReadState, lineno: int, raw: str) -> None:
    line = raw.rstrip()
    for gap in PLAYER_GAPS:
        if gap < len(line) and line[gap] != " ":
            raise TrfError(
                lineno,
                gap + 1,
                f"column {gap + 1} must be blank: the fields of the 001 line are misaligned",
            )

    def cut(span: tuple[int, int]) -> str:
        return line[span[0] : span[1]]

    number_text = cut(START_NUMBER).strip()
    if not number_text:
        raise TrfError(lineno, 5, "line too short: the start number (columns 5-8) is missing")
    start_number = parse_int(number_text)
    if start_number is None:
        raise TrfError(lineno, 5, f"start number {number_text!r} is not a number")
    if not 1 <= start_number <= 9999:
        raise TrfError(lineno, 5, f"start number {start_number} is not between 1 and 9999")
    if start_number in state.where:
        first = state.where[start_number].line
        raise TrfError(
            lineno, 5, f"start number {start_number} is used twice (first on line {first})"
        )

    rating_text = cut(RATING).strip()
    rating = parse_int(rating_text) if rating_text else None
    if rating_text and rating is None:
        raise TrfError(lineno, RATING[0] + 1, f"rating {rating_text!r} is not a number")

    fide_id = cut(FIDE_ID).strip()
    if fide_id and parse_int(fide_id) is None:
        raise TrfError(lineno, FIDE_ID[0] + 1, f"FIDE id {fide_id!r} is not a number")

    points_text = cut(POINTS).strip()
    points = parse_decimal(points_text) if points_text else Decimal(0)
    if points is None or not fits_four_columns(points):
        raise TrfError(lineno, POINTS[0] + 1, f"points {points_text!r} is not a number")

    rank_text = cut(RANK).strip()
    rank = parse_int(rank_text) if rank_text else None
    if rank_text and rank is None:
        raise TrfError(lineno, RANK[0] + 1, f"rank {rank_text!r} is not a number")

    where = PlayerWhere(lineno, points_blank=not points_text)
    rounds = list(_round_blocks(lineno, line, start_number, where))
    record = PlayerRecord(
        start_number=start_number,
        name=cut(NAME).strip(),
        sex=cut(SEX).strip(),
        title=cut(TITLE).strip(),
        rating=rating,
        federation=cut(FEDERATION).strip(),
        fide_id=fide_id,
        birth_date=cut(BIRTH_DATE).strip(),
        points=points,
        rank=rank,
        rounds=rounds,
    )
    state.where[start_number] = where
    state.t.players.append(record)


def _round_blocks(
    lineno: int, line: str, start_number: int, where: PlayerWhere
) -> Iterator[RoundEntry]:
    start = FIRST_ROUND
    round_no = 0
    while start < len(line):
        round_no += 1
        block = line[start : start + 8].ljust(8)
        col = start + 1  # 1-based column of the opponent field
        for offset in (4, 6, 8, 9):
            if start + offset < len(line) and line[start + offset] != " ":
                raise TrfError(
                    lineno,
                    col + offset,
                    f"round {round_no}: column {col + offset} must be blank; round blocks "
                    f"start at columns 92, 102, 112, ... (this one at {col})",
                )
        opponent_text = block[0:4].strip()
        if opponent_text:
            value = parse_int(opponent_text)
            if value is None:
                raise TrfError(
                    lineno, col, f"round {round_no}: opponent {opponent_text!r} is not a number"
                )
            opponent = value or None
        else:
            opponent = None
        colour = block[5].lower()
        if colour == " ":
            colour = "-"
        if colour not in ("w", "b", "-"):
            raise TrfError(
                lineno, col + 5, f"round {round_no}: colour {block[5]!r} is not w, b or -"
            )
        result = block[7].upper()
        if result not in RESULT_CODES:
            raise TrfError(lineno, col + 7, f"round {round_no}: unknown result code {block[7]!r}")
        if opponent is None:
            if colour != "-":
                raise TrfError(
                    lineno,
                    col + 5,
                    f"round {round_no}: colour {colour!r} given without an opponent",
                )
            if result not in UNPAIRED_CODES:
                raise TrfError(
                    lineno,
                    col + 7,
                    f"round {round_no}: result {result!r} needs an opponent (0000 given)",
                )
        else:
            if opponent == start_number:
                raise TrfError(lineno, col, f"round {round_no}: player paired with themself")
            if result not in GAME_CODES and result != " ":
                raise TrfError(
                    lineno,
                    col + 7,
                    f"round {round_no}: result {result!r} is a bye and cannot have an "
                    f"opponent ({opponent})",
                )
            if result in PLAYED_CODES and colour == "-":
                raise TrfError(
                    lineno,
                    col + 5,
                    f"round {round_no}: a played game ({result!r}) needs colour w or b",
                )
        where.blocks.append(col)
        yield RoundEntry(opponent=opponent, colour=colour, result=result)
        start += ROUND_WIDTH
