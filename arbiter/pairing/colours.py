"""Colours of boards where neither player has played yet, exactly as bbpPairings gives them.

bbpPairings (and C.04.3 art. 5.2.1): when both players have yet to play a game, the higher
ranked of the two (pairing score, then pairing number) gets the initial colour if their
effective pairing number is odd, the other colour if it is even. The effective pairing
number counts only the players paired this round, so absent top seeds shift it.

gacrux numbers from the whole field in later rounds and derives its own initial colour
from round 1 once one was played; py4swiss uses the raw pairing number. Their adapters
pass their boards through `apply_initial_colour`, which changes nothing else: only boards
where both players have no colour history are touched, and for them every colour is legal.
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
    effective = {number: index for index, number in enumerate(request.present, start=1)}
    table = virtual_points(request)
    initial = "w" if request.initial_colour == "white" else "b"

    def rank_key(number: int) -> tuple:
        score = facts[number].points + round_virtual_points(table, number, request.round)
        return (-score, number)

    out: list[Board] = []
    for board in boards:
        white, black = board.white, board.black
        if (
            white not in facts
            or black not in facts
            or facts[white].colours
            or facts[black].colours
            or white not in effective
            or black not in effective
        ):
            out.append(board)  # history decides (or the validator will reject the board)
            continue
        higher, lower = sorted((white, black), key=rank_key)
        odd = effective[higher] % 2 == 1
        higher_is_white = (initial == "w") == odd
        out.append(Board(higher, lower) if higher_is_white else Board(lower, higher))
    return tuple(out)
