"""The Board API's two NDJSON streams, `/api/stream/event` and `/api/board/game/stream/{id}`.

Async views: an open stream is a channel-layer subscription on the server's event loop (Redis
pub/sub across web processes, the in-memory layer in the embedded single process) and holds
no database connection. Each database read runs in a thread that gives its connection back
to the pool as soon as the read is done, so a thousand open streams cost the pool nothing
between reads (docs/games.md has the measurement). A client that goes away cancels the
stream, which leaves its groups (`Subscription`).

A stream is a long-lived connection like a socket, and follows the same two rules
(docs/security.md): it holds a place in its user's allowance (`realtime.connections`, the
sockets' one; past it a 429), renewed at every line or keep-alive and given back when it
ends; and it lives only while its token does: it joins the groups a revocation is broadcast
to (the token's, the user's), which end it at once, and re-reads the token every
`SOCKET_AUTH_RECHECK_SECONDS` (expiry, a lost message)."""

from __future__ import annotations

import functools
import logging
import random
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils.translation import gettext as _

from arbiter.games.live.push import game_end_group, game_group
from arbiter.games.read.selectors import game_ids_started_of_user
from arbiter.lichess.board import lines
from arbiter.lichess.board.selectors import NO_SUCH_GAME, NOT_YOUR_GAME, board_game_read
from arbiter.lichess.board.subscription import Subscription
from arbiter.lichess.http import NDJSON, SCOPES_HEADER, LichessError, bearer_token, ndjson_line
from arbiter.lichess.identity import object_id
from arbiter.realtime.connections import ConnectionPlace, connection_place_take
from arbiter.realtime.push import auth_group, user_group
from arbiter.realtime.recheck import credential_recheck_failed
from arbiter.tournaments.live.game_starts import game_start_group
from arbiter.users.models import ApiToken
from arbiter.users.read import api_token_get_active_by_id
from arbiter.users.tokens import token_credential, user_credential

logger = logging.getLogger(__name__)

# lichess writes an empty line every 7 s or so (settings.LICHESS_STREAM_KEEPALIVE_SECONDS);
# proxies and clients take a silent stream for a dead one.
KEEP_ALIVE = "\n"
# A game still running this long after its side to move ran out is read again.
OVERDUE_SLACK_MS = 5000

T = TypeVar("T")
_Read = tuple[lines.GameFacts, dict[str, Any]]  # a game's facts and state (board_game_read)


