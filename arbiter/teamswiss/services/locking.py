"""The event's lock: writes to one event go one at a time, and each moves its read version on
(as `tournaments.services.locking` does for an individual event)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbiter.common.db import counter_bump
from arbiter.common.exceptions import NotFound
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import TeamSwissEvent


def event_locked(*, event: TeamSwissEvent) -> TeamSwissEvent:
    """The event, re-read under its row lock: writes to one event go one at a time. Every
    writer takes it, so its read version moves on here (as an individual event's does in
    `tournament_lock`): readers get pages of the new version once the write commits."""
    locked = TeamSwissEvent.objects.select_for_update().filter(id=event.id).first()
    if locked is None:
        raise NotFound(_("No such event."))
    locked.version = read_version_bump(event_id=locked.id)
    return locked


def read_version_bump(*, event_id: int) -> int:
    """The event's read version + 1, published to readers after the commit."""
    version = counter_bump(model=TeamSwissEvent, object_id=event_id)
    effects.read_version_published(event_id=event_id, version=version)
    return version


def version_bump(*, event: TeamSwissEvent) -> None:
    """The version + 1 after a pairing or a result (with the status the write changed)."""
    event.save(update_fields=["status", "updated_at"])
    event.version = read_version_bump(event_id=event.id)
