"""Refuse a request that cannot be paired as given (`PairingRequestInvalid`).

Caught here rather than by an engine: an engine would either reject the TRF with an unclear
message or, worse, pair from a broken history.
"""

from __future__ import annotations

from arbiter.pairing.errors import PairingRequestInvalid
from arbiter.pairing.request import (
    GAME_RESULTS,
    INITIAL_COLOURS,
    OPPONENT_RESULTS,
    PLAYED_RESULTS,
    UNPAIRED_RESULTS,
    PairingRequest,
    RoundRecord,
)


def _record_problems(
    number: int, rnd: int, record: RoundRecord, by_number: dict[int, tuple[RoundRecord, ...]]
) -> list[str]:
    where = f"player {number}, round {rnd}"
    if record.opponent is None:
        if record.result in ("", " "):
            return [f"{where}: no result"]
        if record.result not in UNPAIRED_RESULTS:
            return [f"{where}: result {record.result!r} needs an opponent"]
        if record.colour is not None:
            return [f"{where}: colour without an opponent"]
        return []
    opponent = record.opponent
    if record.result in ("", " "):
        return [f"{where}: the game against {opponent} has no result"]
    if record.result not in GAME_RESULTS:
        # Z, H, U... with an opponent is never valid TRF.
        return [f"{where}: result {record.result!r} cannot have an opponent"]
    if opponent == number or opponent not in by_number:
        return [f"{where}: opponent {opponent} is not a player"]
    if record.colour not in ("w", "b") and not (record.colour is None and record.result in "+-"):
        return [f"{where}: a game needs colour 'w' or 'b'"]
    theirs = by_number[opponent]
    if len(theirs) < rnd:
        return []  # reported as a history-length problem of the opponent
    other = theirs[rnd - 1]
    if other.opponent != number:
        return [f"{where}: opponent {opponent} does not list {number} in that round"]
    if other.result not in OPPONENT_RESULTS[record.result]:
        return [f"{where}: results {record.result!r} / {other.result!r} do not match"]
    if record.result in PLAYED_RESULTS and record.colour == other.colour:
        return [f"{where}: both players of the game have colour {record.colour!r}"]
    return []


def request_problems(request: PairingRequest) -> list[str]:
    """Every reason the request cannot be paired (empty when it is fine)."""
    problems: list[str] = []
    if request.round < 1:
        problems.append(f"round {request.round} is not a positive number")
    if request.total_rounds < request.round:
        problems.append(f"round {request.round} is beyond the {request.total_rounds} rounds")
    if request.initial_colour not in INITIAL_COLOURS:
        problems.append(f"initial colour {request.initial_colour!r} is not white or black")
    numbers = [p.number for p in request.players]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        problems.append("pairing numbers must be 1..N, each once")
    if problems:
        return problems
    by_number = {p.number: p.history for p in request.players}
    for player in request.players:
        if len(player.history) != request.round - 1:
            problems.append(
                f"player {player.number} has {len(player.history)} rounds of history, "
                f"expected {request.round - 1}"
            )
            continue
        if player.rating is not None and not 0 <= player.rating <= 9999:
            problems.append(f"player {player.number}: rating {player.rating} is out of range")
        if player.entry_round < 1:
            problems.append(f"player {player.number}: entry round {player.entry_round} is wrong")
        elif player.entry_round > request.round and player.number not in request.unpaired:
            problems.append(f"player {player.number} enters in round {player.entry_round}")
        for rnd, record in enumerate(player.history, start=1):
            problems.extend(_record_problems(player.number, rnd, record, by_number))
    known = set(numbers)
    for name, group in (("absent", request.absent), ("half-point bye", request.half_point_byes)):
        unknown = sorted(set(group) - known)
        if unknown:
            problems.append(f"{name} players {unknown} are not players")
    for pair in request.forbidden_pairs:
        if len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= known:
            problems.append(f"forbidden pair {pair} is not two different players")
    for number, values in (request.virtual_points or {}).items():
        if number not in known:
            problems.append(f"virtual points for {number}, who is not a player")
        elif len(values) > request.total_rounds or any(v < 0 for v in values):
            problems.append(f"virtual points of player {number} are not valid")
    if len(request.present) < 2:
        problems.append("fewer than two players to pair")
    return problems


def check_request(request: PairingRequest) -> None:
    problems = request_problems(request)
    if problems:
        raise PairingRequestInvalid("; ".join(problems))
