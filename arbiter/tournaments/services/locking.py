"""The event row lock: every state change of an event is serialised by it.

Results add a way to wait for it without queueing for it (`tournament_results_turn_try`,
`tournament_lock_wait`): under a burst, a request whose result the holder applies only needs to
know when the holder has committed, and a thousand such requests can learn it at once.
"""

from django.db import connection
from django.db.models import BooleanField
from django.db.models.expressions import RawSQL

from arbiter.common.db import counter_bump
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import SwissTournament

# The results-holder advisory lock of event N is the 64-bit key RESULTS_TURN_LOCKS << 48 | N
# (event ids stay far below 2**48), apart from any other advisory lock.
RESULTS_TURN_LOCKS = 0x5357


def tournament_lock(*, tournament: SwissTournament, versioned: bool = True) -> SwissTournament:
    """Re-read the event under a row lock (the caller is inside a transaction). Every writer
    of an event takes it, so it is also where the event's read version moves on: readers get
    pages of the new version once this transaction commits (a writer that changes nothing
    only costs them one render). Results pass `versioned=False`: a refused result changes
    nothing, and a written one moves the version with the standings (`standings_store`)."""
    locked = SwissTournament.objects.select_for_update().get(id=tournament.id)
    if versioned:
        locked.version = read_version_bump(tournament_id=locked.id)
    return locked


def read_version_bump(*, tournament_id: int) -> int:
    """The event's read version + 1, published to the readers after the commit (docs/live.md,
    "Reads"). Returns the new version."""
    version = counter_bump(model=SwissTournament, object_id=tournament_id)
    effects.read_version_published(tournament_id=tournament_id, version=version)
    return version


def waits_shared() -> bool:
    """Whether the database can wait for a lock holder without queueing for the lock (share
    and advisory locks); elsewhere (SQLite, the embedded mode) writers simply queue."""
    return connection.vendor == "postgresql"


def results_turn_take(*, tournament_id: int) -> RawSQL:
    """An expression, true if the statement's transaction holds the event's results turn
    (taken if it was free). In a statement outside a transaction (autocommit) the turn is
    released when the statement ends: it tells whether the turn was free at that instant."""
    key = RESULTS_TURN_LOCKS << 48 | tournament_id
    return RawSQL("pg_try_advisory_xact_lock(%s::bigint)", (key,), output_field=BooleanField())


def tournament_results_turn_try(*, tournament_id: int) -> SwissTournament | None:
    """Become the event's results holder if nobody is, and read its row under the row lock
    (the caller is inside a transaction; both last until it ends); None at once if the turn is
    taken (or there is no such event).

    The turn is an advisory lock: taking it does not race the requests that only wait (share
    locks held for an instant). The row lock is FOR NO KEY UPDATE, so results can still be
    submitted (their rows refer to the event) while the holder applies the ones before them;
    every other writer of the event (FOR UPDATE) still waits for it. One statement: the row
    is locked only if the turn was taken."""
    rows = SwissTournament.objects.select_for_update(no_key=True).alias(
        turn=results_turn_take(tournament_id=tournament_id)
    )
    return next(iter(rows.filter(id=tournament_id, turn=True)), None)


def tournament_lock_wait(*, tournament_id: int) -> bool:
    """Wait until the event's lock holder commits, without taking the lock: a share lock, in a
    statement of its own (autocommit), released as soon as it is granted, so any number of
    requests wait together. False: no such event."""
    table = connection.ops.quote_name(SwissTournament._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR SHARE", [tournament_id])
        return cursor.fetchone() is not None
