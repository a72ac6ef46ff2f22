"""Every legal move of a position in SAN, at once.

python-chess's `Board.san` writes one move: it plays the move on the board to see whether it
checks, and looks for the other pieces that could go to the same square. For the whole list
of legal moves (each game state sends it, `live.payloads.legal_moves`) that was a third of a
web process's CPU per move in `benchmarks/bench_team_online.py`. Here the list is generated
once, the ambiguous moves are found in it, and a check is seen from the bitboards after the
move; only a castling move or a move that checks is played on the board (the first is rare,
the second needs the board to tell a mate). The text is `Board.san`'s, in the order of
`Board.legal_moves`, which `tests/games/test_legal_sans.py` holds against python-chess.
"""

from __future__ import annotations

import chess
from chess import (
    BB_DIAG_ATTACKS,
    BB_DIAG_MASKS,
    BB_FILE_ATTACKS,
    BB_FILE_MASKS,
    BB_KNIGHT_ATTACKS,
    BB_PAWN_ATTACKS,
    BB_RANK_ATTACKS,
    BB_RANK_MASKS,
    BB_SQUARES,
)


class _Attackers:
    """The mover's pieces that could check, by how they attack, and the other king's square:
    read once per position, adjusted per move in `gives_check`."""

    def __init__(self, board: chess.Board, king: int) -> None:
        us = board.turn
        self.board, self.king = board, king
        queens = board.pieces_mask(chess.QUEEN, us)
        self.pawns = board.pieces_mask(chess.PAWN, us)
        self.knights = board.pieces_mask(chess.KNIGHT, us)
        self.diagonal = board.pieces_mask(chess.BISHOP, us) | queens
        self.straight = board.pieces_mask(chess.ROOK, us) | queens
        self.pawn_squares = BB_PAWN_ATTACKS[not us][king]  # where a pawn of ours checks from

    def gives_check(self, move: chess.Move, piece_type: int) -> bool:
        """Does `move` (legal, not castling) attack the king? Our pieces after the move
        against the occupancy after it: a direct check and a discovered one alike."""
        board, king = self.board, self.king
        from_bb, to_bb = BB_SQUARES[move.from_square], BB_SQUARES[move.to_square]
        occupied = (board.occupied & ~from_bb) | to_bb
        if piece_type == chess.PAWN and board.is_en_passant(move):
            # The captured pawn stands beside the destination, on the mover's rank.
            occupied &= ~BB_SQUARES[move.to_square - 8 if board.turn else move.to_square + 8]
        landed = move.promotion or piece_type
        knights, pawns = self.knights & ~from_bb, self.pawns & ~from_bb
        diagonal, straight = self.diagonal & ~from_bb, self.straight & ~from_bb
        if landed == chess.KNIGHT:
            knights |= to_bb
        elif landed == chess.PAWN:
            pawns |= to_bb
        else:
            if landed in (chess.BISHOP, chess.QUEEN):
                diagonal |= to_bb
            if landed in (chess.ROOK, chess.QUEEN):
                straight |= to_bb
        if BB_KNIGHT_ATTACKS[king] & knights or self.pawn_squares & pawns:
            return True
        if BB_DIAG_ATTACKS[king][BB_DIAG_MASKS[king] & occupied] & diagonal:
            return True
        lines = (
            BB_RANK_ATTACKS[king][BB_RANK_MASKS[king] & occupied]
            | BB_FILE_ATTACKS[king][BB_FILE_MASKS[king] & occupied]
        )
        return bool(lines & straight)


def _suffix(board: chess.Board, move: chess.Move) -> str:
    """`#` or `+` for a move known to check: a mate needs the position after it."""
    board.push(move)
    try:
        return "#" if board.is_checkmate() else "+"
    finally:
        board.pop()


def legal_sans(board: chess.Board) -> dict[str, str]:
    """SAN -> UCI of every legal move of `board` (a standard game), in `legal_moves` order.
    The board is left as it was."""
    moves = list(board.legal_moves)
    kinds = [board.piece_type_at(move.from_square) or 0 for move in moves]
    # The squares each piece type can come from to each square: ambiguity is two of them.
    sources: dict[tuple[int, int], int] = {}
    for move, kind in zip(moves, kinds, strict=True):
        if kind not in (chess.PAWN, chess.KING):
            key = (kind, move.to_square)
            sources[key] = sources.get(key, 0) | BB_SQUARES[move.from_square]
    king = board.king(not board.turn)
    attackers = _Attackers(board, king) if king is not None else None
    sans: dict[str, str] = {}
    for move, kind in zip(moves, kinds, strict=True):
        if attackers is None or (kind == chess.KING and board.is_castling(move)):
            sans[board.san(move)] = move.uci()
            continue
        san = _text(board, move, kind, sources)
        if attackers.gives_check(move, kind):
            san += _suffix(board, move)
        sans[san] = move.uci()
    return sans


def _text(
    board: chess.Board, move: chess.Move, kind: int, sources: dict[tuple[int, int], int]
) -> str:
    """The SAN without its check mark: piece letter, the least that tells it apart from
    another piece of its kind going to the same square (file first, then rank, then both),
    capture, destination, promotion."""
    start, end = move.from_square, move.to_square
    capture = board.is_capture(move)
    if kind == chess.PAWN:
        san = chess.FILE_NAMES[chess.square_file(start)] + "x" if capture else ""
    else:
        san = chess.piece_symbol(kind).upper()
        if kind != chess.KING:
            others = sources[(kind, end)] & ~BB_SQUARES[start]
            if others:
                same_file = others & chess.BB_FILES[chess.square_file(start)]
                same_rank = others & chess.BB_RANKS[chess.square_rank(start)]
                if not same_file or same_rank:
                    san += chess.FILE_NAMES[chess.square_file(start)]
                if same_file:
                    san += chess.RANK_NAMES[chess.square_rank(start)]
        if capture:
            san += "x"
    san += chess.SQUARE_NAMES[end]
    if move.promotion:
        san += "=" + chess.piece_symbol(move.promotion).upper()
    return san
