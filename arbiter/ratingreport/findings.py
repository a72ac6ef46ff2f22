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
    the player's games FIDE will rate (`rated_games`) and the player's name (`names`)."""

    findings: list[Finding] = field(default_factory=list)
    rated_games: dict[int, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)

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
        """The report as the CLI prints it: a line per finding, each player's rated games,
        then a summary line."""
        lines = [_one_line(str(f)) for f in self.findings]
        if self.rated_games:
            lines.append("rated games per player:")
            width = max(len(str(n)) for n in self.rated_games)
            for number in sorted(self.rated_games):
                name = self.names.get(number, "")
                lines.append(_one_line(f"  {number:>{width}} {name}: {self.rated_games[number]}"))
        errors, warnings = len(self.errors), len(self.warnings)
        summary = f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
        lines.append(("clean: " if self.clean else "not clean: ") + summary)
        return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    """A name or value read from a file may hold control characters (a line break in
    Latin-1): one printed line each."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
