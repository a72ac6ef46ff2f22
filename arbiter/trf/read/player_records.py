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
from arbiter.trf.i18n import gettext as _
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
                _("column %(column)s must be blank: the fields of the 001 line are misaligned")
                % {"column": gap + 1},
            )

    def cut(span: tuple[int, int]) -> str:
        return line[span[0] : span[1]]

    number_text = cut(START_NUMBER).strip()
    if not number_text:
        raise TrfError(lineno, 5, _("line too short: the start number (columns 5-8) is missing"))
    start_number = parse_int(number_text)
    if start_number is None:
        raise TrfError(
            lineno,
            5,
            _("start number %(number)s is not a number") % {"number": repr(number_text)},
        )
    if not 1 <= start_number <= 9999:
        raise TrfError(
            lineno,
            5,
            _("start number %(start_number)s is not between 1 and 9999")
            % {"start_number": start_number},
        )
    if start_number in state.where:
        first = state.where[start_number].line
        raise TrfError(
            lineno,
            5,
            _("start number %(start_number)s is used twice (first on line %(first)s)")
            % {"start_number": start_number, "first": first},
        )

    rating_text = cut(RATING).strip()
    rating = parse_int(rating_text) if rating_text else None
    if rating_text and rating is None:
        raise TrfError(
            lineno,
            RATING[0] + 1,
            _("rating %(rating)s is not a number") % {"rating": repr(rating_text)},
        )

    fide_id = cut(FIDE_ID).strip()
    if fide_id and parse_int(fide_id) is None:
        raise TrfError(
            lineno,
            FIDE_ID[0] + 1,
            _("FIDE id %(fide_id)s is not a number") % {"fide_id": repr(fide_id)},
        )

    points_text = cut(POINTS).strip()
    points = parse_decimal(points_text) if points_text else Decimal(0)
    if points is None or not fits_four_columns(points):
        raise TrfError(
            lineno,
            POINTS[0] + 1,
            _("points %(points)s is not a number") % {"points": repr(points_text)},
        )

    rank_text = cut(RANK).strip()
    rank = parse_int(rank_text) if rank_text else None
    if rank_text and rank is None:
        raise TrfError(
            lineno,
            RANK[0] + 1,
            _("rank %(rank)s is not a number") % {"rank": repr(rank_text)},
        )

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
                    _(
                        "round %(round_no)s: column %(column)s must be blank; round "
                        "blocks start at columns 92, 102, 112, ... (this one at "
                        "%(start)s)"
                    )
                    % {"round_no": round_no, "column": col + offset, "start": col},
                )
        opponent_text = block[0:4].strip()
        if opponent_text:
            value = parse_int(opponent_text)
            if value is None:
                raise TrfError(
                    lineno,
                    col,
                    _("round %(round_no)s: opponent %(opponent)s is not a number")
                    % {"round_no": round_no, "opponent": repr(opponent_text)},
                )
            opponent = value or None
        else:
            opponent = None
        colour = block[5].lower()
        if colour == " ":
            colour = "-"
        if colour not in ("w", "b", "-"):
            raise TrfError(
                lineno,
                col + 5,
                _("round %(round_no)s: colour %(colour)s is not w, b or -")
                % {"round_no": round_no, "colour": repr(block[5])},
            )
        result = block[7].upper()
        if result not in RESULT_CODES:
            raise TrfError(
                lineno,
                col + 7,
                _("round %(round_no)s: unknown result code %(result)s")
                % {"round_no": round_no, "result": repr(block[7])},
            )
        if opponent is None:
            if colour != "-":
                raise TrfError(
                    lineno,
                    col + 5,
                    _("round %(round_no)s: colour %(colour)s given without an opponent")
                    % {"round_no": round_no, "colour": repr(colour)},
                )
            if result not in UNPAIRED_CODES:
                raise TrfError(
                    lineno,
                    col + 7,
                    _("round %(round_no)s: result %(result)s needs an opponent (0000 given)")
                    % {"round_no": round_no, "result": repr(result)},
                )
        else:
            if opponent == start_number:
                raise TrfError(
                    lineno,
                    col,
                    _("round %(round_no)s: player paired with themself") % {"round_no": round_no},
                )
            if result not in GAME_CODES and result != " ":
                raise TrfError(
                    lineno,
                    col + 7,
                    _(
                        "round %(round_no)s: result %(result)s is a bye and cannot "
                        "have an opponent (%(opponent)s)"
                    )
                    % {"round_no": round_no, "result": repr(result), "opponent": opponent},
                )
            if result in PLAYED_CODES and colour == "-":
                raise TrfError(
                    lineno,
                    col + 5,
                    _("round %(round_no)s: a played game (%(result)s) needs colour w or b")
                    % {"round_no": round_no, "result": repr(result)},
                )
        where.blocks.append(col)
        yield RoundEntry(opponent=opponent, colour=colour, result=result)
        start += ROUND_WIDTH
