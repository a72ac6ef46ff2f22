"""The engines' answer format (bbpPairings / JaVaFo): read it, and write it for our CLI.

3          <- number of pairs, the bye line included
1 4        <- white black (pairing numbers), one line per board
5 2
7 0        <- the pairing-allocated bye
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.pairing.request import Board


class UnreadableAnswer(ValueError):
    """The text is not in the pairing-output format."""


def parse_answer(text: str) -> tuple[list[Board], list[int]]:
    """Boards in the engine's order and the bye players (normally zero or one)."""
    lines = [line.strip() for line in text.strip().splitlines()]
    if not lines or not lines[0]:
        raise UnreadableAnswer("the answer is empty")
    try:
        count = int(lines[0])
    except ValueError:
        raise UnreadableAnswer(f"first line {lines[0][:40]!r} is not a number of pairs") from None
    rows = lines[1:]
    if count < 0 or len(rows) != count:
        raise UnreadableAnswer(f"{count} pairs announced, {len(rows)} lines follow")
    boards: list[Board] = []
    byes: list[int] = []
    for row in rows:
        fields = row.split()
        if len(fields) != 2 or not all(f.isdigit() for f in fields):
            raise UnreadableAnswer(f"line {row[:40]!r} is not two pairing numbers")
        white, black = int(fields[0]), int(fields[1])
        if white == 0:
            raise UnreadableAnswer(f"line {row[:40]!r} has no player")
        if black == 0:
            byes.append(white)
        else:
            boards.append(Board(white, black))
    return boards, byes


def format_answer(boards: Sequence[Board], bye: int | None) -> str:
    lines = [str(len(boards) + (bye is not None))]
    lines += [f"{board.white} {board.black}" for board in boards]
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join(lines) + "\n"
