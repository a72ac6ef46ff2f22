"""The position and the SAN moves each process keeps (`games.positions`) are a full replay's:
move by move through the service (castling, en passant and promotions included), when another
process moved in between (the kept position extended), after a move that was rolled back, and
from nothing (replayed). The state pushed after a move, with its legal moves spliced in by the
game socket, is byte for byte the state built with them."""

from __future__ import annotations

import json
import random

import chess
import pytest
from django.db import transaction
from django.utils import timezone

from arbiter.games.live.payloads import (
    game_payload,
    game_push_state,
    game_state,
    legal_moves,
    legal_moves_json,
)
from arbiter.games.live.push import (
    game_end_group,
    game_group,
    game_state_publications,
    game_state_text,
)
from arbiter.games.models import Game
from arbiter.games.positions import position_keep, position_of, positions_forget
from arbiter.games.services.play import game_move, game_resign
from arbiter.realtime.push import push_text
from tests.games.helpers import online_game

SEED = 54  # a line with castling, en passant and a promotion within 80 plies
PLIES = 80


def special_line(*, seed: int = SEED, plies: int = PLIES) -> list[str]:
    """Random legal moves that prefer (one time in two) a castling, an en-passant capture or
    a promotion when there is one, up to `plies` or the game's end."""
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        special = [
            m for m in moves if m.promotion or board.is_castling(m) or board.is_en_passant(m)
        ]
        board.push(rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves))
        if board.is_game_over():
            break
    return [move.uci() for move in board.move_stack]


def _replayed(ucis: list[str]) -> tuple[list[str], chess.Board]:
    board, sans = chess.Board(), []
    for uci in ucis:
        move = chess.Move.from_uci(uci)
        sans.append(board.san(move))
        board.push(move)
    return sans, board


def test_the_line_has_every_kind_of_move() -> None:
    board = chess.Board()
    kinds = set()
    for uci in special_line():
        move = chess.Move.from_uci(uci)
        if board.is_castling(move):
            kinds.add("castling")
        if board.is_en_passant(move):
            kinds.add("en passant")
        if move.promotion:
            kinds.add("promotion")
        board.push(move)
    assert kinds == {"castling", "en passant", "promotion"}
    assert len(board.move_stack) == PLIES


def test_kept_positions_extend_and_replay_as_a_full_replay() -> None:
    positions_forget()
    line = special_line()
    game_id = 10**9  # no game: a position depends on the moves alone
    # By one move, by several (another process moved), back (a move rolled back), from nothing.
    plies = [*range(0, 20), 23, 30, 31, 29, 29, 45, 10, 60, 61, 62, 80]
    for ply in plies:
        moves = " ".join(line[:ply])
        if ply == 45:
            positions_forget()
        position = position_of(game_id=game_id, moves=moves)
        sans, board = _replayed(line[:ply])
        assert position.moves == moves and list(position.sans) == sans
        assert position.board.fen() == board.fen()
        assert position.board.move_stack == board.move_stack
        # The history a repetition claim reads is whole, on the board and on its copies.
        assert position.board_copy().can_claim_threefold_repetition() == (
            board.can_claim_threefold_repetition()
        )
        assert position_of(game_id=game_id, moves=moves) is position  # kept


def test_a_copy_shares_nothing_it_changes() -> None:
    """Moves pushed on a copy and popped past them, into the history it shares, leave the
    kept board as it was; the copy plays as a board copied by python `chess`."""
    positions_forget()
    line = special_line()
    position = position_of(game_id=1, moves=" ".join(line[:40]))
    fen, stack = position.board.fen(), list(position.board.move_stack)
    copy, reference = position.board_copy(), position.board.copy()
    for board in (copy, reference):
        for uci in line[40:50]:
            board.push_uci(uci)
        for _ in range(25):
            board.pop()
    assert copy.fen() == reference.fen() and copy.move_stack == reference.move_stack
    assert position.board.fen() == fen and position.board.move_stack == stack
    assert len(position.board_copy(history=False).move_stack) == 0


