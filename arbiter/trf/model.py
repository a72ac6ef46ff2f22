"""Plain data model of a FIDE TRF file (TRF-16, TRF-2026 and the pairing-engine extensions).

This module is the contract shared by the reader/writer (`arbiter.trf.reader`,
`arbiter.trf.writer`), the tiebreak conversion and the pairing engine. It holds data
only: no parsing, no validation, no Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from arbiter.trf.errors import TrfWarning

# Result codes of a round block (TRF-16, field 3 of each 10-column block).
# With an opponent: 1 = win, 0 = loss, = = draw, + / - = forfeit win / loss,
# W / D / L = win / draw / loss "not rated" (counted like 1 / = / 0 here).
# Without an opponent (0000): H = half-point bye, F = full-point bye, U = pairing-allocated
# bye, Z = zero-point bye, - = absent (zero), + = forfeit win with no opponent named,
# blank = not played / not paired.
GAME_CODES: Final = frozenset("10=+-WDL")
UNPAIRED_CODES: Final = frozenset("HFUZ-+ ")
RESULT_CODES: Final = frozenset("10=+-WDLHFUZ ")
COLOURS: Final = frozenset("wb-")
# Results of a game played over the board (rated or not): such a game has colour w or b.
PLAYED_CODES: Final = frozenset("10=WDL")
# The words of an XXC record.
XXC_TOKENS: Final = frozenset({"white1", "black1", "rank"})


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's 10-column block for one round.

    `opponent` is the opponent's start number, or None for `0000` / blank (unpaired).
    `colour` is "w", "b" or "-"; `result` is one of RESULT_CODES (" " = no result yet).
    """

    opponent: int | None
    colour: str
    result: str

    @property
    def is_game(self) -> bool:
        """Paired against an opponent (played over the board or forfeited)."""
        return self.opponent is not None


@dataclass(slots=True)
class PlayerRecord:
    """A `001` line."""

    start_number: int
    name: str
    sex: str = ""  # "m", "w" or ""
    title: str = ""  # GM, IM, WGM, FM, WFM, CM, WCM, WIM or ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""  # as written: "YYYY/MM/DD", "YYYY" or ""
    points: Decimal = Decimal(0)
    rank: int | None = None
    rounds: list[RoundEntry] = field(default_factory=list)


@dataclass(slots=True)
class Tournament:
    """A whole TRF file.

    `header` maps record codes ("012", "022", "032", "042", "052", "062", "072", "082",
    "092", "102", "112", "122") to their text (column 5 onwards, right spaces stripped).
    `round_dates` is the 132 record: one date string per round ("" where unknown).
    `players` are kept in file order (writers sort by start number).
    Extension records (pairing engines):
    - `total_rounds` (XXR), `initial_colour` (XXC: "white1" or "black1", possibly with a
      variant suffix kept verbatim in `initial_colour`),
    - `forbidden_pairs` (XXP: pairs of start numbers, stored as written),
    - `accelerations` (XXA: start number -> virtual points per round, round 1 first),
    - `point_values` (XXS: code -> value, e.g. {"W": Decimal("1"), "BW": Decimal("1")}),
    - `bye_records` (240), `acceleration_records` (250), `forbidden_records` (260):
      the newer 2025 records, kept as lists of raw field tuples; `team_records` (310, TRF-2026
      teams: number, name, nickname, strength, match points, game points, rank, players...).
    TRF-2026 tags (142 rounds, 152 colour, 162 points, 202/212 tie-breaks, ...) stay in
    `header` as written; `arbiter.trf.facts` reads their meaning together with the XX records.
    `abnormal_records` (299, TRF-2026 abnormal assignment points: type, match points, game
    points, round, players...; stripped); `arbiter.trf.facts.bonus_points` reads the bonus and
    penalty points among them.
    `other_records` keeps any unrecognised line verbatim (code and text) so a file can be
    re-written without loss.
    `warnings` are what the reader read with a tolerance (line, column, message); they are not
    part of the model's value (`==` ignores them).
    `blank_unpaired`: the writer leaves a round block with no opponent and no result
    (`0000 -` blank, "not paired") as ten blanks instead of `0000 -`. A team event's file
    wants it (gacrux reads a `0000 -` block as a zero-point bye game of the player and adds
    it to the team's match: arbiter.trf.team_trf); the reader reads both forms as the same
    entry, so it is not part of the model's value either.
    """

    header: dict[str, str] = field(default_factory=dict)
    round_dates: list[str] = field(default_factory=list)
    players: list[PlayerRecord] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: str | None = None
    forbidden_pairs: list[tuple[int, int]] = field(default_factory=list)
    accelerations: dict[int, list[Decimal]] = field(default_factory=dict)
    point_values: dict[str, Decimal] = field(default_factory=dict)
    bye_records: list[tuple[str, ...]] = field(default_factory=list)
    acceleration_records: list[tuple[str, ...]] = field(default_factory=list)
    forbidden_records: list[tuple[str, ...]] = field(default_factory=list)
    team_records: list[tuple[str, ...]] = field(default_factory=list)
    abnormal_records: list[tuple[str, ...]] = field(default_factory=list)
    other_records: list[str] = field(default_factory=list)
    warnings: list[TrfWarning] = field(default_factory=list, compare=False)
    blank_unpaired: bool = field(default=False, compare=False)

    @property
    def rounds_played(self) -> int:
        """The number of round columns in the file (the longest player line)."""
        return max((len(p.rounds) for p in self.players), default=0)
