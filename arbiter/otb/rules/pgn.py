"""Writing a game as PGN (export format): plain values in, text out; no Django.

The seven tags of the Seven Tag Roster come first in their order, "?" where unknown, then the
others in the order given; tag values escape backslashes and quotes; the movetext carries move
numbers, wraps before 80 columns and ends with the result. A game with no moves is its tags
and its result alone, which is how a broadcast lists a board that has not started."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
# What the standard writes for a roster tag whose value is not known.
UNKNOWN = {"Date": "????.??.??"}
LINE_WIDTH = 79


@dataclass(frozen=True)
class PgnRecord:
    """A game to write: its tags (name, value) beside the roster's, its moves in SAN, its
    result ("1-0", "0-1", "1/2-1/2" or "*")."""

    tags: Sequence[tuple[str, str]]
    sans: Sequence[str]
    result: str


def tag_value(value: str) -> str:
    """A value as a PGN tag writes it: one line, backslash and quote escaped."""
    one_line = " ".join(value.split())
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


def movetext(sans: Sequence[str], result: str) -> str:
    words = []
    for ply, san in enumerate(sans):
        words.append(f"{ply // 2 + 1}. {san}" if ply % 2 == 0 else san)
    words.append(result)
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > LINE_WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def pgn_write(record: PgnRecord) -> str:
    """One game: its tag section, an empty line, its movetext, an empty line."""
    given = dict(record.tags)
    given["Result"] = record.result
    names = [*ROSTER, *(name for name, _ in record.tags if name not in ROSTER)]
    header = "\n".join(
        f'[{name} "{tag_value(given.get(name) or UNKNOWN.get(name, "?"))}"]' for name in names
    )
    return f"{header}\n\n{movetext(record.sans, record.result)}\n\n"


def pgn_join(games: Iterable[str]) -> str:
    """Games one after the other, as a PGN file holds them (each already ends with an empty
    line)."""
    return "".join(games)
