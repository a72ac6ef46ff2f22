"""The socket of a team event (`/ws/team-swiss/{id}/`) carries version pings
(`arbiter.realtime.ping`, docs/live.md "Version pings"): every write's new read version is
pinged as `reload` by `effects.read_version_published` (a round paired or started, an end, a
team or a line-up changed), and the two small ordered facts below are sent as they happen.
The pages themselves (standings, rounds, the crosstable) are read over REST, from the
per-version cache."""

from __future__ import annotations

from arbiter.realtime import ping
from arbiter.teamswiss.live import payloads
from arbiter.teamswiss.read import selectors
from arbiter.tournaments.live.game_starts import GameStart, game_starts_send


def event_group(event_id: int) -> str:
    return f"teamswiss.{event_id}"


def lineup_submitted_send(*, event_id: int, number: int, tpn: int) -> None:
    """A captain submitted a line-up: who (the line-up itself stays secret until they close)."""
    version = selectors.event_version(event_id=event_id)
    if version is not None:
        ping.frame_send(
            group=event_group(event_id),
            event="lineup_submitted",
            payload=payloads.lineup_submitted_payload(number=number, tpn=tpn),
            version=version,
        )


def board_result_send(*, event_id: int, number: int, table: int) -> None:
    """A board's result: its match as REST shows it, applied in place by the clients."""
    event = selectors.event_get(event_id=event_id)
    rnd = selectors.round_get(event=event, number=number) if event else None
    match = selectors.match_get(rnd=rnd, table=table) if rnd else None
    if event is None or match is None:
        return
    ping.frame_send(
        group=event_group(event_id),
        event="board_result",
        payload=payloads.match_payload(match),
        version=event.version,
    )


def game_start_send(*, event_id: int, number: int) -> None:
    """An online round's started games to their players: the individual events' one
    mechanism (`game_starts_send`: `/ws/me/` and the Board API's event streams)."""
    starts = []
    for game in selectors.round_games_started(event_id=event_id, number=number):
        board = game.team_board
        assert board is not None
        white, black = board.white_player, board.black_player
        starts.append(
            GameStart(
                game=game,
                event={"tournament_id": None, "team_swiss_id": event_id},
                number=number,
                white_rating=(white.rating if white else None) or 0,
                black_rating=(black.rating if black else None) or 0,
                rated=False,
            )
        )
    game_starts_send(starts)
