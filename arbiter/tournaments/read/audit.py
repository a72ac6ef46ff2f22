"""The audit log of an event, newest first (docs/audit.md)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Protocol

from django.db.models import QuerySet

from arbiter.common.text import csv_safe
from arbiter.tournaments.models import AuditEntry, SwissTournament

CSV_COLUMNS = ("at", "actor", "action", "subject", "before", "after")


class AuditRow(Protocol):
    """An entry of either kind of event's log (`AuditEntry`, teamswiss' `TeamAuditEntry`)."""

    at: datetime
    actor_name: str
    action: str
    subject: str
    before: Any
    after: Any


def audit_list(*, tournament: SwissTournament, action: str | None = None) -> QuerySet[AuditEntry]:
    qs = AuditEntry.objects.filter(tournament=tournament)
    if action:
        qs = qs.filter(action=action)
    return qs.order_by("-at", "-id")


def _cell(value: object) -> str:
    if value is None:
        return ""
    return csv_safe(json.dumps(value, ensure_ascii=False, sort_keys=True))


# A cell a spreadsheet would read as a formula is quoted (CSV injection).
_text = csv_safe


def audit_entries_csv(*, entries: Iterable[AuditRow]) -> str:
    """`entries` as CSV, in the order given; before and after as JSON text. Both kinds of
    event write their log with it."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for entry in entries:
        writer.writerow(
            [
                entry.at.isoformat(),
                _text(entry.actor_name),
                entry.action,
                _text(entry.subject),
                _cell(entry.before),
                _cell(entry.after),
            ]
        )
    return out.getvalue()


def audit_csv(*, tournament: SwissTournament) -> str:
    """The whole log as CSV, oldest first (the order it happened in)."""
    return audit_entries_csv(entries=audit_list(tournament=tournament).reverse())
