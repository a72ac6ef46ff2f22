"""`games.legal_sans` against python-chess's own `Board.san`, move by move and in order: the
positions of seeded random games (checks, mates, promotions, castling and en passant come up
in them) and hand-picked ones where a fast path could go wrong. Pure: no database."""

from __future__ import annotations

import random

import chess
import pytest

from arbiter.games.legal_sans import legal_sans

GAMES = 80
PLIES = 160


def reference(board: chess.Board) -> list[tuple[str, str]]:
    return [(board.san(move), move.uci()) for move in board.legal_moves]


def random_positions(seed: int) -> list[chess.Board]:
    """A game where a capture, a check or a promotion is preferred half the time, so that
    the rarer moves come up often."""
    rng = random.Random(seed)
    board, seen = chess.Board(), []
    for _ in range(PLIES):
        if board.is_game_over():
            break
        seen.append(board.copy(stack=False))
        moves = list(board.legal_moves)
        sharp = [m for m in moves if board.is_capture(m) or m.promotion or board.gives_check(m)]
        board.push(rng.choice(sharp if sharp and rng.random() < 0.5 else moves))
    return seen


@pytest.mark.parametrize("seed", range(0, GAMES, 10))
def test_the_same_text_in_the_same_order_as_python_chess(seed: int) -> None:
    checked = 0
    for offset in range(10):
        for board in random_positions(seed + offset):
            fen = board.fen()
            assert list(legal_sans(board).items()) == reference(board), fen
            assert board.fen() == fen  # left as it was
            checked += 1
    assert checked > 500


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        # En passant that uncovers the rook's check along the fifth rank.
        ("8/8/8/RPp4k/8/8/8/K7 w - c6 0 1", "bxc6+"),
        # Promotion with check, and one with mate.
        ("3k4/1P6/8/8/8/8/8/K7 w - - 0 1", "b8=Q+"),
        ("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c8=Q#"),
        ("6k1/4P3/6K1/8/8/8/8/8 w - - 0 1", "e8=Q#"),
        # Castling that checks with the rook.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+"),
        # A knight's discovered check from the bishop behind it.
        ("7k/8/8/8/3N4/8/1B6/K7 w - - 0 1", "Nf5+"),
        # Three queens reaching b2: by file and rank both, by rank, by file.
        ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1b2"),
        ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q3b2"),
        ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qcb2"),
        # Two rooks on a file and two on a rank; black castling long and checking with a rook.
        ("4k3/8/8/8/8/R6R/8/4K2R w - - 0 1", "R1h2"),
        ("r3k3/8/8/8/8/8/8/4K1N1 b q - 0 1", "O-O-O"),
        ("r3k3/8/8/8/8/8/8/4K1N1 b q - 0 1", "Ra1+"),
    ],
)
def test_positions_a_fast_path_could_get_wrong(fen: str, expected: str) -> None:
    board = chess.Board(fen)
    assert board.is_valid()
    ours = legal_sans(board)
    assert list(ours.items()) == reference(board)
    assert expected in ours
