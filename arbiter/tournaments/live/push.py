"""WebSocket pushes of a Swiss event: the typed events of docs/live.md, built by `payloads`.

Services never call these directly: `effects` runs them after the write commits (so clients
never hear of a write that was rolled back), and the tick calls `push_catch_up` so that a push
lost to a failure is only late. Results and standings are coalesced (`live_push_request`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.utils import timezone

from arbiter.common.tasks import task_enqueue
from arbiter.realtime import ping
from arbiter.realtime.push import group_push, group_push_many
from arbiter.tournaments.live import payloads
from arbiter.tournaments.live.game_starts import game_start_of_pairing, game_starts_send
from arbiter.tournaments.models import SwissTournament, TournamentStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.game_starts import round_games_started

logger = logging.getLogger(__name__)

# Results and standings are pushed at most once per window per event. The window bounds how
# long a result waits for its push under a stream of results (docs/live.md, "Load").
COALESCE_SECONDS = 0.25
LIVE_PUSH_TASK = "tournaments.live_push"

PUSHED_AT_KEY = "swiss:{}:live-pushed-at"  # when the last push was decided
LEADING_KEY = "swiss:{}:live-leading:{}"  # claims the push after the one decided at {}
TRAILING_KEY = "swiss:{}:live-trailing"  # a trailing push is scheduled
SENT_AT_KEY = "swiss:{}:live-sent-at"  # when the last push was sent
STALE_KEY_SECONDS = 2  # what a dead process left behind stops blocking pushes after this
PUSHED_VERSION_KEY = "swiss:{}:pushed-version"
PUSHED_ROUND_KEY = "swiss:{}:pushed-round"
PUSHED_END_KEY = "swiss:{}:pushed-end"
PUSHED_SCHEDULE_KEY = "swiss:{}:pushed-schedule"  # the next_round_at last pushed
PUSHED_TTL = 30 * 24 * 3600
FLUSH_LOCK_KEY = "swiss:{}:flush-lock"
FLUSH_LOCK_SECONDS = 10
# A round start or an end younger than this is still being pushed by its own effect.
CATCH_UP_GRACE = timedelta(seconds=5)


def swiss_group(tournament_id: int, *, one_frame: bool = False) -> str:
    """The sockets of an event; those that asked for one frame per live push (`?frames=one`)
    are a group of their own."""
    return f"swiss.{tournament_id}.one" if one_frame else f"swiss.{tournament_id}"


def _push(tournament_id: int, event: str, payload: dict[str, Any]) -> None:
    for one_frame in (False, True):
        group = swiss_group(tournament_id, one_frame=one_frame)
        group_push(group=group, event=event, payload=payload)


def one_frame(events: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """A live push as one `standings_update` (for `?frames=one` sockets): the standings,
    with the results (`results`, as in `game_result`) and the round start (`round_start`)
    that came before them. A frame costs the server a write per socket whatever its size,
    and at a thousand sockets those writes are the larger part of a push's cost."""
    parts = dict(events)
    standings = parts["standings_update"]
    frame = {
        "version": standings["version"],
        "tiebreaks_after_round": standings["tiebreaks_after_round"],
        "standings": standings["standings"],
        "hidden": standings["hidden"],
    }
    if "team_standings" in standings:
        frame["team_standings"] = standings["team_standings"]
    if "game_result" in parts:
        frame["results"] = parts["game_result"]["results"]
    if "round_start" in parts:
        frame["round_start"] = parts["round_start"]
    return frame


