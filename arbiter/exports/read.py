"""Reads for the exports: an event as a federation's export sees it (its TRF model, its
dates and clock, the federation data entered for it), and what is still missing."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils import timezone
from django.utils.text import slugify

from arbiter.exports.formats.base import ExportEvent, FederationExport, Problem
from arbiter.exports.models import FederationData, FederationEntryData
from arbiter.tournaments.models import SwissTournament, TournamentStatus
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.read.trf_export import trf_tournament


@dataclass(frozen=True, slots=True)
class EntryRow:
    """A player of the event as the federation data lists them."""

    entry_id: int
    start_number: int
    name: str
    rating: int | None
    federation: str
    fide_id: str
    values: dict[str, object]


@dataclass(frozen=True, slots=True)
class MissingRow:
    """A problem as the API shows it: the player named by entry id and name."""

    field: str
    message: str
    entry_id: int | None
    player: str


@dataclass(frozen=True, slots=True)
class EventExport:
    event: ExportEvent
    entries: list[EntryRow]

    def missing_rows(self, problems: list[Problem]) -> list[MissingRow]:
        by_number = {row.start_number: row for row in self.entries}
        rows = []
        for problem in problems:
            row = by_number.get(problem.start_number) if problem.start_number else None
            rows.append(
                MissingRow(
                    field=problem.field,
                    message=problem.message,
                    entry_id=row.entry_id if row else None,
                    player=row.name if row else "",
                )
            )
        return rows


def federation_data_get(*, tournament: SwissTournament, federation: str) -> FederationData | None:
    return FederationData.objects.filter(tournament=tournament, federation=federation).first()


def _file_stem(tournament: SwissTournament) -> str:
    """The event's name as a file name (accents dropped); `swiss-<id>` if nothing is left."""
    plain = unicodedata.normalize("NFKD", tournament.name).encode("ascii", "ignore").decode()
    return slugify(plain)[:60].strip("-") or f"swiss-{tournament.id}"


def event_exports(
    *, tournament: SwissTournament, plugins: tuple[FederationExport, ...]
) -> list[EventExport]:
    """The event, its players in start-number order (the TRF's), and what the organiser has
    entered for each plugin's federation: the event is read once for all of them."""
    state = event_state(tournament=tournament)
    trf = trf_tournament(state)
    order = state.pairing_order()
    numbers = {p.id: n for n, p in enumerate(order, start=1)}
    started = timezone.localdate(tournament.start_time)
    played = [r.started_at for r in state.rounds if r.started_at is not None]
    last = tournament.finished_at or (max(played) if played else None)
    ended = max(timezone.localdate(last), started) if last else started
    stored = {
        data.federation: data
        for data in FederationData.objects.filter(
            tournament=tournament, federation__in=[p.code for p in plugins]
        )
    }
    entry_values: dict[str, dict[int, dict[str, object]]] = {p.code: {} for p in plugins}
    for entry in FederationEntryData.objects.filter(data__in=stored.values()).select_related(
        "data"
    ):
        if entry.participant_id in numbers:
            values = entry_values[entry.data.federation]
            values[numbers[entry.participant_id]] = dict(entry.values)
    exports = []
    for plugin in plugins:
        data = stored.get(plugin.code)
        by_number = entry_values[plugin.code]
        entries = [
            EntryRow(
                entry_id=participant.id,
                start_number=numbers[participant.id],
                name=participant.name or participant.display_name,
                rating=participant.rating or None,
                federation=participant.federation,
                fide_id=participant.fide_id,
                values=by_number.get(numbers[participant.id], {}),
            )
            for participant in order
        ]
        event = ExportEvent(
            name=tournament.name,
            file_stem=_file_stem(tournament),
            start_date=started,
            end_date=ended,
            clock_limit_seconds=tournament.time_control.limit_seconds,
            clock_increment_seconds=tournament.time_control.increment_seconds,
            finished=tournament.status == TournamentStatus.FINISHED,
            trf=trf,  # shared: plugins read it (a write works on a copy, as to_format makes)
            values=dict(data.values) if data is not None else {},
            entry_values=by_number,
        )
        exports.append(EventExport(event=event, entries=entries))
    return exports


def event_export(*, tournament: SwissTournament, plugin: FederationExport) -> EventExport:
    return event_exports(tournament=tournament, plugins=(plugin,))[0]
