"""A team event's audit log: every arbiter's action on it, as individual events keep theirs
(`tournaments.services.audit`: the same action codes, the same fields; docs/audit.md)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from arbiter.common.audit_record import audit_subject
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import AnyUser
from arbiter.teamswiss.models import TeamAuditEntry, TeamSwissBoard, TeamSwissEvent
from arbiter.tournaments.services.audit import audit_fields
from arbiter.users.models import User


def team_audit_record(
    *,
    event: TeamSwissEvent,
    actor: User | None,
    action: str,
    subject: str = "",
    before: Any = None,
    after: Any = None,
) -> TeamAuditEntry:
    """Record one action, inside the caller's transaction (a refused or rolled-back action
    leaves no entry). `action` is one of `AUDIT_ACTIONS` (ValueError otherwise); `actor` None
    is the server itself."""
    return TeamAuditEntry.objects.create(
        event=event,
        **audit_fields(actor=actor, action=action, subject=subject, before=before, after=after),
    )


def team_audit_reader_check(*, event: TeamSwissEvent, user: AnyUser) -> None:
    """Only the host team's leaders (the event's arbiters) read its audit log."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=event.host_id, user=user, action=gettext("see the audit log"))


def board_subject(*, number: int, table: int, board: TeamSwissBoard) -> str:
    """ "round 2 match 1 board 3: alice - bob", as the game's arbiter names it
    (`games.services.arbitration`); "nobody" for a side that fielded nobody."""
    return audit_subject(
        round_number=number,
        board=board.board,
        white=board.white_player.name if board.white_player else "nobody",
        black=board.black_player.name if board.black_player else "nobody",
        table=table,
    )
