"""The FIDE rating report of a team event (docs/rating-report.md, "Team events"): the
individual event's report (`arbiter.tournaments.read.rating_report`) on the team TRF-2026 the
export writes, each finding mapped to the squad player to edit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from arbiter.teams.permissions import team_leader_required
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer
from arbiter.teamswiss.read.trf_export import event_trf_model
from arbiter.tournaments.read.rating_report import EventRatingReport, file_rating_report
from arbiter.users.models import User


@dataclass(frozen=True, slots=True)
class ReportedEvent:
    """The team event as the report's answer shows an event: played over the board."""

    id: int
    name: str
    status: str
    venue: str
    federation: str
    chief_arbiter_name: str
    chief_arbiter_fide_id: str
    deputy_arbiters: list[Any]
    mode: str = "otb"


def team_rating_report(*, event: TeamSwissEvent, user: User) -> EventRatingReport[TeamSwissPlayer]:
    """The report on the file a leader downloads now; only the event's leaders read it (it
    is theirs to sign and send)."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=event.host_id, user=user, action=gettext("see the rating report"))
    trf = event_trf_model(event=event)
    shown = ReportedEvent(
        id=event.id,
        name=event.name,
        status=event.status,
        venue=event.venue,
        federation=event.federation,
        chief_arbiter_name=event.chief_arbiter_name,
        chief_arbiter_fide_id=event.chief_arbiter_fide_id,
        deputy_arbiters=list(event.deputy_arbiters or []),
    )
    return file_rating_report(event=shown, file=trf.file, entry_of=trf.player_of)