@pytest.mark.django_db
def test_a_kept_position_is_not_changed_by_a_move_from_it() -> None:
    positions_forget()
    line = special_line()
    playing = online_game()
    game_id = playing.game.id
    for ply, uci in enumerate(line[:12]):
        before = position_of(game_id=game_id, moves=" ".join(line[:ply]))
        fen, stack = before.board.fen(), list(before.board.move_stack)
        game_move(game_id=game_id, user=playing.white if ply % 2 == 0 else playing.black, uci=uci)
        assert before.board.fen() == fen and before.board.move_stack == stack
        assert (
            position_of(game_id=game_id, moves=" ".join(line[: ply + 1])).sans[-1]
            == (_replayed(line[: ply + 1])[0][-1])
        )


@pytest.mark.django_db(transaction=True)
def test_a_game_played_through_the_service_shows_a_full_replays_state() -> None:
    """Each state after a move (`game_payload`, the REST detail and the socket's frame) as
    before the positions were kept: the SAN, the FEN, the check and the legal moves of a
    replay, including when this process did not see some moves (another process made them:
    what it keeps is older), saw none (it started after them), or kept a move rolled back."""
    positions_forget()
    line = special_line()
    playing = online_game()
    game_id = playing.game.id
    rng = random.Random(1)
    for ply, uci in enumerate(line):
        user = playing.white if ply % 2 == 0 else playing.black
        chance = rng.random()
        if chance < 0.1:
            positions_forget()  # a process that never saw the game
        elif chance < 0.25 and ply >= 3:
            # Another process made the last moves: this one kept an older position.
            older = position_of(game_id=game_id, moves=" ".join(line[: ply - rng.randint(1, 3)]))
            position_keep(game_id=game_id, position=older)
        elif chance < 0.35:
            # A move made here whose write rolled back: kept, never stored.
            with pytest.raises(RuntimeError), transaction.atomic():
                game_move(game_id=game_id, user=user, uci=uci, ply=ply)
                raise RuntimeError("rolled back")
        game_move(game_id=game_id, user=user, uci=uci, ply=ply)
        game = Game.objects.get(id=game_id)
        state = game_payload(game, now=timezone.now())
        sans, board = _replayed(line[: ply + 1])
        assert state["san"] == sans and state["fen"] == board.fen()
        assert state["check"] == board.is_check()
        assert list(state["legal"].items()) == list(legal_moves(board).items())
    assert Game.objects.get(id=game_id).status == "started"


@pytest.mark.django_db(transaction=True)
def test_the_pushed_frame_with_its_legal_moves_is_the_full_states() -> None:
    positions_forget()
    line = special_line()
    playing = online_game()
    game_id = playing.game.id
    for ply, uci in enumerate(line):
        game_move(game_id=game_id, user=playing.white if ply % 2 == 0 else playing.black, uci=uci)
        if ply % 7 and ply < PLIES - 1:
            continue
        game = Game.objects.get(id=game_id)
        now = timezone.now()
        state, legal = game_push_state(game, now=now)
        assert "legal" not in state and state == game_state(game, now=now)
        ((group, message),) = game_state_publications(game_id=game_id, state=state, legal=legal)
        assert group == game_group(game_id)
        full = push_text("game_state", game_payload(game, now=now))
        assert game_state_text(message) == full
        assert message["text"] == push_text("game_state", state)  # what the streams decode
        # The legal moves from the FEN alone: the same moves in the same order as the board's.
        board = _replayed(line[: ply + 1])[1]
        assert legal_moves_json(board.fen()) == json.dumps(
            legal_moves(board), separators=(",", ":")
        )

    game_resign(game_id=game_id, user=playing.black)
    game = Game.objects.get(id=game_id)
    now = timezone.now()
    state, legal = game_push_state(game, now=now)
    assert state["legal"] == {} and legal is None
    full = push_text("game_state", game_payload(game, now=now))
    publications = game_state_publications(game_id=game_id, state=state, legal=legal)
    assert [group for group, _ in publications] == [game_group(game_id), game_end_group(game_id)]
    assert all(game_state_text(message) == full for _, message in publications)
