"""The data a pairing takes in (`PairingRequest`) and gives back (`Pairing`).

Plain frozen dataclasses: the Django services translate their models into these.
Result codes are the TRF-16 ones, so nothing is lost on the way to the engines:
- with an opponent: "1" win, "0" loss, "=" draw (also "W", "L", "D": not rated),
  "+" / "-" forfeit win / loss (not played: no colour, may meet again);
- without an opponent: "U" pairing-allocated bye, "H" half-point bye, "F" full-point bye,
  "Z" zero-point bye, "-" absent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

PLAYED_RESULTS: Final = frozenset("10=WDL")
FORFEIT_RESULTS: Final = frozenset("+-")
GAME_RESULTS: Final = PLAYED_RESULTS | FORFEIT_RESULTS
UNPAIRED_RESULTS: Final = frozenset("UHFZ-")
# The result each game result implies for the opponent ("-" answers "+" and, for a double
# forfeit, "-").
OPPONENT_RESULTS: Final[Mapping[str, frozenset[str]]] = {
    "1": frozenset("0"),
    "0": frozenset("1"),
    "=": frozenset("="),
    "W": frozenset("L"),
    "L": frozenset("W"),
    "D": frozenset("D"),
    "+": frozenset("-"),
    "-": frozenset("+-"),
}
INITIAL_COLOURS: Final = frozenset({"white", "black"})


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What one player did in one finished round.

    `opponent` is the opponent's pairing number (None when unpaired), `colour` "w" / "b" for a
    game (None when unpaired), `result` a TRF result code (see the module docstring).
    """

    opponent: int | None
    colour: str | None
    result: str

    @property
    def played(self) -> bool:
        """A game played over the board: it counts for rematches and colours."""
        return self.opponent is not None and self.result in PLAYED_RESULTS


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player with their pairing number for the round being paired.

    `history` has one record per finished round (round 1 first): a late joiner's missed
    rounds are byes ("H" / "Z", see `late_entry_history`). `entry_round` is the first round
    the player could be paired in (1 unless they joined late); the Baku acceleration needs it.
    """

    number: int
    name: str
    rating: int | None = None
    history: tuple[RoundRecord, ...] = ()
    entry_round: int = 1


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """Everything needed to pair round `round` of a `total_rounds`-round Swiss.

    - `absent`: pairing numbers not to pair this round (withdrawn, paused, away);
    - `half_point_byes`: players who asked for a half-point bye this round (not paired);
    - `forbidden_pairs`: pairs who must never meet (absolute);
    - `acceleration`: the Baku Acceleration Method (C.04.5.1), computed by us;
      `virtual_points` gives explicit virtual points instead (pairing number -> points per
      round, round 1 first), and wins over `acceleration`.
    """

    players: tuple[PlayerEntry, ...]
    round: int
    total_rounds: int
    initial_colour: str = "white"
    absent: frozenset[int] = frozenset()
    half_point_byes: frozenset[int] = frozenset()
    forbidden_pairs: frozenset[tuple[int, int]] = frozenset()
    acceleration: bool = False
    virtual_points: Mapping[int, tuple[Decimal, ...]] | None = None

    @property
    def unpaired(self) -> frozenset[int]:
        """Players kept out of this round (absent or on a requested half-point bye)."""
        return self.absent | self.half_point_byes

    @property
    def present(self) -> tuple[int, ...]:
        """Pairing numbers to pair this round, in pairing-number order."""
        out = self.unpaired
        return tuple(sorted(p.number for p in self.players if p.number not in out))


@dataclass(frozen=True, slots=True)
class Board:
    """One board of the answer: pairing numbers of the white and the black player."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class Timings:
    """Where the time of one `pair_round` went, in seconds (for logs and the benchmark)."""

    trf: float = 0.0  # building and writing the TRF
    engine: float = 0.0  # the engine subprocess, start to exit
    parse: float = 0.0  # reading the engine's answer
    validation: float = 0.0  # checking the answer


@dataclass(frozen=True, slots=True)
class Pairing:
    """A validated pairing: boards in engine order, the pairing-bye player, and diagnostics."""

    boards: tuple[Board, ...]
    bye: int | None
    engine: str
    trf: str = field(repr=False)  # the TRF text the engine was given
    timings: Timings = field(default_factory=Timings, compare=False)


def late_entry_history(missed_rounds: int) -> tuple[RoundRecord, ...]:
    """A late joiner's records for the rounds they missed: one half-point bye, then zeros.

    Arbiter's rule (docs/swiss-rules.md): "H" for the first missed round, "Z" for the others.
    """
    if missed_rounds <= 0:
        return ()
    return (RoundRecord(None, None, "H"),) + (RoundRecord(None, None, "Z"),) * (missed_rounds - 1)
