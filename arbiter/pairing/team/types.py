"""The answer of a team pairing: matches in the engine's table order, the bye, diagnostics."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.pairing.request import Timings


@dataclass(frozen=True, slots=True)
class TeamBoardPair:
    """One match of the round: `white` has White on board 1 (C.04.6 art. 1.6), both TPNs."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """A validated team pairing. `bye`: the team given the pairing-allocated bye, or None;
    `trf`: the exact text the engine read; `timings`: TRF, engine, parse, validation seconds."""

    matches: tuple[TeamBoardPair, ...]
    bye: int | None
    engine: str
    trf: str
    timings: Timings
