"""The event as the engines' plain data (`arbiter.trf.team_event.TeamEvent`), in five queries.

Player numbers (the TRF start numbers) follow the teams' pairing numbers, then each squad's
order; they are computed afresh on every read, never stored.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissMatch,
    TeamSwissPlayer,
    TeamSwissRound,
    TeamSwissTeam,
)
from arbiter.trf.team_event import (
    BoardGame,
    Match,
    Points,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
)


@dataclass(frozen=True)
class EventState:
    event: TeamEvent
    tpn_of_team: dict[int, int]  # team id -> tpn
    number_of_player: dict[int, int]  # player id -> start number
    withdrawn: frozenset[int]  # tpns


def score_system(event: TeamSwissEvent) -> ScoreSystem:
    return ScoreSystem(
        match=Points(event.match_win, event.match_draw, event.match_loss),
        game=Points(event.game_win, event.game_draw, event.game_loss),
        pab_match=event.pab_match_points,
        pab_game=event.pab_game_points,
        primary=event.primary_score,  # type: ignore[arg-type]
    )


def event_state(*, event: TeamSwissEvent, up_to_round: int | None = None) -> EventState:
    """The event with the matches of its rounds (of rounds 1..`up_to_round` only, if given).
    A round whose boards are not all played carries its matches without their games."""
    teams = list(TeamSwissTeam.objects.filter(event=event).order_by("tpn"))
    players = list(
        TeamSwissPlayer.objects.filter(event=event)
        .order_by("team__tpn", "order")
        .values("id", "team_id", "name", "rating")
    )
    rounds = TeamSwissRound.objects.filter(event=event)
    if up_to_round is not None:
        rounds = rounds.filter(number__lte=up_to_round)
    round_numbers = list(rounds.order_by("number").values_list("number", flat=True))
    matches = list(
        TeamSwissMatch.objects.filter(round__event=event, round__number__in=round_numbers)
        .order_by("round__number", "table")
        .values("id", "round__number", "white_id", "black_id")
    )
    boards: dict[int, list[Any]] = defaultdict(list)
    for board_row in (
        TeamSwissBoard.objects.filter(match_id__in=[m["id"] for m in matches])
        .order_by("match_id", "board")
        .values("match_id", "board", "white_player_id", "black_player_id", "result")
    ):
        boards[board_row["match_id"]].append(board_row)

    tpn_of_team = {team.id: team.tpn for team in teams}
    number_of_player = {row["id"]: number for number, row in enumerate(players, 1)}
    squads: dict[int, list[int]] = defaultdict(list)
    for player in players:
        squads[player["team_id"]].append(number_of_player[player["id"]])

    stored_matches = []
    paired: dict[int, set[int]] = defaultdict(set)
    for row in matches:
        games = tuple(
            BoardGame(
                board=b["board"],
                white=number_of_player.get(b["white_player_id"]),
                black=number_of_player.get(b["black_player_id"]),
                result=b["result"],
            )
            for b in boards[row["id"]]
        )
        white = tpn_of_team[row["white_id"]]
        black = tpn_of_team[row["black_id"]] if row["black_id"] else None
        paired[row["round__number"]] |= {white, black} - {None}  # type: ignore[arg-type]
        stored_matches.append(
            Match(round=row["round__number"], white=white, black=black, games=games)
        )
    # A team in no match of a round (registered later, or withdrawn) was absent: zero.
    byes = tuple(
        TeamBye(round=number, tpn=team.tpn, kind="Z")
        for number in round_numbers
        for team in teams
        if team.tpn not in paired[number]
    )
    return EventState(
        event=TeamEvent(
            name=event.name,
            boards=event.boards,
            total_rounds=event.num_rounds,
            teams=tuple(Team(tpn=t.tpn, name=t.name, players=tuple(squads[t.id])) for t in teams),
            players=tuple(
                TeamPlayer(number=number_of_player[p["id"]], name=p["name"], rating=p["rating"])
                for p in players
            ),
            matches=tuple(stored_matches),
            byes=byes,
            scores=score_system(event),
            colour_model=event.colour_model,  # type: ignore[arg-type]
            initial_colour=event.initial_colour,  # type: ignore[arg-type]
            tiebreaks=tuple(event.tiebreaks),
            start_date=event.starts_at.strftime("%Y/%m/%d") if event.starts_at else "",
        ),
        tpn_of_team=tpn_of_team,
        number_of_player=number_of_player,
        withdrawn=frozenset(t.tpn for t in teams if t.status == TeamSwissTeam.Status.WITHDRAWN),
    )
