"""The JSON of an event, a round, a match and the standings: REST answers and socket pushes
both send these (built by `read.serializers`)."""

from __future__ import annotations

from typing import Any

from arbiter.teams.read import AnyUser, team_id_is_leader
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch, TeamSwissRound
from arbiter.teamswiss.read import selectors, standings
from arbiter.teamswiss.read.serializers import (
    TeamSwissEventDetailOutputSerializer,
    TeamSwissEventOutputSerializer,
    TeamSwissMatchOutputSerializer,
    TeamSwissRoundOutputSerializer,
    TeamSwissStandingsOutputSerializer,
)
from arbiter.trf.team_event import board_colour


def _points(win: Any, draw: Any, loss: Any) -> dict[str, Any]:
    return {"win": win, "draw": draw, "loss": loss}


def _event_values(event: TeamSwissEvent) -> dict[str, Any]:
    """The event's fields with the nested points and the counts the output shows."""
    event.match_points = _points(event.match_win, event.match_draw, event.match_loss)  # type: ignore[attr-defined]
    event.game_points = _points(event.game_win, event.game_draw, event.game_loss)  # type: ignore[attr-defined]
    if not hasattr(event, "team_count"):
        event.team_count = event.teams.count()  # type: ignore[attr-defined]
    if not hasattr(event, "round_count"):
        event.round_count = event.rounds.count()  # type: ignore[attr-defined]
    event.current_round = event.round_count  # type: ignore[attr-defined]
    return event  # type: ignore[return-value]


def event_payload(event: TeamSwissEvent) -> dict[str, Any]:
    return dict(TeamSwissEventOutputSerializer(_event_values(event)).data)


def events_rows(events: list[TeamSwissEvent]) -> list[dict[str, Any]]:
    return [event_payload(event) for event in events]


def _match_values(match: TeamSwissMatch) -> TeamSwissMatch:
    match.complete = match.white_match_points is not None  # type: ignore[attr-defined]
    if not hasattr(match, "board_list"):
        match.board_list = selectors.match_boards(match=match)  # type: ignore[attr-defined]
    for board in match.board_list:  # type: ignore[attr-defined]
        board.white_team_colour = board_colour(board.board)
    return match


def _round_values(rnd: TeamSwissRound) -> TeamSwissRound:
    rnd.lineups_submitted = selectors.lineup_tpns(rnd=rnd)  # type: ignore[attr-defined]
    rnd.matches_list = [_match_values(m) for m in selectors.round_matches(rnd=rnd)]  # type: ignore[attr-defined]
    return rnd


def round_payload(rnd: TeamSwissRound) -> dict[str, Any]:
    return dict(TeamSwissRoundOutputSerializer(_round_values(rnd)).data)


def match_payload(match: TeamSwissMatch) -> dict[str, Any]:
    return dict(TeamSwissMatchOutputSerializer(_match_values(match)).data)


def event_detail_payload(event: TeamSwissEvent, *, user: AnyUser) -> dict[str, Any]:
    values = _event_values(event)
    values.team_list = selectors.team_list(event=event)  # type: ignore[attr-defined]
    last = selectors.round_last(event=event)
    values.current = _round_values(last) if last is not None else None  # type: ignore[attr-defined]
    values.entry_rule_list = selectors.event_entry_rules(event)  # type: ignore[attr-defined]
    values.viewer_is_leader = team_id_is_leader(team_id=event.host_id, user=user)  # type: ignore[attr-defined]
    values.viewer_captain_of = next(  # type: ignore[attr-defined]
        (t.tpn for t in values.team_list if user.is_authenticated and t.captain_id == user.pk),  # type: ignore[attr-defined]
        None,
    )
    return dict(TeamSwissEventDetailOutputSerializer(values).data)


def standings_payload(event: TeamSwissEvent) -> dict[str, Any]:
    return dict(
        TeamSwissStandingsOutputSerializer(
            {"version": event.version, "standings": standings.standings_rows(event=event)}
        ).data
    )


def lineup_submitted_payload(*, number: int, tpn: int) -> dict[str, Any]:
    return {"round": number, "tpn": tpn}
