"""Colours of boards whose two players have no colour history, as the endorsed engines give them.

The rule (C.04.3 E.5 with the pairing numbers the endorsed programs use; docs/pairing.md):
the higher ranked of the two (pairing score with virtual points, then pairing number) gets
the initial colour when their *effective* number is odd, the other colour when it is even.
The effective number counts, in pairing-number order, only the players who take part in the
pairing: those paired in this round, and those absent now who were paired in an earlier round
(a game or forfeit with an opponent, a pairing-allocated bye `U`, a forfeit win `+`). A player
who has never been paired and is absent hands their number down to the players behind.

Source: bbpPairings v6 (`Tournament::updateRanks`, `participatedInPairing` in its TRF reader,
`choosePlayerColor` in the Dutch system) and gacrux 1.11.65 (`crosstable.assign_tpn`), which
agree. The engines' own colours stand; only an engine with a proven quirk is re-coloured by
this rule (`Engine.adjust`): py4swiss, which colours by the raw pairing number.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.pairing.acceleration import round_virtual_points, virtual_points
from arbiter.pairing.history import PlayerFacts, all_facts
from arbiter.pairing.request import Board, PairingRequest, PlayerEntry

# bbpPairings' `participatedInPairing`: an opponent on the record, or one of these codes.
_PAIRED_WITHOUT_OPPONENT = frozenset("U+")


def was_paired(player: PlayerEntry) -> bool:
    """Whether the player took part in the pairing of an earlier round."""
    return any(
        record.opponent is not None or record.result in _PAIRED_WITHOUT_OPPONENT
        for record in player.history
    )


def effective_numbers(request: PairingRequest) -> dict[int, int]:
    """Pairing number -> the number the colour rule reads (1-based, see the module doc)."""
    kept_out = request.unpaired
    counted = (p.number for p in request.players if p.number not in kept_out or was_paired(p))
    return {number: rank for rank, number in enumerate(sorted(counted), start=1)}


def apply_initial_colour(
    request: PairingRequest,
    boards: Sequence[Board],
    facts: dict[int, PlayerFacts] | None = None,
) -> tuple[Board, ...]:
    """Re-colour the boards whose two players have no colour history; others pass through."""
    facts = all_facts(request) if facts is None else facts
    table = virtual_points(request)
    effective = effective_numbers(request)
    initial_is_white = request.initial_colour == "white"

    def rank_key(number: int) -> tuple:
        score = facts[number].points + round_virtual_points(table, number, request.round)
        return (-score, number)

    out: list[Board] = []
    for board in boards:
        white, black = board.white, board.black
        known = white in effective and black in effective
        if not known or facts[white].colours or facts[black].colours:
            out.append(board)  # history decides (or the validator will reject the board)
            continue
        higher, lower = sorted((white, black), key=rank_key)
        higher_is_white = initial_is_white == (effective[higher] % 2 == 1)
        out.append(Board(higher, lower) if higher_is_white else Board(lower, higher))
    return tuple(out)
