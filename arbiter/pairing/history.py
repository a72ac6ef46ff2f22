"""Facts derived from a player's history: points, colours, opponents, bye eligibility."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from arbiter.pairing.request import PairingRequest, PlayerEntry, RoundRecord
from arbiter.trf.model import RoundEntry
from arbiter.trf.points import entry_points


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


@lru_cache(maxsize=256)
def record_points(result: str, colour: str | None) -> Decimal:
    """`arbiter.trf.points.entry_points` of a record, cached: it depends on code and colour."""
    return entry_points(RoundEntry(None, colour or "-", result))


def player_facts(player: PlayerEntry) -> PlayerFacts:
    points = sum((record_points(r.result, r.colour) for r in player.history), Decimal(0))
    played = [r for r in player.history if r.played]
    return PlayerFacts(
        number=player.number,
        points=points,
        colours="".join(r.colour or "" for r in played),
        played_opponents=frozenset(r.opponent for r in played if r.opponent is not None),
        bye_barred=any(r.result in ("U", "+") for r in player.history),
    )


def all_facts(request: PairingRequest) -> dict[int, PlayerFacts]:
    return {p.number: player_facts(p) for p in request.players}
