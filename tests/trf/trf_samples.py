# ruff: noqa: E501
"""Sample TRF texts for the tests of this folder."""

from __future__ import annotations

# Written by `write_trf` (test_trf_writer.py checks it byte for byte). 4 players, 3 of 5
# rounds played: a pairing-allocated bye, a half-point bye and a forfeit among them.
BASE = (
    "012 Damage Open\n"
    "042 2025/03/01\n"
    "052 2025/03/03\n"
    "132                                                                                        25/03/01  25/03/02  25/03/03  \n"
    "001    1 w IM Alpha, Ann                        2400 NOR     1503014 1990/01/01  2.5    1     2 w 1     4 b =     3 w 1\n"
    "001    2      Bravo, Bob                        2200                             2.0    2     1 b 0  0000 - U     4 w +\n"
    "001    3      Charlie, Cy                       2000                             0.5    4     4 w 0  0000 - H     1 b 0\n"
    "001    4      Delta, Di                         2100                             1.5    3     3 b 1     1 w =     2 b -\n"
    "XXR 5\n"
    "XXC white1\n"
    "XXA    1  1.0  1.0\n"
    "XXP 1 3\n"
    "240 H   4    2\n"
    "250       1.0   1   2    1    2\n"
    "260   1   5    1    3\n"
)


def put(text: str, line: int, column: int, new: str) -> str:
    """Overwrite characters at a 1-based line and column (padding the line if needed)."""
    lines = text.split("\n")
    old = lines[line - 1].ljust(column - 1 + len(new))
    lines[line - 1] = old[: column - 1] + new + old[column - 1 + len(new) :]
    return "\n".join(lines)


def insert(text: str, line: int, column: int, new: str) -> str:
    """Insert characters before a 1-based line and column."""
    lines = text.split("\n")
    old = lines[line - 1]
    lines[line - 1] = old[: column - 1] + new + old[column - 1 :]
    return "\n".join(lines)


def replace_line(text: str, line: int, new: str) -> str:
    lines = text.split("\n")
    lines[line - 1] = new
    return "\n".join(lines)


def add_line(text: str, new: str) -> str:
    return text + new + "\n"
