"""The event row lock: every state change of an event is serialised by it."""

from arbiter.tournaments.models import SwissTournament


def tournament_lock(*, tournament: SwissTournament) -> SwissTournament:
    """Re-read the event under a row lock (the caller is inside a transaction)."""
    return SwissTournament.objects.select_for_update().get(id=tournament.id)


def tournament_lock_take(*, tournament_id: int) -> None:
    """Take the event's row lock without reading the row (the caller is inside a transaction):
    for a request that, once it has the lock, may find it has nothing left to do."""
    list(SwissTournament.objects.select_for_update().filter(id=tournament_id).values_list("id"))
