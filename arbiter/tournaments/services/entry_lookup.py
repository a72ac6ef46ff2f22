"""An entry of an event by its id, for the leaders' actions on one entry (disqualify, edit
its FIDE data, a registered entry's changes, the no-show ban preview): one lookup, one
refusal for an id that is not an entry of this event."""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbiter.common.exceptions import NotFound
from arbiter.tournaments.models import SwissParticipant, SwissTournament


def entry_of_event(
    *, tournament: SwissTournament, entry_id: int, locked: bool = False, with_user: bool = False
) -> SwissParticipant:
    """The entry, its row locked for the caller's transaction if `locked`, its user read with
    it if `with_user`; NotFound when the id is no entry of this event."""
    entries = SwissParticipant.objects.filter(tournament=tournament, id=entry_id)
    if locked:
        entries = entries.select_for_update(of=("self",))
    if with_user:
        entries = entries.select_related("user")
    entry = entries.first()
    if entry is None:
        raise NotFound(_("No such entry in this tournament."))
    return entry
