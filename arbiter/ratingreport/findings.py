"""What the rating report found: one `Finding` per thing the rating officer or FIDE's rating
server would bounce or query, and the report as a whole."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

Severity = Literal["error", "warning"]
ERROR: Final = "error"
WARNING: Final = "warning"

# The stable codes of `Finding.field` (a page can point at the data to edit from them).
FIELDS: Final = (
    "fide_id",
    "federation",
    "birth_date",
    "sex",
    "title",
    "time_control",
    "game",
    "chief_arbiter",
    "deputy_arbiter",
    "round_dates",
    "place",
    "event_federation",
    "event_dates",
    "counts",
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing to fix (`severity` "error": the rating server or officer rejects it) or to
    look at ("warning"). `start_number` is None for a finding about the event as a whole."""

    start_number: int | None
    player: str
    field: str
    message: str
    rule: str
    severity: Severity

    def __str__(self) -> str:
        where = "event" if self.start_number is None else f"{self.start_number} {self.player}"
        return f"{self.severity}: {where}: [{self.field}] {self.message} ({self.rule})"


@dataclass(slots=True)
class RatingReport:
    """The findings (event first, then by start number) and, per start number, how many of
    the player's games FIDE will rate (`rated_games`)."""

    findings: list[Finding] = field(default_factory=list)
    rated_games: dict[int, int] = field(default_factory=dict)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def clean(self) -> bool:
        """Nothing the rating officer would send back (warnings allowed)."""
        return not self.errors

    def text(self) -> str:
        """The report as the CLI prints it: a line per finding, then a summary line."""
        lines = [str(f) for f in self.findings]
        errors, warnings = len(self.errors), len(self.warnings)
        rated = sum(self.rated_games.values()) // 2
        summary = f"{errors} errors, {warnings} warnings; {rated} rated games"
        lines.append(("clean: " if self.clean else "not clean: ") + summary)
        return "\n".join(lines) + "\n"