def live_flush(*, tournament_id: int, round_start: int | None = None) -> None:
    """Push what the watchers have not heard, in one channel-layer message: the results
    written since the last push (`game_result`), the round paired since (`round_start`), then
    the standings (`standings_update`). A round's standings (its pairing numbers) therefore
    never arrive before the round itself, and its last results never after it. Serialised per
    event by a lock in the shared cache, so pushes never overtake each other; a flush with
    nothing new sends nothing. `round_start` pushes that round even if it was pushed before
    (a leader re-paired it)."""
    with _flush_lock(tournament_id):
        # The row alone: a push needs its version and round, not the team or the entry count.
        tournament = selectors.tournament_row_get(tournament_id=tournament_id)
        if tournament is None:  # deleted since the push was requested
            return
        version = tournament.standings_version
        known = cache.get_many(
            [PUSHED_VERSION_KEY.format(tournament_id), PUSHED_ROUND_KEY.format(tournament_id)]
        )
        pushed = known.get(PUSHED_VERSION_KEY.format(tournament_id))
        pushed_round = known.get(PUSHED_ROUND_KEY.format(tournament_id), 0)
        if round_start is None and tournament.current_round > pushed_round:
            round_start = tournament.current_round  # its own push has not been sent yet
        events: list[tuple[str, dict[str, Any]]] = []
        if pushed != version:
            if pushed is None or pushed > version:
                # Unknown (an expired or cleared cache) or impossible (a cache older than the
                # database): the boards of the current version only.
                pushed = version - 1
            results = payloads.game_results_payload(
                tournament_id=tournament_id, after_version=pushed, version=version
            )
            if results:
                events.append(("game_result", results))
                # The ping sockets' one fact of a push (the boards, small and in order) goes
                # first: it needs nothing of what follows, and the standings page built below
                # would only delay it.
                ping.frame_send(
                    group=swiss_group(tournament_id),
                    event="game_result",
                    payload=results,
                    version=tournament.version,
                )
        started = None
        if round_start is not None:
            data = payloads.round_payload(tournament=tournament, number=round_start)
            # None: re-paired by a leader since; that pairing pushes its own round_start.
            if data is not None:
                events.append(("round_start", {"round": round_start, **data}))
                started = round_start
        if pushed != version or events:
            # The rows may be a little newer than `version` (read a moment later); a newer
            # version has requested its own push, which will send them again.
            events.append(("standings_update", payloads.standings_page_payload(tournament)))
        if not events:
            return
        group_push_many(group=swiss_group(tournament_id), events=events)
        group_push(
            group=swiss_group(tournament_id, one_frame=True),
            event="standings_update",
            payload=one_frame(events),
        )
        done: dict[str, object] = {PUSHED_VERSION_KEY.format(tournament_id): version}
        if started is not None:
            done[PUSHED_ROUND_KEY.format(tournament_id)] = max(started, pushed_round)
            # Pairing a round clears the next round's time, and clients know it from this push.
            done[PUSHED_SCHEDULE_KEY.format(tournament_id)] = _schedule_mark(
                tournament.next_round_at
            )
        cache.set_many(done, timeout=PUSHED_TTL)
    if started is not None:
        game_start_send(tournament_id=tournament_id, number=started)


def game_start_send(*, tournament_id: int, number: int) -> None:
    """The round's started games announced to their players (`game_starts_send`). A re-paired
    round pushes it again, with the new games. One read for the whole round."""
    game_starts_send(
        [
            game_start_of_pairing(game, number=number)
            for game in round_games_started(tournament_id=tournament_id, number=number)
        ]
    )


@contextmanager
def _flush_lock(tournament_id: int) -> Iterator[None]:
    key = FLUSH_LOCK_KEY.format(tournament_id)
    deadline = time.monotonic() + FLUSH_LOCK_SECONDS
    # The timeout frees the lock of a process that died holding it.
    while not cache.add(key, 1, timeout=FLUSH_LOCK_SECONDS):
        if time.monotonic() > deadline:
            logger.warning("tournament %s: live push lock held too long, pushing", tournament_id)
            break
        time.sleep(0.005)
    try:
        yield
    finally:
        cache.delete(key)


