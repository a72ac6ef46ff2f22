"""The FIDE rating report of an event (docs/rating-report.md, "In the web app"): the checks of
`arbiter.ratingreport` run on the very TRF-2026 model the export writes, each finding mapped
back to the entry it is about, so that a leader can correct the entry from the report."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from django.utils.translation import gettext

from arbiter.ratingreport import Finding, rating_report
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.read.trf_export import trf_start_numbers, trf_tournament
from arbiter.trf.formats import to_format
from arbiter.trf.model import Tournament
from arbiter.users.models import User


class ReportEntry(Protocol):
    """What the report reads of an entry (an individual event's or a team event's player)."""

    id: Any
    rating_kind: Any
    user: Any  # a User or None


E = TypeVar("E", bound=ReportEntry)


@dataclass(frozen=True, slots=True)
class EntryFinding(Generic[E]):
    """A finding, with the entry it is about (None: about the event as a whole)."""

    finding: Finding
    entry: E | None

    @property
    def entry_id(self) -> int | None:
        return None if self.entry is None else self.entry.id


@dataclass(frozen=True, slots=True)
class EntryRow(Generic[E]):
    """An entry as the report's file writes it: its start number and FIDE data, and how many
    of its games FIDE will rate."""

    entry: E
    start_number: int
    rated_games: int

    @property
    def username(self) -> str | None:
        return None if self.entry.user is None else self.entry.user.username


@dataclass(frozen=True, slots=True)
class EventRatingReport(Generic[E]):
    """`tournament`: the event as the report's answer shows it (a team event's facts read as
    an individual event's)."""

    tournament: Any
    clean: bool
    findings: list[EntryFinding[E]]
    players: list[EntryRow[E]]

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.finding.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.finding.severity == "warning")

    @property
    def rated_games(self) -> int:
        """Games FIDE will rate: each counted once, not once per player."""
        return sum(row.rated_games for row in self.players) // 2


def rating_report_reader_check(*, tournament: SwissTournament, user: User) -> None:
    """Only the event's leaders read its rating report (it is theirs to sign and send)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("see the rating report"),
    )


def _fide_ratings_only(file: Tournament, entry_of: Mapping[int, ReportEntry]) -> Tournament:
    """The file as FIDE's rating server reads it: the export writes every entry's rating (the
    pairing order needs them), but only a FIDE rating makes a player rated for FIDE; a
    national or arbiter-given rating leaves the player new to the list, whose birth year and
    sex are then required and whose games count as an unrated player's."""
    for player in file.players:
        entry = entry_of.get(player.start_number)
        if entry is not None and entry.rating_kind != "fide":
            player.rating = None
    return file


def file_rating_report(
    *, event: Any, file: Tournament, entry_of: Mapping[int, E]
) -> EventRatingReport[E]:
    """The checks on an event's TRF-2026 model, each finding mapped to the entry to edit by
    its start number (`entry_of`): one mapping for the individual and the team event."""
    report = rating_report(_fide_ratings_only(file, entry_of))
    findings = [
        EntryFinding(f, None if f.start_number is None else entry_of.get(f.start_number))
        for f in report.findings
    ]
    players = [
        EntryRow(entry, number, report.rated_games.get(number, 0))
        for number, entry in sorted(entry_of.items())
    ]
    return EventRatingReport(event, report.clean, findings, players)


def event_rating_report(
    *, tournament: SwissTournament, user: User
) -> EventRatingReport[SwissParticipant]:
    """The report on the file a leader downloads as TRF-2026 now."""
    rating_report_reader_check(tournament=tournament, user=user)
    state = event_state(tournament=tournament)
    entry_of = {number: state.participants[pid] for pid, number in trf_start_numbers(state).items()}
    file = to_format(trf_tournament(state), "trf26")
    return file_rating_report(event=tournament, file=file, entry_of=entry_of)
