"""The known, cited differences between our path and gacrux (one table, in the docs).

Each entry names the row of the table in docs/pairing.md or docs/tiebreaks.md that cites its
source (the FIDE text or bbpPairings' behaviour). A difference that no entry matches fails.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tests.differential.oracle import Difference


@dataclass(frozen=True)
class Known:
    name: str  # as written in the docs' table
    doc: str  # the file whose table cites it
    matches: Callable[[Difference], bool]


KNOWN: tuple[Known, ...] = ()


def classify(difference: Difference) -> Known | None:
    return next((known for known in KNOWN if known.matches(difference)), None)