async def in_thread(read: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`read` in a worker thread, whose database connection goes back to the pool right after
    (otherwise it would stay taken until the thread's next request, or the stream's end)."""

    def run() -> T:
        try:
            return read(*args, **kwargs)
        finally:
            connection.close()

    return await sync_to_async(run, thread_sensitive=False)()


def _error(exc: LichessError) -> JsonResponse:
    response = JsonResponse({"error": exc.error}, status=exc.status)
    if exc.status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="lichess"'
    return response


def _get_only(view: Callable[..., Awaitable[HttpResponseBase]]) -> Callable[..., Any]:
    """A stream is read with GET; another method gets 405 in lichess's error shape."""

    @functools.wraps(view)
    async def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "GET":
            response = _error(LichessError(f"Method {request.method} not allowed", 405))
            response["Allow"] = "GET"
            return response
        return await view(request, *args, **kwargs)

    return checked


def _stream(rows: AsyncIterator[str]) -> StreamingHttpResponse:
    response = StreamingHttpResponse(rows, content_type=NDJSON)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each line on at once
    response["X-OAuth-Scopes"] = SCOPES_HEADER
    return response


# --- what keeps a stream open ------------------------------------------------------------


class _Held:
    """A stream's place in its user's allowance and the token it was opened with."""

    def __init__(self, place: ConnectionPlace, token_id: int, user_id: int, path: str) -> None:
        self.place, self.path = place, path
        self.token_id, self.user_id = token_id, user_id
        # The first re-check comes at a random point of the period, never later: streams
        # opened together (a round's game streams, within seconds) would re-read their
        # tokens together, a burst of reads in the middle of the play.
        period = settings.SOCKET_AUTH_RECHECK_SECONDS
        self.checked = time.monotonic() - random.uniform(0.0, period)

    async def join(self, sub: Subscription) -> None:
        """The groups a revocation of the token, or the user's loss of access, ends it in."""
        await sub.join(auth_group(token_credential(self.token_id)))
        await sub.join(auth_group(user_credential(self.user_id)))

    async def holds(self) -> bool:
        """Renews the place when due; False once the token no longer holds (re-read every
        SOCKET_AUTH_RECHECK_SECONDS, so at most one read per period)."""
        await self.place.renew_if_due()
        if time.monotonic() - self.checked < settings.SOCKET_AUTH_RECHECK_SECONDS:
            return True
        self.checked = time.monotonic()
        try:
            token = await in_thread(api_token_get_active_by_id, token_id=self.token_id)
        except Exception as exc:  # the database away: keep the stream, check again next time
            credential_recheck_failed("Stream", self.path, exc)
            return True
        return token is not None


async def _held(token: ApiToken, path: str) -> _Held | LichessError:
    place = await connection_place_take(owner=token.user_id)
    if place is None:
        return LichessError(
            _("Too many open connections (streams and sockets) for this account: close one first."),
            429,
        )
    return _Held(place, token.id, token.user_id, path)


async def _released(rows: AsyncGenerator[str, None], held: _Held) -> AsyncIterator[str]:
    """`rows`, the place given back when they end or the client goes away (a response never
    started gives it back when its lease runs out)."""
    try:
        async for row in rows:
            yield row
    finally:
        try:
            await rows.aclose()
        finally:
            await held.place.release()


# --- a game's stream ----------------------------------------------------------------------


def _game_open(authorization: str | None, pk: int | None) -> tuple[ApiToken, _Read]:
    """The token, and the game's facts and state if its holder plays it (lichess's 404s
    otherwise: the Board API is for the players): what a game stream opens with, in one
    thread and two queries."""
    token = bearer_token(authorization)
    read = board_game_read(game_id=pk) if pk is not None else None
    if read is None:
        raise LichessError(NO_SUCH_GAME, 404)
    if lines.colour_of(read[1], token.user_id) is None:
        raise LichessError(NOT_YOUR_GAME, 404)
    return token, read


@_get_only
async def game_stream(request: HttpRequest, game_id: str) -> HttpResponseBase:
    """`gameFull`, then a `gameState` for every change; closed after the final state.

    The game's group is joined before anything is read, so that no change falls between the
    read and the subscription, and the token and the game are read in one thread: a round's
    game streams all open at once, and each wait for a thread was a wait behind them all."""
    pk = object_id(game_id)
    sub = await Subscription().__aenter__()
    try:
        if pk is not None:
            await sub.join(game_group(pk))
        token, read = await in_thread(_game_open, request.headers.get("Authorization"), pk)
        held = await _held(token, request.path)
        if isinstance(held, LichessError):
            raise held
    except LichessError as exc:
        await sub.close()
        return _error(exc)
    except BaseException:
        await sub.close()
        raise
    assert pk is not None  # read
    rows = _released(_game_lines(sub, pk, read, held), held)
    sub.close_with(rows)
    return _stream(rows)


async def _game_lines(
    sub: Subscription, game_id: int, read: _Read, held: _Held
) -> AsyncGenerator[str, None]:
    try:
        await held.join(sub)
        facts, state = read
        yield ndjson_line(lines.game_full_line(facts, state))
        if lines.is_over(state):
            return
        async for pushed in sub.pushes(settings.LICHESS_STREAM_KEEPALIVE_SECONDS):
            if not await held.holds():
                return
            if pushed is None:
                fresh = await _overdue_read(game_id, state)
                if fresh is None:  # the game is gone (its round re-paired)
                    return
                if fresh is state:
                    yield KEEP_ALIVE
                    continue
                event, payload = "game_state", fresh
            else:
                event, payload = pushed
            # A state pushed before the one read is older than what was sent, or the same one
            # again (pushed between joining the group and the read): a Board client would take
            # a repeated state as its turn again, and play a move twice.
            if event != "game_state" or not _newer(payload, state):
                continue
            state = payload
            yield ndjson_line(lines.game_state_line(state))
            if lines.is_over(state):
                return
    finally:
        await sub.close()


def _newer(pushed: dict[str, Any], sent: dict[str, Any]) -> bool:
    """Whether a pushed state tells a Board client anything the last one sent did not: a
    later move, or at the same ply an end, a draw offer made or withdrawn. An arbiter's
    correction (a pause, time, a takeback, which lowers the ply) counts first: a state with
    more corrections is newer whatever its ply."""
    corrected, known = pushed.get("corrections", 0), sent.get("corrections", 0)
    if corrected != known:
        return bool(corrected > known)
    if pushed["ply"] != sent["ply"]:
        return bool(pushed["ply"] > sent["ply"])
    return any(pushed.get(key) != sent.get(key) for key in SAME_PLY_CHANGES)


async def _overdue_read(game_id: int, state: dict[str, Any]) -> dict[str, Any] | None:
    """`state` while the game may still run as it says; past the time its side to move had
    left, the state read again (None if the game is gone): a lost push of its end would
    otherwise leave the stream open for good. At most one read per keep-alive."""
    if time.time() * 1000 < lines.flag_due_ms(state) + OVERDUE_SLACK_MS:
        return state
    read = await in_thread(board_game_read, game_id=game_id)
    if read is None:
        return None
    fresh = read[1]
    if fresh["ply"] == state["ply"] and not lines.is_over(fresh):
        return state  # not flagged yet (the tick is late): read again at the next keep-alive
    return fresh


# What may change a game's state without a move.
SAME_PLY_CHANGES = ("status", "winner", "draw_offer")


# --- the event stream ---------------------------------------------------------------------


@_get_only
async def event_stream(request: HttpRequest) -> HttpResponseBase:
    """`gameStart` for each game the user plays now, then `gameStart` / `gameFinish` as games
    begin and end."""
    try:
        token = await in_thread(bearer_token, request.headers.get("Authorization"))
    except LichessError as exc:
        return _error(exc)
    held = await _held(token, request.path)
    if isinstance(held, LichessError):
        return _error(held)
    return _stream(_released(_event_lines(token.user_id, held), held))


class _Games:
    """The games an event stream follows, until they end: each one's facts, read once, or
    taken from the round start's push."""

    def __init__(self, user_pk: int) -> None:
        self.user_pk = user_pk
        self.facts: dict[int, lines.GameFacts] = {}
        self.joining: list[int] = []  # started, their end groups not joined yet

    async def start(self, sub: Subscription, game_id: int) -> str | None:
        """Follow a game: its `gameStart` line, or None (not the user's, gone, or over)."""
        if game_id in self.facts:
            return None
        # Joined before the read, so that its end cannot fall between the two. The game's
        # end group: its final state alone, where the game's group has every move.
        await sub.join(game_end_group(game_id))
        read = await in_thread(board_game_read, game_id=game_id)
        colour = lines.colour_of(read[1], self.user_pk) if read else None
        if read is None or colour is None or lines.is_over(read[1]):
            await sub.leave(game_end_group(game_id))
            return None
        self.facts[game_id] = read[0]
        return ndjson_line(lines.game_start_line(read[0], read[1], colour))

    async def started(self, sub: Subscription, pushed: dict[str, Any]) -> str | None:
        """Follow a game a round start pushed with its facts and state
        (`tournaments.live.game_starts`): its `gameStart` line, built with no read; None if
        it is followed already, or not the user's. A `game_start` without them (`/ws/me/`'s,
        which comes after, or the only one when the other push failed) is read, as on
        connect, unless the game is followed already. The game's end group is joined once
        the line is out (`join_started`): an end before (a resignation within that moment)
        gets no `gameFinish` here; the game's own stream, which reads on open, shows it."""
        if "state" not in pushed:
            return await self.start(sub, int(pushed["game_id"]))
        state = pushed["state"]
        game_id = int(state["id"])
        colour = lines.colour_of(state, self.user_pk)
        if game_id in self.facts or colour is None or lines.is_over(state):
            return None
        facts = _pushed_facts(pushed["facts"])
        self.facts[game_id] = facts
        self.joining.append(game_id)
        return ndjson_line(lines.game_start_line(facts, state, colour))

    async def join_started(self, sub: Subscription) -> None:
        """Join the end groups of the games `started` announced, once their lines are out:
        a join waits on Redis, in line with every other subscription of the process (a
        round start brings hundreds, and the game streams its lines open), and the line
        would wait with it."""
        while self.joining:
            game_id = self.joining.pop()
            if game_id in self.facts:
                await sub.join(game_end_group(game_id))

    async def finish(self, sub: Subscription, state: dict[str, Any]) -> str | None:
        """The `gameFinish` line of a pushed state that ends a followed game, else None (the
        end group hears final states only)."""
        facts = self.facts.get(state["id"])
        colour = lines.colour_of(state, self.user_pk)
        if facts is None or colour is None or not lines.is_over(state):
            return None
        del self.facts[state["id"]]
        await sub.leave(game_end_group(state["id"]))
        return ndjson_line(lines.game_finish_line(facts, state, colour))


def _pushed_facts(facts: dict[str, Any]) -> lines.GameFacts:
    return lines.GameFacts(
        rated=bool(facts["rated"]),
        initial_ms=int(facts["initial_ms"]),
        increment_ms=int(facts["increment_ms"]),
        created_at=datetime.fromisoformat(facts["created_at"]),
    )


async def _event_lines(user_pk: int, held: _Held) -> AsyncGenerator[str, None]:
    games = _Games(user_pk)
    async with Subscription() as sub:
        await held.join(sub)
        # The user's game starts first (a round start pushes each with its facts there, then
        # the short `game_start` of `/ws/me/` to the user's group: one already followed is
        # skipped there, one whose facts never came is read), then the games running now:
        # a game that starts meanwhile is in both, and sent once.
        await sub.join(game_start_group(user_pk))
        await sub.join(user_group(user_pk))
        for game_id in await in_thread(game_ids_started_of_user, user_id=user_pk):
            line = await games.start(sub, game_id)
            if line:
                yield line
        async for pushed in sub.pushes(settings.LICHESS_STREAM_KEEPALIVE_SECONDS):
            if not await held.holds():
                return
            if pushed is None:
                yield KEEP_ALIVE
                continue
            event, payload = pushed
            if event == "game_start":
                line = await games.started(sub, payload)
            elif event == "game_state":
                line = await games.finish(sub, payload)
            else:
                continue
            if line:
                yield line
            await games.join_started(sub)
