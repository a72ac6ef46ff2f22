"""WebSocket events of a Swiss event, with payloads built by the REST serializers.

Services call these through `transaction.on_commit`, so clients never hear of a write that
was rolled back. Results and standings are coalesced (see `live_push_request`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.core.cache import cache

from arbiter.realtime.push import group_push

if TYPE_CHECKING:
    from arbiter.tournaments.models import SwissTournament

logger = logging.getLogger(__name__)

STANDINGS_PAGE = 50
COALESCE_SECONDS = 1

PUSHED_KEY = "swiss:{}:live-pushed"
TRAILING_KEY = "swiss:{}:live-trailing"
RAN_KEY = "swiss:{}:live-ran"
PUSHED_VERSION_KEY = "swiss:{}:pushed-version"
PUSHED_VERSION_TTL = 7 * 24 * 3600
FLUSH_LOCK_KEY = "swiss:{}:flush-lock"
FLUSH_LOCK_SECONDS = 10


def swiss_group(tournament_id: int) -> str:
    return f"swiss.{tournament_id}"


def _push(tournament_id: int, event: str, payload: dict[str, Any]) -> None:
    group_push(group=swiss_group(tournament_id), event=event, payload=payload)


def standings_payload(tournament: SwissTournament) -> dict[str, Any]:
    from arbiter.tournaments import selectors
    from arbiter.tournaments.serializers import StandingOutputSerializer

    page = list(selectors.standings_queryset(tournament=tournament)[:STANDINGS_PAGE])
    rows = selectors.standings_sheets(tournament=tournament, participants=page)
    return {
        "version": tournament.standings_version,
        "standings": StandingOutputSerializer(rows, many=True).data,
    }


def game_result_payload(
    tournament_id: int, *, after_version: int, version: int
) -> dict[str, Any] | None:
    """The boards whose latest result was written after `after_version`, up to `version`,
    in the order they were written."""
    from arbiter.tournaments.models import SwissPairing
    from arbiter.tournaments.serializers import PairingOutputSerializer

    boards = (
        SwissPairing.objects.filter(
            round__tournament_id=tournament_id,
            result_version__gt=after_version,
            result_version__lte=version,
        )
        .select_related("round", "white__user", "black__user", "no_show__user")
        .order_by("result_version")
    )
    results = [{"round": b.round.number, **PairingOutputSerializer(b).data} for b in boards]
    return {"version": version, "results": results} if results else None


def live_flush(*, tournament_id: int) -> None:
    """Push what changed since the last push: one `game_result` with the new results, then
    one `standings_update`. Serialised per event by a lock in the shared cache, so pushes
    never overtake each other; a flush with nothing new sends nothing."""
    from arbiter.tournaments import selectors

    with _flush_lock(tournament_id):
        tournament = selectors.tournament_get(tournament_id=tournament_id)
        if tournament is None:  # deleted since the push was requested
            return
        version = tournament.standings_version
        pushed = cache.get(PUSHED_VERSION_KEY.format(tournament_id))
        if pushed == version:
            return
        if pushed is None or pushed > version:
            # Unknown (an expired or cleared cache) or impossible (a cache older than the
            # database): the boards of the current version only.
            pushed = version - 1
        results = game_result_payload(tournament_id, after_version=pushed, version=version)
        if results:
            _push(tournament_id, "game_result", results)
        # The rows may be a little newer than `version` (read a moment later); a newer version
        # has requested its own push, which will send them again.
        _push(tournament_id, "standings_update", standings_payload(tournament))
        cache.set(PUSHED_VERSION_KEY.format(tournament_id), version, timeout=PUSHED_VERSION_TTL)


@contextmanager
def _flush_lock(tournament_id: int) -> Iterator[None]:
    key = FLUSH_LOCK_KEY.format(tournament_id)
    deadline = time.monotonic() + FLUSH_LOCK_SECONDS
    # The timeout frees the lock of a process that died holding it.
    while not cache.add(key, 1, timeout=FLUSH_LOCK_SECONDS):
        if time.monotonic() > deadline:
            logger.warning("tournament %s: live push lock held too long, pushing", tournament_id)
            break
        time.sleep(0.01)
    try:
        yield
    finally:
        cache.delete(key)


def live_push_request(*, tournament_id: int) -> None:
    """At most one live push per second per event (the keys live in the shared cache, Redis
    in production, so every process agrees): the first change is pushed at once; changes
    within the next second are folded into one trailing push, due one second after the
    push before it. A thousand watchers and fifty results a second then cost each watcher
    two frames a second, not fifty."""
    from arbiter.tournaments.tasks import live_push

    if cache.get(TRAILING_KEY.format(tournament_id)):
        return  # a trailing push is scheduled; it will read the newest state
    if cache.add(PUSHED_KEY.format(tournament_id), time.time(), timeout=COALESCE_SECONDS):
        live_push.apply_async(kwargs={"tournament_id": tournament_id})
    elif cache.add(TRAILING_KEY.format(tournament_id), 1, timeout=COALESCE_SECONDS * 3):
        # Due when the last push's second is over, not a full second from now: under a
        # steady stream of results the pushes then come every second, never later.
        pushed_at = cache.get(PUSHED_KEY.format(tournament_id)) or 0.0
        countdown = max(0.0, pushed_at + COALESCE_SECONDS - time.time())
        live_push.apply_async(
            kwargs={"tournament_id": tournament_id, "trailing": True}, countdown=countdown
        )


def live_push_run(*, tournament_id: int, trailing: bool) -> None:
    if trailing:
        # Mark the push before releasing the trailing slot, so no immediate push can slip in.
        cache.set(PUSHED_KEY.format(tournament_id), time.time(), timeout=COALESCE_SECONDS)
        cache.delete(TRAILING_KEY.format(tournament_id))
        # It was timed from when the push before it was asked for; if that one ran late, keep
        # the second between them anyway.
        ran_at = cache.get(RAN_KEY.format(tournament_id)) or 0.0
        time.sleep(min(COALESCE_SECONDS, max(0.0, ran_at + COALESCE_SECONDS - time.time())))
    cache.set(RAN_KEY.format(tournament_id), time.time(), timeout=COALESCE_SECONDS * 2)
    live_flush(tournament_id=tournament_id)


def round_start_push(*, tournament_id: int, number: int) -> None:
    from arbiter.tournaments.apis import round_detail_data
    from arbiter.tournaments.models import SwissTournament

    live_flush(tournament_id=tournament_id)  # the previous round's last results come first
    tournament = SwissTournament.objects.get(id=tournament_id)
    _push(tournament_id, "round_start", {"round": number, **round_detail_data(tournament, number)})


def tournament_end_push(*, tournament_id: int) -> None:
    from arbiter.tournaments import selectors
    from arbiter.tournaments.serializers import StandingOutputSerializer, TournamentOutputSerializer

    live_flush(tournament_id=tournament_id)  # the last results come before the end
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    assert tournament is not None
    rows = selectors.standings_sheets(
        tournament=tournament,
        participants=list(selectors.standings_queryset(tournament=tournament)),
    )
    _push(
        tournament_id,
        "tournament_end",
        {
            "tournament": TournamentOutputSerializer(tournament).data,
            "standings": StandingOutputSerializer(rows, many=True).data,
        },
    )