def live_push_request(*, tournament_id: int) -> None:
    """At most one live push per window per event (the keys live in the shared cache, Redis
    in production, so every process agrees): the first change is pushed at once; changes
    within the window are folded into one trailing push, due one window after the push
    before it. A thousand watchers and fifty results a second then cost each watcher a few
    frames a second, not fifty.

    The window is shorter than a second, and the cache keeps timeouts in whole seconds: the
    time of the last push is a value, compared here, and the keys' timeouts only clear what a
    dead process left behind."""
    if cache.get(TRAILING_KEY.format(tournament_id)):
        return  # a trailing push is scheduled; it will read the newest state
    now = time.time()
    pushed_at = cache.get(PUSHED_AT_KEY.format(tournament_id)) or 0.0
    # Of the requests that find the window over, the one that claims this push goes first.
    if now - pushed_at >= COALESCE_SECONDS and cache.add(
        LEADING_KEY.format(tournament_id, pushed_at), 1, timeout=STALE_KEY_SECONDS
    ):
        cache.set(PUSHED_AT_KEY.format(tournament_id), now, timeout=PUSHED_TTL)
        task_enqueue(LIVE_PUSH_TASK, kwargs={"tournament_id": tournament_id})
    elif cache.add(TRAILING_KEY.format(tournament_id), 1, timeout=STALE_KEY_SECONDS):
        # Due when the last push's window is over, not a full window from now: under a
        # steady stream of results the pushes then come once per window, never later.
        pushed_at = cache.get(PUSHED_AT_KEY.format(tournament_id)) or now
        countdown = max(0.0, pushed_at + COALESCE_SECONDS - time.time())
        task_enqueue(
            LIVE_PUSH_TASK,
            kwargs={"tournament_id": tournament_id, "trailing": True},
            countdown=countdown,
        )


def live_push_run(*, tournament_id: int, trailing: bool, paced: bool = True) -> None:
    """A push task: a trailing one takes the window's slot first. `paced`: a trailing push
    keeps half a window after a push that was sent late (off when the task runs in its
    caller, which the sleep would only hold)."""
    if trailing:
        # Take the place of the push due now and mark it before releasing the trailing slot,
        # so that no immediate push slips in beside this one.
        previous = cache.get(PUSHED_AT_KEY.format(tournament_id)) or 0.0
        cache.add(LEADING_KEY.format(tournament_id, previous), 1, timeout=STALE_KEY_SECONDS)
        cache.set(PUSHED_AT_KEY.format(tournament_id), time.time(), timeout=PUSHED_TTL)
        cache.delete(TRAILING_KEY.format(tournament_id))
        # It was timed from when the push before it was decided, so pushes under a stream of
        # results come once per window. If that one was sent late (a slow flush), keep half a
        # window after it anyway.
        sent_at = cache.get(SENT_AT_KEY.format(tournament_id)) or 0.0
        guard = sent_at + COALESCE_SECONDS / 2 - time.time()
        if paced:
            time.sleep(min(COALESCE_SECONDS, max(0.0, guard)))
    live_flush(tournament_id=tournament_id)
    cache.set(SENT_AT_KEY.format(tournament_id), time.time(), timeout=PUSHED_TTL)


def round_start_send(*, tournament_id: int, number: int) -> None:
    live_flush(tournament_id=tournament_id, round_start=number)


def tournament_end_send(*, tournament_id: int) -> None:
    live_flush(tournament_id=tournament_id)  # the last results come before the end
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is None:
        return
    _push(tournament_id, "tournament_end", payloads.tournament_end_payload(tournament))
    if tournament.prizes.exists():  # the winners, now that the standings are final
        _push(tournament_id, "prizes_update", payloads.prizes_payload(tournament))
    cache.set_many(
        {
            PUSHED_END_KEY.format(tournament_id): 1,
            # The end carries the event, whose next round time is cleared.
            PUSHED_SCHEDULE_KEY.format(tournament_id): _schedule_mark(tournament.next_round_at),
        },
        timeout=PUSHED_TTL,
    )


def prizes_send(*, tournament_id: int) -> None:
    """`prizes_update`: the prize table (with its winners after the end), after a leader
    changed it."""
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is not None:
        _push(tournament_id, "prizes_update", payloads.prizes_payload(tournament))


