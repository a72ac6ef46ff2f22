"""The typed socket messages of an event (`/ws/team-swiss/{id}/`), sent now: each reads the
committed state and builds its payload with `live.payloads`, as REST does."""

from __future__ import annotations

from arbiter.realtime import ping
from arbiter.realtime.push import group_push, group_push_many
from arbiter.teamswiss.live import payloads
from arbiter.teamswiss.read import selectors


def event_group(event_id: int) -> str:
    return f"teamswiss.{event_id}"


def _round_send(*, event_id: int, number: int, kind: str) -> None:
    """The round as `kind`, then the standings, in one channel-layer message."""
    event = selectors.event_get(event_id=event_id)
    rnd = selectors.round_get(event=event, number=number) if event else None
    if event is None or rnd is None:
        return
    group_push_many(
        group=event_group(event_id),
        events=[
            (kind, payloads.round_payload(rnd)),
            ("standings_update", payloads.standings_payload(event)),
        ],
    )


def round_paired_send(*, event_id: int, number: int) -> None:
    _round_send(event_id=event_id, number=number, kind="round_paired")


def lineup_submitted_send(*, event_id: int, number: int, tpn: int) -> None:
    group_push(
        group=event_group(event_id),
        event="lineup_submitted",
        payload=payloads.lineup_submitted_payload(number=number, tpn=tpn),
    )


def round_start_send(*, event_id: int, number: int) -> None:
    _round_send(event_id=event_id, number=number, kind="round_start")


def board_result_send(*, event_id: int, number: int, table: int) -> None:
    event = selectors.event_get(event_id=event_id)
    rnd = selectors.round_get(event=event, number=number) if event else None
    match = selectors.match_get(rnd=rnd, table=table) if rnd else None
    if event is None or match is None:
        return
    board = payloads.match_payload(match)
    group_push_many(
        group=event_group(event_id),
        events=[("board_result", board), ("standings_update", payloads.standings_payload(event))],
    )
    # The ping sockets' fact: the board, small; the standings are a `reload` away.
    ping.frame_send(
        group=event_group(event_id), event="board_result", payload=board, version=event.version
    )


def event_end_send(*, event_id: int) -> None:
    event = selectors.event_get(event_id=event_id)
    if event is None:
        return
    group_push(
        group=event_group(event_id), event="event_end", payload=payloads.event_end_payload(event)
    )
