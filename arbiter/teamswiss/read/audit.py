"""A team event's audit log, newest first; written as CSV by the individual events' writer
(docs/audit.md)."""

from __future__ import annotations

from django.db.models import QuerySet

from arbiter.teamswiss.models import TeamAuditEntry, TeamSwissEvent
from arbiter.tournaments.read.audit import audit_entries_csv


def team_audit_list(
    *, event: TeamSwissEvent, action: str | None = None
) -> QuerySet[TeamAuditEntry]:
    entries = TeamAuditEntry.objects.filter(event=event)
    if action:
        entries = entries.filter(action=action)
    return entries.order_by("-at", "-id")


def team_audit_csv(*, event: TeamSwissEvent) -> str:
    """The whole log as CSV, oldest first."""
    return audit_entries_csv(entries=team_audit_list(event=event).reverse())
