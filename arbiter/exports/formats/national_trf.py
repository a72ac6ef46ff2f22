"""A national rating report as FIDE's TRF-2026 with National Rating Support records.

TRF-2026 (FIDE Handbook C.04 Annex 2, Version 2026) lets one file carry a national rating
system beside FIDE's: tag 172 names the federation and how the starting ranks were set,
and one record per player, coded with the federation's three letters instead of 001, gives
that player's national number, rating, origin and classification in the 001 record's
columns. The event's own TRF (arbiter.tournaments.read.trf_export) is written as it is,
with those records added, so the same file goes to the federation's rating officer for the
national list and, unchanged, to FIDE.
"""

from __future__ import annotations

from typing import Final

from arbiter.exports.formats.base import (
    ExportEvent,
    ExportFile,
    FederationExport,
    FieldSpec,
    Problem,
)
from arbiter.trf import columns
from arbiter.trf.formats import to_format
from arbiter.trf.i18n import gettext, gettext_noop
from arbiter.trf.writer import write_trf

# Tag 172's ranking methods (TRF-2026): how the starting ranks were set.
RANKING_METHODS: Final = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")

FEDERATION = FieldSpec(
    "federation",
    gettext_noop(
        "the federation whose national rating the report is for, its FIDE code (e.g. ENG)"
    ),
    required=True,
    max_length=3,
    # XX? are the pairing engines' records, not a federation's.
    pattern=r"(?!XX)[A-Z]{3}",
    pattern_help=gettext_noop("A FIDE federation code is three capital letters (ENG, NOR, USA)."),
)
RANKING_METHOD = FieldSpec(
    "ranking_method",
    gettext_noop(
        "how the starting ranks were set (tag 172): FIDE, NRO (national rating only), FIDON, "
        "NIDOF, HBFN, LBFN or OTHER; OTHER if blank"
    ),
    choices=RANKING_METHODS,
    default="OTHER",
)
NATIONAL_ID = FieldSpec(
    "national_id",
    gettext_noop("the player's number in the national rating list (columns 58-68)"),
    max_length=11,
    pattern=r"[A-Za-z0-9]+",
    pattern_help=gettext_noop("Letters and digits only, at most 11."),
)
NATIONAL_RATING = FieldSpec(
    "national_rating",
    gettext_noop("the player's national rating (columns 49-52); none if blank"),
    kind="integer",
    minimum=1,
    maximum=9999,
)
ORIGIN = FieldSpec(
    "origin",
    gettext_noop("the player's region, state or club code in the national list (columns 54-56)"),
    max_length=3,
    pattern=r"[A-Za-z0-9]+",
    pattern_help=gettext_noop("Letters and digits only, at most 3."),
)
CLASSIFICATION = FieldSpec(
    "classification",
    gettext_noop("the player's national title or class (columns 11-13)"),
    max_length=3,
    pattern=r"[A-Za-z0-9]+",
    pattern_help=gettext_noop("Letters and digits only, at most 3."),
)


def nrs_line(code: str, start_number: int, values: dict[str, object]) -> str:
    """One National Rating Support record: the 001 record's static columns with the national
    data; sex, name and birth date stay blank (TRF-2026: optional when they are the 001's)."""
    line = [" "] * columns.BIRTH_DATE[1]

    def put(span: tuple[int, int], text: str, *, right: bool = False) -> None:
        width = span[1] - span[0]
        cell = text.rjust(width) if right else text.ljust(width)
        line[span[0] : span[1]] = list(cell[:width])

    line[0:3] = list(code)
    put(columns.START_NUMBER, str(start_number), right=True)
    put(columns.TITLE, str(values.get(CLASSIFICATION.name) or ""), right=True)
    rating = values.get(NATIONAL_RATING.name)
    put(columns.RATING, str(rating) if rating else "", right=True)
    put(columns.FEDERATION, str(values.get(ORIGIN.name) or ""))
    put(columns.FIDE_ID, str(values.get(NATIONAL_ID.name) or ""), right=True)
    return "".join(line).rstrip()


class NationalTrfExport(FederationExport):
    code = "national-trf"
    name = gettext_noop("National rating (TRF-2026)")
    summary = gettext_noop(
        "FIDE's TRF-2026 with a National Rating Support record per player (national number "
        "and rating) and tag 172, for a federation's rating officer."
    )
    file_names = ("<event>-<federation>.trf",)
    download_type = "text/plain"
    event_fields = (FEDERATION, RANKING_METHOD)
    entry_fields = (NATIONAL_ID, NATIONAL_RATING, ORIGIN, CLASSIFICATION)

    def checks(self, event: ExportEvent) -> list[Problem]:
        """Each player of the federation (by the 001 record; or of no stated federation) needs
        a national number; a visitor from elsewhere may have none."""
        federation = str(event.value(FEDERATION))
        problems = []
        for player in event.trf.players:
            home = player.federation in ("", federation)
            if home and not event.entry_value(player.start_number, NATIONAL_ID):
                problems.append(
                    Problem(NATIONAL_ID.name, NATIONAL_ID.required_problem(), player.start_number)
                )
        if not event.trf.players:
            problems.append(Problem("results", gettext("The event has no players.")))
        return problems

    def write(self, event: ExportEvent) -> list[ExportFile]:
        federation = str(event.value(FEDERATION))
        report = to_format(event.trf, "trf26")
        report.header["172"] = f"{federation} {event.value(RANKING_METHOD)}"
        for player in sorted(report.players, key=lambda p: p.start_number):
            values = event.entry_values.get(player.start_number, {})
            if values.get(NATIONAL_ID.name) or values.get(NATIONAL_RATING.name):
                report.other_records.append(nrs_line(federation, player.start_number, values))
        text = write_trf(report)
        name = f"{event.file_stem}-{federation.lower()}.trf"
        return [ExportFile(name, text.encode("utf-8"), "text/plain; charset=utf-8")]
