"""What the checker found: one `Discrepancy` per difference, and the report's text."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from arbiter.trf.i18n import gettext as _
from arbiter.trf.i18n import ngettext


class CheckTimeLimit(Exception):
    """The file took longer than the time it was given: `done` of `rounds` rounds re-paired."""

    def __init__(self, done: int, rounds: int, budget: float) -> None:
        super().__init__(
            _(
                "the check stopped after %(done)s of %(rounds)s rounds: the %(budget)s s limit "
                "was reached (run python -m arbiter.checker check FILE for files this large)"
            )
            % {"done": done, "rounds": rounds, "budget": f"{budget:g}"}
        )
        self.done, self.rounds, self.budget = done, rounds, budget


def round_time_limit(
    *, timeout: float | None, budget: float | None, started: float, rnd: int, rounds: int
) -> float | None:
    """The engine's time for round `rnd`: `timeout`, cut to what is left of `budget` (seconds
    since `started`, a `time.monotonic()`); `CheckTimeLimit` once the budget is spent."""
    if budget is None:
        return timeout
    left = budget - (time.monotonic() - started)
    if left <= 0:
        raise CheckTimeLimit(rnd - 1, rounds, budget)
    return left if timeout is None else min(timeout, left)


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """`round` 0 and `board` 0 mean the whole file (final standings)."""

    round: int
    board: int
    rule: str  # "pairing", "colour", "bye", "rank", "engine"
    message: str

    def __str__(self) -> str:
        if self.round == 0:
            where = _("standings")
        elif self.board:
            where = _("round %(round)s, board %(board)s") % {
                "round": self.round,
                "board": self.board,
            }
        else:
            where = _("round %(round)s") % {"round": self.round}
        return _("%(where)s: [%(rule)s] %(message)s") % {
            "where": where,
            "rule": self.rule,
            "message": self.message,
        }


@dataclass(slots=True)
class Report:
    rounds_checked: int = 0
    tiebreaks: list[str] = field(default_factory=list)
    discrepancies: list[Discrepancy] = field(default_factory=list)
    # Read with a tolerance (the reader's `Tournament.warnings`, then tie-breaks left out).
    warnings: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.discrepancies

    def text(self) -> str:
        # The English says "rounds" and "discrepancies" for any count; other languages inflect.
        checked = ngettext(
            "%(count)s rounds re-paired", "%(count)s rounds re-paired", self.rounds_checked
        ) % {"count": self.rounds_checked}
        order = ", ".join(self.tiebreaks) if self.tiebreaks else _("none declared (202/212)")
        lines = [_("%(checked)s; tie-breaks: %(order)s") % {"checked": checked, "order": order}]
        lines += [_("warning: %(warning)s") % {"warning": w} for w in self.warnings]
        lines += [str(d) for d in self.discrepancies]
        count = len(self.discrepancies)
        verdict = (
            _("clean")
            if self.clean
            else ngettext("%(count)s discrepancies", "%(count)s discrepancies", count)
            % {"count": count}
        )
        return "\n".join([*lines, verdict]) + "\n"
