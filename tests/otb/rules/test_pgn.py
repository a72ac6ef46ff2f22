"""Writing PGN: the roster first, escaped values, wrapped movetext; read back by python-chess.
No database."""

from __future__ import annotations

import io

import chess.pgn

from arbiter.otb.rules.pgn import PgnRecord, pgn_join, pgn_write


def test_a_written_game_reads_back_with_its_tags_and_moves() -> None:
    sans = ["e4", "e5", "Nf3", "Nc6"] * 1 + ["Bb5", "a6"]
    record = PgnRecord(
        [
            ("Event", 'Club "Spring" Open'),
            ("Round", "3.12"),
            ("White", "Carlsen, Magnus"),
            ("Black", "Doe, Jane"),
            ("WhiteElo", "2830"),
            ("WhiteFideId", "1503014"),
        ],
        sans,
        "*",
    )
    text = pgn_write(record)
    lines = text.splitlines()
    assert lines[:7] == [
        '[Event "Club \\"Spring\\" Open"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "3.12"]',
        '[White "Carlsen, Magnus"]',
        '[Black "Doe, Jane"]',
        '[Result "*"]',
    ]
    game = chess.pgn.read_game(io.StringIO(text))
    assert game is not None and not game.errors
    assert game.headers["WhiteFideId"] == "1503014"
    assert [m.uci() for m in game.mainline_moves()][:2] == ["e2e4", "e7e5"]
    assert game.headers["Result"] == "*"


def test_long_movetext_wraps_and_a_game_without_moves_is_its_result() -> None:
    long = pgn_write(PgnRecord([], ["Nf3", "Nf6", "Ng1", "Ng8"] * 20, "1/2-1/2"))
    assert all(len(line) <= 79 for line in long.splitlines())
    empty = pgn_write(PgnRecord([("Round", "1.2")], [], "1-0"))
    assert empty.endswith('[Result "1-0"]\n\n1-0\n\n')
    handle = io.StringIO(pgn_join([long, empty]))
    first, second = chess.pgn.read_game(handle), chess.pgn.read_game(handle)
    assert first is not None and len(list(first.mainline_moves())) == 80
    assert second is not None and second.headers["Round"] == "1.2"
    assert chess.pgn.read_game(handle) is None
