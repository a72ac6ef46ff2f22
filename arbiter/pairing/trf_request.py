"""Between a `PairingRequest` and the TRF(x) model of `arbiter.trf` (which writes the text).

To the engines (`build_tournament`):
- one 001 line per player, history as given ("U" pairing byes, "+"/"-" forfeits, late
  joiners' "H"/"Z"); the points column is what the codes of the finished rounds give;
- players kept out of the round being paired get a `0000 - Z` block (`0000 - H` for a
  requested half-point bye) in that round's column, unless the adapter passes them another
  way (gacrux: `-u`); the points column counts that block too;
- XXR total rounds, XXC white1/black1, the virtual points as XXA records (or 2025 250
  records), and the forbidden pairs as XXP records (or 2025 260 records for this round).

From a TRF file (`request_from_tournament`, for the CLI): the reverse, with the bbpPairings
reading of the last column: if it holds no game and no pairing bye it is the round being
paired, and its entries say who is kept out.
"""

from __future__ import annotations

from decimal import Decimal

from arbiter.pairing.acceleration import records_250, virtual_points
from arbiter.pairing.errors import PairingRequestInvalid
from arbiter.pairing.history import PlayerFacts, all_facts, record_points, to_entry
from arbiter.pairing.request import PairingRequest, PlayerEntry, RoundRecord
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament

NAME_WIDTH = 33


def _trf_name(name: str) -> str:
    cleaned = " ".join(name.split())  # no line breaks or tabs in a fixed-column line
    return cleaned[:NAME_WIDTH]


def build_tournament(
    request: PairingRequest,
    *,
    mark_unpaired: bool = True,
    forbidden_as_260: bool = False,
    acceleration_as_250: bool = False,
    facts: dict[int, PlayerFacts] | None = None,
) -> Tournament:
    """The TRF model of `request` (see the module docstring for the choices)."""
    facts = all_facts(request) if facts is None else facts
    players: list[PlayerRecord] = []
    for player in sorted(request.players, key=lambda p: p.number):
        record = PlayerRecord(
            start_number=player.number,
            name=_trf_name(player.name),
            rating=player.rating,
            points=facts[player.number].points,
            rank=player.number,
            rounds=[to_entry(r) for r in player.history],
        )
        if mark_unpaired and player.number in request.unpaired:
            code = "H" if player.number in request.half_point_byes else "Z"
            record.rounds.append(RoundEntry(None, "-", code))
            # The points column counts every block in the file (py4swiss refuses anything
            # else; bbpPairings accepts both readings).
            record.points += record_points(code, None)
        players.append(record)
    pairs = sorted(tuple(sorted(pair)) for pair in request.forbidden_pairs)
    table = virtual_points(request)
    tournament = Tournament(
        header={"012": "Arbiter pairing request"},
        players=players,
        total_rounds=request.total_rounds,
        initial_colour="white1" if request.initial_colour == "white" else "black1",
    )
    if acceleration_as_250:
        tournament.acceleration_records = records_250(table)
    else:
        tournament.accelerations = {n: list(v) for n, v in table.items()}
    if forbidden_as_260:
        rnd = str(request.round)
        tournament.forbidden_records = [(rnd, rnd, str(a), str(b)) for a, b in pairs]
    else:
        tournament.forbidden_pairs = [(a, b) for a, b in pairs]
    return tournament


def _record(entry: RoundEntry) -> RoundRecord:
    if entry.opponent is None:
        # A blank unpaired block is a round the player was not paired in: a zero.
        result = "Z" if entry.result == " " else entry.result
        return RoundRecord(None, None, result)
    return RoundRecord(entry.opponent, None if entry.colour == "-" else entry.colour, entry.result)


def _round_to_pair(tournament: Tournament) -> int:
    last = tournament.rounds_played
    if last == 0:
        return 1
    for player in tournament.players:
        if len(player.rounds) >= last:
            entry = player.rounds[last - 1]
            if entry.opponent is not None or entry.result == "U":
                return last + 1  # the last column is a finished round
    return last  # the last column only keeps players out of the round being paired


def _initial_colour(value: str | None) -> str:
    tokens = (value or "").split()
    if "white1" in tokens:
        return "white"
    if "black1" in tokens:
        return "black"
    raise PairingRequestInvalid(_("the initial colour is not configured (XXC white1 or black1)"))


def _virtual_points_250(tournament: Tournament) -> dict[int, list[Decimal]]:
    table: dict[int, list[Decimal]] = {}
    for fields in tournament.acceleration_records:
        try:
            points = Decimal(fields[1].strip() or "0")
            first_round, last_round = int(fields[2]), int(fields[3] or fields[2])
            first, last = int(fields[4]), int(fields[5] or fields[4])
        except (ValueError, ArithmeticError, IndexError):
            raise PairingRequestInvalid(
                _("250 record %(record)s is not readable") % {"record": fields}
            ) from None
        for number in range(first, last + 1):
            values = table.setdefault(number, [])
            if len(values) < last_round:
                values.extend([Decimal(0)] * (last_round - len(values)))
            for rnd in range(first_round, last_round + 1):
                values[rnd - 1] = points
    return table


def _forbidden(tournament: Tournament, rnd: int) -> frozenset[tuple[int, int]]:
    pairs = {tuple(sorted(pair)) for pair in tournament.forbidden_pairs}
    for fields in tournament.forbidden_records:
        try:
            first, last = int(fields[0]), int(fields[1] or fields[0])
            members = [int(f) for f in fields[2:]]
        except (ValueError, IndexError):
            raise PairingRequestInvalid(
                _("260 record %(record)s is not readable") % {"record": fields}
            ) from None
        if first <= rnd <= last:
            pairs |= {(a, b) for a in members for b in members if a < b}
    return frozenset((a, b) for a, b in pairs)


def request_from_tournament(tournament: Tournament) -> PairingRequest:
    """The request a bbpPairings-style TRF file describes (the round after the last one)."""
    if tournament.total_rounds is None:
        raise PairingRequestInvalid(_("the number of rounds is missing (XXR)"))
    rnd = _round_to_pair(tournament)
    players: list[PlayerEntry] = []
    absent: set[int] = set()
    half_byes: set[int] = set()
    for record in sorted(tournament.players, key=lambda p: p.start_number):
        history = [_record(entry) for entry in record.rounds[: rnd - 1]]
        history += [RoundRecord(None, None, "Z")] * (rnd - 1 - len(history))
        if len(record.rounds) >= rnd:
            kept_out = record.rounds[rnd - 1]
            if kept_out.opponent is not None:
                raise PairingRequestInvalid(
                    _("player %(start_number)s is already paired in round %(round)s")
                    % {"start_number": record.start_number, "round": rnd}
                )
            (half_byes if kept_out.result == "H" else absent).add(record.start_number)
        players.append(PlayerEntry(record.start_number, record.name, record.rating, tuple(history)))
    explicit: dict[int, list[Decimal]] = {
        n: list(v) for n, v in _virtual_points_250(tournament).items()
    }
    explicit.update({n: list(v) for n, v in tournament.accelerations.items()})
    return PairingRequest(
        players=tuple(players),
        round=rnd,
        total_rounds=tournament.total_rounds,
        initial_colour=_initial_colour(tournament.initial_colour),
        absent=frozenset(absent),
        half_point_byes=frozenset(half_byes),
        forbidden_pairs=_forbidden(tournament, rnd),
        virtual_points={n: tuple(v) for n, v in explicit.items()} if explicit else None,
    )
