"""The interface every federation's export implements, and the data it is given.

A plugin says what it needs from the organiser (`event_fields`, `entry_fields`), what is
still missing for an event (`missing`), and writes the files (`export`), which refuses while
anything is missing: a federation never gets a file with holes in it.

A plugin's words for people (its name and summary, a field's `help` and `pattern_help`) are
English marked with `gettext_noop`: the schema shows them as they are, and an answer says
them in the reader's language (`gettext(spec.help)`). The files keep the formats' own words.
"""

from __future__ import annotations

import io
import re
import unicodedata
import zipfile
from abc import ABC, abstractmethod
from dataclasses import KW_ONLY, dataclass, field
from datetime import date
from typing import Final, Literal

from arbiter.trf.i18n import gettext
from arbiter.trf.model import Tournament

FieldKind = Literal["text", "integer", "list"]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One value the organiser enters for a federation (an ID, a code, a place).

    Text is stored as given ("" = not given), an integer as a number or None, a list as a
    list of texts. `required` means the export needs it; the value may still be saved blank
    while the organiser collects the rest. `pattern` is matched against the whole value (each
    item of a list), `pattern_help` says in words what it asks for."""

    name: str
    help: str
    _: KW_ONLY
    kind: FieldKind = "text"
    required: bool = False
    max_length: int = 0
    pattern: str = ""
    pattern_help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    max_items: int = 0
    default: str = ""

    def problem(self, value: object) -> str | None:
        """Why a given value is not acceptable for this field, or None (blank is acceptable:
        whether it is required is `missing`'s business)."""
        if self.kind == "integer":
            return self._integer_problem(value)
        if self.kind == "list":
            if not isinstance(value, list):
                return gettext("Not a list.")
            if self.max_items and len(value) > self.max_items:
                return gettext("At most %(count)s values.") % {"count": self.max_items}
            for index, item in enumerate(value):
                problem = self._text_problem(item, allow_blank=False)
                if problem is not None:
                    return gettext("%(index)s: %(problem)s") % {"index": index, "problem": problem}
            return None
        return self._text_problem(value, allow_blank=True)

    def _integer_problem(self, value: object) -> str | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            return gettext("Not a whole number.")
        if not self.minimum <= value <= self.maximum:
            return gettext("Must be from %(minimum)s to %(maximum)s.") % {
                "minimum": self.minimum,
                "maximum": self.maximum,
            }
        return None

    def _text_problem(self, value: object, *, allow_blank: bool) -> str | None:
        if not isinstance(value, str):
            return gettext("Not a text.")
        if value == "":
            return None if allow_blank else gettext("Must not be blank.")
        if self.max_length and len(value) > self.max_length:
            return gettext("At most %(count)s characters.") % {"count": self.max_length}
        if self.choices and value not in self.choices:
            return gettext("One of: %(choices)s.") % {
                "choices": ", ".join(c for c in self.choices if c)
            }
        if self.pattern and re.fullmatch(self.pattern, value) is None:
            return (
                gettext(self.pattern_help)
                if self.pattern_help
                else gettext("Not in the expected form.")
            )
        return None

    def required_problem(self) -> str:
        """The words of a required value not given: what the field is."""
        return gettext("Required: %(field)s") % {"field": gettext(self.help)}

    def blank(self, value: object) -> bool:
        return value is None or value == "" or value == []


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the organiser must fix before the export: a field of the event's data
    (`start_number` None) or of one player's (that player's start number in the event)."""

    field: str
    message: str
    start_number: int | None = None


@dataclass(frozen=True, slots=True)
class ExportFile:
    name: str
    data: bytes
    content_type: str


@dataclass(slots=True)
class ExportEvent:
    """A finished (or running) event as a federation's export sees it.

    `trf` is the event as FIDE's TRF model (arbiter.trf.model): players by start number,
    their round-by-round results. `values` are the event's data for this federation (by
    `FieldSpec.name`), `entry_values` each player's, by start number. `file_stem` is the
    event's name as a file name (`spring-open`). Plugins read it and never change it (one
    event is given to every plugin: a plugin that adds records works on a copy)."""

    name: str
    file_stem: str
    start_date: date
    end_date: date
    clock_limit_seconds: int
    clock_increment_seconds: int
    finished: bool
    trf: Tournament
    values: dict[str, object] = field(default_factory=dict)
    entry_values: dict[int, dict[str, object]] = field(default_factory=dict)

    def value(self, spec: FieldSpec) -> object:
        """The event's value of `spec`, or its default when not given."""
        given = self.values.get(spec.name)
        if spec.blank(given):
            return [] if spec.kind == "list" else (None if spec.kind == "integer" else spec.default)
        return given

    def entry_value(self, start_number: int, spec: FieldSpec) -> object:
        given = self.entry_values.get(start_number, {}).get(spec.name)
        if spec.blank(given):
            return [] if spec.kind == "list" else (None if spec.kind == "integer" else spec.default)
        return given