def tournament_update_send(*, tournament_id: int) -> None:
    """`tournament_update`: the event's REST detail, after a change no other push carries:
    when the next round is due (scheduled, moved, retried after an engine failure, cleared),
    settings edited, a cancellation."""
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is None:
        return
    _push(tournament_id, "tournament_update", payloads.tournament_payload(tournament))
    cache.set(
        PUSHED_SCHEDULE_KEY.format(tournament_id),
        _schedule_mark(tournament.next_round_at),
        timeout=PUSHED_TTL,
    )


def _schedule_mark(next_round_at: datetime | None) -> str:
    return next_round_at.isoformat() if next_round_at else ""


def push_catch_up(*, now: datetime | None = None) -> list[int]:
    """Push what a failure kept from the watchers of live events (run by the tick): a round
    start or an end never pushed, or standings newer than the last push. Returns the events
    that needed it. After a lost cache this repeats an event's last round start or end once,
    which clients take as the same state again."""
    now = now or timezone.now()
    events = list(selectors.tournaments_live(finished_since=now - timedelta(hours=1)))
    keys = [
        key.format(e.id)
        for e in events
        for key in (
            PUSHED_VERSION_KEY,
            PUSHED_ROUND_KEY,
            PUSHED_END_KEY,
            PUSHED_SCHEDULE_KEY,
            PUSHED_AT_KEY,
            TRAILING_KEY,
        )
    ]
    pushed = cache.get_many(keys)
    schedules = dict(
        SwissTournament.objects.filter(id__in=[e.id for e in events]).values_list(
            "id", "next_round_at"
        )
    )
    behind = []
    for event in events:
        catch_up = _catch_up_for(event, pushed, now) or _schedule_catch_up(
            event.id, schedules.get(event.id), pushed
        )
        if catch_up is None:
            continue
        behind.append(event.id)
        try:
            catch_up()
        except Exception:  # one event's failure must not keep the others waiting
            logger.exception("tournament %s: catching up its pushes failed", event.id)
    if behind:
        logger.warning("pushes caught up by the tick for events %s", behind)
    return behind


def _catch_up_for(
    event: SwissTournament, pushed: dict[str, Any], now: datetime
) -> Callable[[], None] | None:
    """The push `event`'s watchers are owed, if any."""
    pushed_round = pushed.get(PUSHED_ROUND_KEY.format(event.id), 0)
    if event.current_round > pushed_round and _older(
        selectors.round_started_at(tournament=event, number=event.current_round), now
    ):
        return lambda: round_start_send(tournament_id=event.id, number=event.current_round)
    if (
        event.status == TournamentStatus.FINISHED
        and PUSHED_END_KEY.format(event.id) not in pushed
        and _older(event.finished_at, now)
    ):
        return lambda: tournament_end_send(tournament_id=event.id)
    unpushed = pushed.get(PUSHED_VERSION_KEY.format(event.id)) != event.standings_version
    if unpushed and not _push_in_flight(event.id, pushed):
        return lambda: live_push_request(tournament_id=event.id)
    return None


def _push_in_flight(tournament_id: int, pushed: dict[str, Any]) -> bool:
    """A push decided less than STALE_KEY_SECONDS ago, or a trailing one scheduled: it reads
    the newest version when it runs. Under a stream of results the last push always lags the
    newest write by up to a window; that is the coalescing at work, not a lost push (which
    the next tick finds once its slot has gone stale)."""
    if pushed.get(TRAILING_KEY.format(tournament_id)):
        return True
    pushed_at = pushed.get(PUSHED_AT_KEY.format(tournament_id)) or 0.0
    return bool(time.time() - pushed_at < STALE_KEY_SECONDS)


def _schedule_catch_up(
    tournament_id: int, next_round_at: datetime | None, pushed: dict[str, Any]
) -> Callable[[], None] | None:
    """A next-round time the watchers were not told (unknown after a lost cache: told once
    if a round is due)."""
    mark = pushed.get(PUSHED_SCHEDULE_KEY.format(tournament_id))
    if mark == _schedule_mark(next_round_at) or (mark is None and next_round_at is None):
        return None
    return lambda: tournament_update_send(tournament_id=tournament_id)


def _older(moment: datetime | None, now: datetime) -> bool:
    return moment is not None and moment < now - CATCH_UP_GRACE
