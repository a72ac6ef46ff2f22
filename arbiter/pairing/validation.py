"""Check a round's pairing against the FIDE absolute criteria and Arbiter's rules.

The same checks run on every engine answer and on hand-made pairings:
- every present player exactly once (on a board or as the bye); nobody absent is paired;
- a pairing-allocated bye only for an odd field, and never to a player who already had one
  or scored a forfeit win (C.04.1, Dutch C.04.3 art. 2.1.2 [C2]);
- no rematch of a game played over the board (forfeits do not count, C.04.3 [C1]);
- no forbidden pair (Arbiter: absolute);
- colours (C.04.1 f/g, Dutch C.04.3 [C3]): after the round no colour difference beyond ±2
  and no colour three times running (played games only). Only in the last round may this
  give, and only on a board with a topscorer (more than half the maximum score before
  the last round): [C3] lets two topscorers, or a topscorer and a non-topscorer, with the
  same absolute preference meet, and one of them then breaks the limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from arbiter.pairing.acceleration import round_virtual_points, virtual_points
from arbiter.pairing.errors import InvalidPairing
from arbiter.pairing.history import PlayerFacts, all_facts
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.request_checks import check_request
from arbiter.trf.i18n import gettext as _


class Violation(str):
    """One broken rule in plain words (the string, naming players by pairing number), with
    its `kind` and the pairing numbers and values it names (`params`), so that a caller can
    say it with the players' names instead."""

    kind: str
    params: dict[str, object]

    def __new__(cls, text: str, kind: str = "", **params: object) -> Violation:
        violation = super().__new__(cls, text)
        violation.kind = kind
        violation.params = params
        return violation


def _violation(text: str, kind: str, **params: object) -> Violation:
    return Violation(text % params if params else text, kind, **params)


def _as_boards(boards: Iterable[Board | tuple[int, int]]) -> list[Board]:
    return [b if isinstance(b, Board) else Board(int(b[0]), int(b[1])) for b in boards]


def topscorers(request: PairingRequest, facts: dict[int, PlayerFacts]) -> frozenset[int]:
    """Topscorers (C.04.3 art. 1.8): only when pairing the last round."""
    if request.round != request.total_rounds:
        return frozenset()
    table = virtual_points(request)
    half_max = Decimal(request.total_rounds - 1) / 2
    return frozenset(
        n
        for n, f in facts.items()
        if f.points + round_virtual_points(table, n, request.round) > half_max
    )


def _colour_problems(number: int, facts: PlayerFacts, colour: str) -> list[Violation]:
    sequence = facts.colours + colour
    difference = sequence.count("w") - sequence.count("b")
    problems = []
    if abs(difference) > 2:
        problems.append(
            _violation(
                _("player %(player)s would have colour difference %(difference)s"),
                "colour_difference",
                player=number,
                difference=f"{difference:+d}",
            )
        )
    if len(sequence) >= 3 and len(set(sequence[-3:])) == 1:
        text = (
            _("player %(player)s would have white three times in a row")
            if colour == "w"
            else _("player %(player)s would have black three times in a row")
        )
        kind = "white_three_times" if colour == "w" else "black_three_times"
        problems.append(_violation(text, kind, player=number))
    return problems


def find_violations(
    request: PairingRequest,
    boards: Sequence[Board],
    bye: int | None,
    facts: dict[int, PlayerFacts] | None = None,
) -> list[Violation]:
    """Every rule the pairing breaks, in plain words (empty when it is valid)."""
    facts = all_facts(request) if facts is None else facts
    present = set(request.present)
    problems: list[Violation] = []
    seen: dict[int, int] = {}
    for board in boards:
        for number in (board.white, board.black):
            seen[number] = seen.get(number, 0) + 1
    if bye is not None:
        seen[bye] = seen.get(bye, 0) + 1
    for number, count in sorted(seen.items()):
        if number not in facts:
            problems.append(
                _violation(_("%(player)s is not a player"), "not_a_player", player=number)
            )
        elif number not in present:
            problems.append(
                _violation(
                    _("player %(player)s is not to be paired this round but is"),
                    "not_to_be_paired",
                    player=number,
                )
            )
        elif count > 1:
            problems.append(
                _violation(
                    _("player %(player)s appears %(count)s times"),
                    "paired_twice",
                    player=number,
                    count=count,
                )
            )
    missing = sorted(present - set(seen))
    if missing:
        problems.append(
            _violation(_("players %(players)s are left unpaired"), "unpaired", players=missing)
        )
    if bye is not None:
        if len(present) % 2 == 0:
            problems.append(
                _violation(
                    _("pairing bye to %(player)s in an even field"), "bye_in_even_field", player=bye
                )
            )
        elif bye in facts and facts[bye].bye_barred:
            problems.append(
                _violation(
                    _("player %(player)s already had a pairing bye or a forfeit win"),
                    "bye_again",
                    player=bye,
                )
            )
    elif len(present) % 2 == 1:
        problems.append(_violation(_("odd field without a pairing bye"), "no_bye_in_odd_field"))

    forbidden = {frozenset(pair) for pair in request.forbidden_pairs}
    top = topscorers(request, facts)
    for board in boards:
        white, black = board.white, board.black
        if white == black or white not in facts or black not in facts:
            if white == black:
                problems.append(
                    _violation(
                        _("player %(player)s is paired with themselves"),
                        "paired_with_self",
                        player=white,
                    )
                )
            continue
        if black in facts[white].played_opponents:
            problems.append(
                _violation(
                    _("%(white)s-%(black)s already played each other"),
                    "rematch",
                    white=white,
                    black=black,
                )
            )
        if frozenset((white, black)) in forbidden:
            problems.append(
                _violation(
                    _("%(white)s-%(black)s is a forbidden pair"),
                    "forbidden_pair",
                    white=white,
                    black=black,
                )
            )
        if top & {white, black}:
            continue  # a topscorer's board in the last round: colours may give
        for number, colour in ((white, "w"), (black, "b")):
            problems.extend(_colour_problems(number, facts[number], colour))
    return problems


def validate_pairing(
    request: PairingRequest,
    boards: Iterable[Board | tuple[int, int]],
    bye: int | None,
    *,
    source: str = "manual",
) -> None:
    """Raise `InvalidPairing` (with every violation) unless the pairing may be stored.

    A malformed request raises `PairingRequestInvalid` first.
    """
    check_request(request)
    problems = find_violations(request, _as_boards(boards), bye)
    if problems:
        raise InvalidPairing(source, tuple(problems))