class ExportIncomplete(Exception):
    """The export was asked for while something it needs is missing."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s) before the export")
        self.problems = problems


class FederationExport(ABC):
    """One federation's rating report. Subclasses set the class attributes and write the
    files; `export` is the only way to them, and refuses while `missing` finds anything."""

    code: str  # the path segment and key: "us-chess"
    name: str  # "US Chess"
    summary: str  # one line on what the files are
    file_names: tuple[str, ...]  # what the download holds
    download_type: str = "application/zip"  # its media type (one file: that file's)
    event_fields: tuple[FieldSpec, ...] = ()
    entry_fields: tuple[FieldSpec, ...] = ()

    def missing(self, event: ExportEvent) -> list[Problem]:
        """Everything the organiser must still enter or correct: required values not given,
        given values the stored data no longer fits (a rule changed), then the federation's
        own checks (`checks`)."""
        problems = []
        for spec in self.event_fields:
            given = event.values.get(spec.name)
            if spec.required and spec.blank(given) and not spec.default:
                problems.append(Problem(spec.name, spec.required_problem()))
            elif not spec.blank(given) and (found := spec.problem(given)) is not None:
                problems.append(Problem(spec.name, found))
        for player in event.trf.players:
            given_values = event.entry_values.get(player.start_number, {})
            for spec in self.entry_fields:
                given = given_values.get(spec.name)
                if not spec.blank(given) and (found := spec.problem(given)) is not None:
                    problems.append(Problem(spec.name, found, player.start_number))
        return problems + self.checks(event)

    def checks(self, event: ExportEvent) -> list[Problem]:
        """The federation's own rules on top of the fields' (a player's ID required, a name
        the file can hold)."""
        return []

    def export(self, event: ExportEvent) -> list[ExportFile]:
        problems = self.missing(event)
        if problems:
            raise ExportIncomplete(problems)
        return self.write(event)

    @abstractmethod
    def write(self, event: ExportEvent) -> list[ExportFile]:
        """The files, from an event `missing` found complete."""

    def download(self, event: ExportEvent) -> ExportFile:
        """What one download serves: the file, or the files in one ZIP archive."""
        files = self.export(event)
        if len(files) == 1:
            return files[0]
        return ExportFile(f"{event.file_stem}-{self.code}.zip", zip_bytes(files), "application/zip")


def zip_bytes(files: list[ExportFile]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for file in files:
            archive.writestr(file.name, file.data)
    return buffer.getvalue()


# Letters that NFKD does not take apart into a base letter and an accent.
_ASCII_LETTERS: Final = {
    "ø": "o",
    "Ø": "O",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "ß": "ss",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "þ": "th",
    "Þ": "TH",
    "ð": "d",
    "Ð": "D",
    "\u0131": "i",  # dotless i
}


def ascii_text(text: str) -> str | None:
    """`text` in printable ASCII with its accents dropped (`Ødegård` -> `Odegard`), runs of
    spaces as one; None when a letter has no ASCII form (a Cyrillic name), which only the
    organiser can spell."""
    folded = unicodedata.normalize("NFKD", "".join(_ASCII_LETTERS.get(c, c) for c in text))
    kept = "".join(c for c in folded if not unicodedata.combining(c))
    if any(not (" " <= c <= "~") for c in kept):
        return None
    return " ".join(kept.split())
