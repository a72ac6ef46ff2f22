"""The chess rules of a game as plain functions of positions (python `chess`)."""

from __future__ import annotations

import chess

from arbiter.games.rules import (
    Ending,
    automatic_ending,
    claimable_draw,
    draw_allowed,
    timeout_ending,
)


def test_a_timeout_against_a_lone_king_is_a_draw() -> None:
    white_to_move_flags = chess.Board("8/8/8/4k3/8/8/8/K6Q w - - 0 40")
    assert timeout_ending(white_to_move_flags, started=True) == Ending("outoftime", "")
    black_flags = chess.Board("8/8/8/4k3/8/8/8/K6Q b - - 0 40")
    assert timeout_ending(black_flags, started=True) == Ending("outoftime", "white")


def test_a_timeout_before_both_first_moves_is_a_no_show() -> None:
    assert timeout_ending(chess.Board(), started=False) == Ending("noStart", "black")


def test_insufficient_material_draws_at_once_whatever_the_move_number() -> None:
    assert automatic_ending(chess.Board("8/8/8/4k3/8/8/8/K6B w - - 0 12")) == Ending("draw", "")
    assert automatic_ending(chess.Board("8/8/8/4k3/8/8/8/K6R w - - 0 12")) is None


def test_seventy_five_moves_draw_automatically_fifty_only_on_claim() -> None:
    fifty = chess.Board("8/8/8/4k3/8/8/3R4/K7 w - - 100 80")
    assert claimable_draw(fifty) and automatic_ending(fifty) is None
    seventy_five = chess.Board("8/8/8/4k3/8/8/3R4/K7 w - - 150 90")
    assert automatic_ending(seventy_five) == Ending("draw", "")


def test_fivefold_repetition_is_automatic() -> None:
    board = chess.Board()
    for _ in range(4):
        for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
            board.push_uci(uci)
    assert automatic_ending(board) == Ending("draw", "")


def test_draws_are_allowed_from_move_30() -> None:
    assert not draw_allowed(chess.Board("8/8/8/4k3/8/8/3R4/K7 w - - 0 29"))
    assert draw_allowed(chess.Board("8/8/8/4k3/8/8/3R4/K7 w - - 0 30"))
