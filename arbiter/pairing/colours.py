"""Colours of boards where neither player has played a game yet, by C.04.3's rule.

When both players of a board have yet to play a game (round 1, or only byes, forfeits and
absences before), the higher ranked of the two (score including acceleration, then pairing
number) gets the initial colour if their pairing number is odd, the other colour if it is
even. The pairing number is the one from the initial ranking list (C.04.3 A.2 / 1.2.2): it
does not change when other players are absent, so absent top seeds shift nothing.

bbpPairings numbers only the players paired in the round, and gacrux takes its initial colour
from round 1 once one was played; every adapter passes its boards through
`apply_initial_colour`, which changes nothing else: only boards where both players have no
colour history are touched, and for them every colour is legal.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.pairing.acceleration import round_virtual_points, virtual_points
from arbiter.pairing.history import PlayerFacts, all_facts
from arbiter.pairing.request import Board, PairingRequest


def apply_initial_colour(
    request: PairingRequest,
    boards: Sequence[Board],
    facts: dict[int, PlayerFacts] | None = None,
) -> tuple[Board, ...]:
    facts = all_facts(request) if facts is None else facts
    table = virtual_points(request)
    initial = "w" if request.initial_colour == "white" else "b"

    def rank_key(number: int) -> tuple:
        score = facts[number].points + round_virtual_points(table, number, request.round)
        return (-score, number)

    out: list[Board] = []
    for board in boards:
        white, black = board.white, board.black
        if white not in facts or black not in facts or facts[white].colours or facts[black].colours:
            out.append(board)  # history decides (or the validator will reject the board)
            continue
        higher, lower = sorted((white, black), key=rank_key)
        odd = higher % 2 == 1  # the pairing number itself, never renumbered
        higher_is_white = (initial == "w") == odd
        out.append(Board(higher, lower) if higher_is_white else Board(lower, higher))
    return tuple(out)
