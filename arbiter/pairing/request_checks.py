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
from arbiter.trf.i18n import gettext as _


def _record_problems(
    number: int, rnd: int, record: RoundRecord, by_number: dict[int, tuple[RoundRecord, ...]]
) -> list[str]:
    where = _("player %(number)s, round %(round)s") % {"number": number, "round": rnd}
    if record.opponent is None:
        if record.result in ("", " "):
            return [_("%(where)s: no result") % {"where": where}]
        if record.result not in UNPAIRED_RESULTS:
            return [
                _("%(where)s: result %(result)s needs an opponent")
                % {"where": where, "result": repr(record.result)}
            ]
        if record.colour is not None:
            return [_("%(where)s: colour without an opponent") % {"where": where}]
        return []
    opponent = record.opponent
    if record.result in ("", " "):
        return [
            _("%(where)s: the game against %(opponent)s has no result")
            % {"where": where, "opponent": opponent}
        ]
    if record.result not in GAME_RESULTS:
        # Z, H, U... with an opponent is never valid TRF.
        return [
            _("%(where)s: result %(result)s cannot have an opponent")
            % {"where": where, "result": repr(record.result)}
        ]
    if opponent == number or opponent not in by_number:
        return [
            _("%(where)s: opponent %(opponent)s is not a player")
            % {"where": where, "opponent": opponent}
        ]
    if record.colour not in ("w", "b") and not (record.colour is None and record.result in "+-"):
        return [_("%(where)s: a game needs colour 'w' or 'b'") % {"where": where}]
    theirs = by_number[opponent]
    if len(theirs) < rnd:
        return []  # reported as a history-length problem of the opponent
    other = theirs[rnd - 1]
    if other.opponent != number:
        return [
            _("%(where)s: opponent %(opponent)s does not list %(number)s in that round")
            % {"where": where, "opponent": opponent, "number": number}
        ]
    if other.result not in OPPONENT_RESULTS[record.result]:
        return [
            _("%(where)s: results %(result)s / %(other)s do not match")
            % {"where": where, "result": repr(record.result), "other": repr(other.result)}
        ]
    if record.result in PLAYED_RESULTS and record.colour == other.colour:
        return [
            _("%(where)s: both players of the game have colour %(colour)s")
            % {"where": where, "colour": repr(record.colour)}
        ]
    return []


def request_problems(request: PairingRequest) -> list[str]:
    """Every reason the request cannot be paired (empty when it is fine)."""
    problems: list[str] = []
    if request.round < 1:
        problems.append(_("round %(round)s is not a positive number") % {"round": request.round})
    if request.total_rounds < request.round:
        problems.append(
            _("round %(round)s is beyond the %(total)s rounds")
            % {"round": request.round, "total": request.total_rounds}
        )
    if request.initial_colour not in INITIAL_COLOURS:
        problems.append(
            _("initial colour %(colour)s is not white or black")
            % {"colour": repr(request.initial_colour)}
        )
    numbers = [p.number for p in request.players]
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        problems.append(_("pairing numbers must be 1..N, each once"))
    if problems:
        return problems
    by_number = {p.number: p.history for p in request.players}
    for player in request.players:
        if len(player.history) != request.round - 1:
            problems.append(
                _("player %(number)s has %(count)s rounds of history, expected %(expected)s")
                % {
                    "number": player.number,
                    "count": len(player.history),
                    "expected": request.round - 1,
                }
            )
            continue
        if player.rating is not None and not 0 <= player.rating <= 9999:
            problems.append(
                _("player %(number)s: rating %(rating)s is out of range")
                % {"number": player.number, "rating": player.rating}
            )
        if player.entry_round < 1:
            problems.append(
                _("player %(number)s: entry round %(round)s is wrong")
                % {"number": player.number, "round": player.entry_round}
            )
        elif player.entry_round > request.round and player.number not in request.unpaired:
            problems.append(
                _("player %(number)s enters in round %(round)s")
                % {"number": player.number, "round": player.entry_round}
            )
        for rnd, record in enumerate(player.history, start=1):
            problems.extend(_record_problems(player.number, rnd, record, by_number))
    known = set(numbers)
    for message, group in (
        (_("absent players %(unknown)s are not players"), request.absent),
        (_("half-point bye players %(unknown)s are not players"), request.half_point_byes),
    ):
        unknown = sorted(set(group) - known)
        if unknown:
            problems.append(message % {"unknown": unknown})
    for pair in request.forbidden_pairs:
        if len(pair) != 2 or pair[0] == pair[1] or not set(pair) <= known:
            problems.append(
                _("forbidden pair %(pair)s is not two different players") % {"pair": pair}
            )
    for number, values in (request.virtual_points or {}).items():
        if number not in known:
            problems.append(
                _("virtual points for %(number)s, who is not a player") % {"number": number}
            )
        elif len(values) > request.total_rounds or any(v < 0 for v in values):
            problems.append(
                _("virtual points of player %(number)s are not valid") % {"number": number}
            )
    if len(request.present) < 2:
        problems.append(_("fewer than two players to pair"))
    return problems


def check_request(request: PairingRequest) -> None:
    problems = request_problems(request)
    if problems:
        raise PairingRequestInvalid("; ".join(problems))
