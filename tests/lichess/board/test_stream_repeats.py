"""A game stream never repeats a state: the one pushed between joining the game's group and
reading the game was sent already, and a Board client would take it as its turn again (the
berserk event test saw Black play e7e5 twice, the second answered 400 and the game stalled)."""

from arbiter.lichess.board.streams import _newer

SENT = {"ply": 1, "status": "started", "winner": None, "draw_offer": None, "wtime": 60_000}


def test_the_same_state_again_is_not_sent() -> None:
    assert not _newer({**SENT, "wtime": 59_870}, SENT)  # read a moment apart: same position
    assert not _newer({**SENT, "ply": 0}, SENT)


def test_a_move_an_end_or_a_draw_offer_is_sent() -> None:
    assert _newer({**SENT, "ply": 2}, SENT)
    assert _newer({**SENT, "status": "resign", "winner": "white"}, SENT)
    assert _newer({**SENT, "draw_offer": "black"}, SENT)
    assert _newer(SENT, {**SENT, "draw_offer": "black"})  # the offer withdrawn or declined
