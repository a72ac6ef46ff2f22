"""Facts derived from a player's history: points, colours, opponents, bye eligibility."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbiter.pairing.request import PLAYED_RESULTS, PairingRequest, PlayerEntry, RoundRecord
from arbiter.trf.model import RoundEntry
from arbiter.trf.points import entry_points

# A pairing-allocated bye or a forfeit win bars the pairing bye (C.04.1 d, Dutch [C2]).
BYE_BARRING_RESULTS = frozenset("U+")


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """What the rules need to know about one player before the round is paired."""

    number: int
    points: Decimal  # real points of the finished rounds
    colours: str  # colours of the games played over the board, in order ("wbw")
    played_opponents: frozenset[int]  # over the board only: forfeits do not count
    bye_barred: bool  # had a pairing-allocated bye or a forfeit win: no pairing bye again

    @property
    def colour_difference(self) -> int:
        """Games with white minus games with black (C.04.3 art. 1.6)."""
        return self.colours.count("w") - self.colours.count("b")


def to_entry(record: RoundRecord) -> RoundEntry:
    """The TRF round block of a history record ("-" colour when unpaired or not given)."""
    return RoundEntry(record.opponent, record.colour or "-", record.result)


_POINTS: dict[tuple[str, str | None], Decimal] = {}


def record_points(result: str, colour: str | None) -> Decimal:
    """`arbiter.trf.points.entry_points` of a record, memoised: it depends on code and colour."""
    key = (result, colour)
    value = _POINTS.get(key)
    if value is None:
        value = _POINTS[key] = entry_points(RoundEntry(None, colour or "-", result))
    return value


def player_facts(player: PlayerEntry) -> PlayerFacts:
    points = Decimal(0)
    colours: list[str] = []
    opponents: set[int] = set()
    barred = False
    for record in player.history:  # one pass: this runs for every player of every round
        result, colour, opponent = record.result, record.colour, record.opponent
        value = _POINTS.get((result, colour))
        points += record_points(result, colour) if value is None else value
        if opponent is not None and result in PLAYED_RESULTS:
            colours.append(colour or "")
            opponents.add(opponent)
        elif result in BYE_BARRING_RESULTS:
            barred = True
    return PlayerFacts(
        number=player.number,
        points=points,
        colours="".join(colours),
        played_opponents=frozenset(opponents),
        bye_barred=barred,
    )


def all_facts(request: PairingRequest) -> dict[int, PlayerFacts]:
    return {p.number: player_facts(p) for p in request.players}
