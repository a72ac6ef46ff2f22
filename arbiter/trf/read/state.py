"""What the reader has read so far, and where: the record readers fill a `ReadState`, and the
whole-file checks read it to name the line and column of a fault they find."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from arbiter.trf.errors import TrfError, TrfWarning
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import Tournament


@dataclass
class PlayerWhere:
    """Where each piece of a 001 line was read."""

    line: int
    # per round: 1-based column of the block's opponent field
    blocks: list[int] = field(default_factory=list)
    points_blank: bool = False


class PlayerRef(NamedTuple):
    """A start number named by XXP, 240, 260, 299 or 310 (XXA's are in `xxa_where`)."""

    number: int
    line: int
    column: int
    code: str


class ByeRef(NamedTuple):
    """A player's bye announced by a 240 record, to compare with their 001 line."""

    number: int
    round_no: int
    bye_type: str
    line: int
    column: int


@dataclass
class ReadState:
    """The `Tournament` being read, and where its pieces were read."""

    t: Tournament = field(default_factory=Tournament)
    where: dict[int, PlayerWhere] = field(default_factory=dict)  # by start number
    record_line: dict[str, int] = field(default_factory=dict)  # single-occurrence records
    xxa_where: dict[int, tuple[int, int]] = field(default_factory=dict)  # no -> (line, col)
    player_refs: list[PlayerRef] = field(default_factory=list)
    bye_refs: list[ByeRef] = field(default_factory=list)
    unapplied_299: bool = False  # a 299 line kept verbatim (its points are not known)

    def warn(self, line: int, column: int, message: str) -> None:
        self.t.warnings.append(TrfWarning(line, column, message))

    def once(self, code: str, lineno: int) -> None:
        if code in self.record_line:
            first = self.record_line[code]
            raise TrfError(
                lineno,
                1,
                _("record %(code)s given twice (first on line %(first)s)")
                % {"code": code, "first": first},
            )
        self.record_line[code] = lineno
