"""The pairing-output format: reading engine answers, writing ours."""

from __future__ import annotations

import pytest

from arbiter.pairing import Board
from arbiter.pairing.output import UnreadableAnswer, format_answer, parse_answer


def test_read_boards_and_the_bye():
    boards, byes = parse_answer("4\n1 4\n5 2\n3 6\n7 0\n\n")
    assert boards == [Board(1, 4), Board(5, 2), Board(3, 6)]
    assert byes == [7]


@pytest.mark.parametrize(
    "text", ["", "x\n1 2\n", "2\n1 2\n", "1\n1 2 3\n", "1\n1 b\n", "1\n0 3\n", "-1\n"]
)
def test_unreadable_answers(text):
    with pytest.raises(UnreadableAnswer):
        parse_answer(text)


def test_write_is_the_bbppairings_format_and_reads_back():
    text = format_answer([Board(1, 4), Board(5, 2)], 7)
    assert text == "3\n1 4\n5 2\n7 0\n"
    assert parse_answer(text) == ([Board(1, 4), Board(5, 2)], [7])
    assert format_answer([Board(2, 1)], None) == "1\n2 1\n"
