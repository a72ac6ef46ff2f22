"""The audit log: every arbiter's or leader's action on an event, with who, when, on what,
and the state before and after (docs/audit.md)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import AuditEntry, SwissTournament
from arbiter.users.models import User

# The actions recorded today, in individual and team events alike (docs/audit.md lists what
# each records). A new action is a new name here, one `audit_record` (or `team_audit_record`)
# call in its service, and its sentence in the browser
# (frontend/src/features/swiss-arbiter/types/audit-sentences.ts, after `make api-types`).
AUDIT_ACTIONS = (
    "result.set",
    "result.corrected",
    "pairing.edited",
    "round.started",
    "round.scheduled",
    "player.paused",
    "player.reinstated",
    "player.removed",
    "ban.lifted",
    "forbidden.added",
    "forbidden.removed",
    "forbidden.replaced",
    "event.edited",
    "event.cancelled",
    "registered.added",
    "registered.edited",
    "entry.edited",
    "claim.approved",
    "claim.rejected",
    "link.offered",
    "prizes.edited",
    "player.disqualified",
    "player.checked_in",
    "player.checkin_paused",
    "player.team_set",
    "cohost.invited",
    "cohost.accepted",
    "cohost.declined",
    "cohost.removed",
    "export.data_set",
    # The arbiter inside an online game (games.services.arbitration, via `game_arbitrated`).
    "game.paused",
    "game.resumed",
    "game.time_added",
    "game.takeback",
    "game.adjudicated",
    "call.closed",
)


def audit_record(
    *,
    tournament: SwissTournament,
    actor: User | None,
    action: str,
    subject: str = "",
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Record one action, inside the caller's transaction (so a refused or rolled-back action
    leaves no entry). `before` / `after`: JSON-able values (dates and decimals allowed) of what
    changed, None where nothing was there; `actor` None is the server itself."""
    return AuditEntry.objects.create(
        tournament=tournament,
        **audit_fields(actor=actor, action=action, subject=subject, before=before, after=after),
    )


def audit_fields(
    *, actor: User | None, action: str, subject: str, before: Any, after: Any
) -> dict[str, Any]:
    """An entry's fields but its event, for either kind of event's log (team events record
    theirs in `teamswiss.services.audit`): one list of codes, one way to name the actor."""
    if action not in AUDIT_ACTIONS:
        raise ValueError(f"unknown audit action {action!r}")
    return {
        "actor": actor,
        "actor_name": actor.username if actor is not None else "",
        "action": action,
        "subject": subject[:200],
        "before": before,
        "after": after,
    }


def audit_reader_check(*, tournament: SwissTournament, user: User) -> None:
    """Only the event's leaders read its audit log."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("see the audit log"))
