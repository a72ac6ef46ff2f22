"""The known, cited differences between our team path and gacrux (one table, in the docs).

Each entry names the row of the table "Known differences" in docs/team-swiss.md that
explains it. A difference that no entry matches fails. The table is empty: none is known.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tests.differential.team_oracle import Difference


@dataclass(frozen=True)
class Known:
    name: str  # as written in the docs' table
    matches: Callable[[Difference], bool]


KNOWN: tuple[Known, ...] = ()


def classify(difference: Difference) -> Known | None:
    return next((known for known in KNOWN if known.matches(difference)), None)
