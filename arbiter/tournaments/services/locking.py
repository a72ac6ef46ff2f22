"""The event row lock: every state change of an event is serialised by it."""

from arbiter.tournaments.models import SwissTournament


def tournament_lock(*, tournament: SwissTournament) -> SwissTournament:
    """Re-read the event under a row lock (the caller is inside a transaction)."""
    return SwissTournament.objects.select_for_update().get(id=tournament.id)
