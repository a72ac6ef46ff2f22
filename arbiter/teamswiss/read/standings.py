"""Standings, crosstable and board scores, computed by `arbiter.tiebreaks.team` from the
event as plain data. The standings are cached per event version (every pairing and result
bumps it), so reading them between two results costs one cache hit."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.core.cache import cache

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissMatch
from arbiter.teamswiss.read.state import event_state
from arbiter.tiebreaks.team import board_scores, team_standings

CACHE_SECONDS = 24 * 3600


def _standings_computed(event: TeamSwissEvent) -> list[dict[str, Any]]:
    rows = team_standings(event_state(event=event).event)
    order = list(event.tiebreaks)
    result = []
    for row in rows:
        codes = order + [code for code in row.tiebreaks if code not in order]
        result.append(
            {
                "rank": row.rank,
                "tpn": row.tpn,
                "name": row.name,
                "match_points": row.match_points,
                "game_points": row.game_points,
                "played": row.played,
                "tiebreaks": [
                    {"code": code, "value": row.tiebreaks[code]}
                    for code in codes
                    if code in row.tiebreaks
                ],
            }
        )
    return result


def standings_rows(*, event: TeamSwissEvent) -> list[dict[str, Any]]:
    key = f"teamswiss:{event.id}:standings:{event.version}"
    rows = cache.get(key)
    if rows is None:
        rows = _standings_computed(event)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def crosstable_rows(*, event: TeamSwissEvent) -> list[dict[str, Any]]:
    """Per team (by pairing number), per paired round: the opponent, the colour of board 1,
    the match's match and game points (null while it is played)."""
    teams = list(event.teams.order_by("tpn").values("id", "tpn", "name"))
    rounds = list(event.rounds.order_by("number").values_list("number", flat=True))
    tpn = {t["id"]: t["tpn"] for t in teams}
    cells: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for values in TeamSwissMatch.objects.filter(round__event=event).values(
        "round__number",
        "white_id",
        "black_id",
        "white_match_points",
        "black_match_points",
        "white_game_points",
        "black_game_points",
    ):
        m: dict[str, Any] = dict(values)
        number = m["round__number"]
        if m["black_id"] is None:
            cells[m["white_id"]][number] = {
                "round": number,
                "kind": "bye",
                "opponent": None,
                "colour": None,
                "match_points": m["white_match_points"],
                "game_points": m["white_game_points"],
            }
            continue
        for side, other, colour in (("white", "black", "w"), ("black", "white", "b")):
            cells[m[f"{side}_id"]][number] = {
                "round": number,
                "kind": "match",
                "opponent": tpn[m[f"{other}_id"]],
                "colour": colour,
                "match_points": m[f"{side}_match_points"],
                "game_points": m[f"{side}_game_points"],
            }
    absent = {
        "kind": "absent",
        "opponent": None,
        "colour": None,
        "match_points": None,
        "game_points": None,
    }
    return [
        {
            "tpn": t["tpn"],
            "name": t["name"],
            "rounds": [cells[t["id"]].get(n, {"round": n, **absent}) for n in rounds],
        }
        for t in teams
    ]


def board_score_rows(*, event: TeamSwissEvent) -> list[dict[str, Any]]:
    """Each player who played: team, the boards of their games, points, games, the
    rating performance (`arbiter.tiebreaks.team.board_scores`)."""
    state = event_state(event=event)
    names = dict(event.teams.values_list("tpn", "name"))
    return [
        {
            "number": score.number,
            "name": score.name,
            "tpn": score.tpn,
            "team": names.get(score.tpn, ""),
            "boards": list(score.boards),
            "board": score.board,
            "points": score.points,
            "games": score.games,
            "rating": score.rating,
            "performance": score.performance,
        }
        for score in board_scores(state.event)
    ]
