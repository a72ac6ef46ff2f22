"""The event as a TRF-2026 file with its team records (`arbiter.trf.team_trf`)."""

from __future__ import annotations

from django.utils.text import slugify

from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read.state import event_state
from arbiter.tiebreaks.team import team_standings
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf


def event_trf(*, event: TeamSwissEvent) -> str:
    """The 310 records carry the ranks of the standings the event page shows."""
    plain = event_state(event=event).event
    ranks = {row.tpn: row.rank for row in team_standings(plain)}
    return write_trf(team_event_to_trf(plain, ranks=ranks))


def trf_file_name(*, event: TeamSwissEvent) -> str:
    return f"{slugify(event.name) or 'team-swiss'}-{event.id}.trf"
