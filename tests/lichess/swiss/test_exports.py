"""Results, TRF and games of a Swiss on lichess's paths."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from arbiter.games.models import Game
from arbiter.tournaments.models import EventMode, ParticipantStatus
from arbiter.users.services import api_token_create
from tests.factories.events import event_with_round
from tests.lichess.swiss.helpers import ndjson

pytestmark = pytest.mark.django_db


def played_event():
    """Five players, two rounds with results (a bye each round), one player withdrawn."""
    built = event_with_round(
        5, rounds=2, results=[["1-0", "1/2-1/2"], ["0-1", "1-0"]], mode=EventMode.ONLINE
    )
    built.entries[4].status = ParticipantStatus.PAUSED
    built.entries[4].save(update_fields=["status"])
    return built


def test_results_are_ndjson_even_when_json_is_asked_with_lichess_numbers():
    built = played_event()
    response = APIClient().get(
        f"/api/swiss/{built.event.id}/results", HTTP_ACCEPT="application/json"
    )
    assert response["Content-Type"].startswith("application/x-ndjson")
    rows = ndjson(response)
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    assert sum(row["points"] for row in rows) == 6  # 2 rounds x (2 boards + 1 bye)
    assert all(isinstance(row["points"], int | float) for row in rows)
    assert all(isinstance(row["tieBreak"], int | float) for row in rows)
    assert rows == sorted(rows, key=lambda row: -row["points"])
    withdrawn = built.entries[4].user.username
    assert [row.get("absent") for row in rows if row["username"] == withdrawn] == [True]
    assert all("absent" not in row for row in rows if row["username"] != withdrawn)
    assert any("performance" in row for row in rows)
    limited = ndjson(APIClient().get(f"/api/swiss/{built.event.id}/results?nb=2"))
    assert limited == rows[:2]


def test_trf_is_text_with_the_engine_records():
    built = played_event()
    response = APIClient().get(f"/swiss/{built.event.id}.trf", HTTP_ACCEPT="text/plain")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert text.startswith("012 ") and "XXR 5" in text
    assert sum(line.startswith("001") for line in text.splitlines()) == 5
    missing = APIClient().get("/swiss/99999.trf")
    assert (missing.status_code, missing.content) == (404, b"Tournament not found")


def test_games_as_pgn_split_where_berserk_splits_them():
    built = played_event()
    Game.objects.filter(pairing=built.boards[0]).update(moves="e2e4 e7e5", ply=2)
    response = APIClient().get(
        f"/api/swiss/{built.event.id}/games", HTTP_ACCEPT="application/x-chess-pgn"
    )
    assert response["Content-Type"].startswith("application/x-chess-pgn")
    games = [g for g in response.content.decode().split("\n\n\n") if g.strip()]
    assert len(games) == 4
    assert all(g.startswith("[Event ") for g in games)
    assert any("1. e4 e5" in g for g in games)


def test_games_as_ndjson_with_berserks_query():
    built = played_event()
    Game.objects.filter(pairing=built.boards[0]).update(moves="e2e4 e7e5 g1f3", ply=3)
    query = "moves%3A=True&pgnInJson=False&tags=True&clocks=False&evals=True&opening=False"
    response = APIClient().get(
        f"/api/swiss/{built.event.id}/games?{query}", HTTP_ACCEPT="application/x-ndjson"
    )
    games = ndjson(response)
    assert len(games) == 4
    first = next(g for g in games if g["moves"])
    assert first["moves"] == "e4 e5 Nf3"
    assert first["swiss"] == str(built.event.id) and first["source"] == "swiss"
    clock = built.event.time_control
    assert first["clock"] == {
        "initial": clock.limit_seconds,
        "increment": clock.increment_seconds,
        "totalTime": clock.limit_seconds + 40 * clock.increment_seconds,
    }
    assert isinstance(first["createdAt"], int) and isinstance(first["lastMoveAt"], int)
    white = first["players"]["white"]["user"]
    assert white["id"] == white["name"].lower()
    assert "pgn" not in first

    player = built.users[0].username
    mine = ndjson(
        APIClient().get(
            f"/api/swiss/{built.event.id}/games?player={player}&pgnInJson=TRUE",
            HTTP_ACCEPT="application/json",
        )
    )
    assert mine and all(
        player.lower() in (g["players"]["white"]["user"]["id"], g["players"]["black"]["user"]["id"])
        for g in mine
    )
    assert all(g["pgn"].startswith("[Event ") for g in mine)
    assert json.loads(json.dumps(mine)) == mine


def test_hidden_standings_a_players_own_results_row_carries_no_tiebreak_or_performance():
    # The native page's rule on lichess's path (issue 37): a Sonneborn-Berger or a performance
    # on one's own row is made of the opponents' points and results.
    built = event_with_round(6, rounds=1, results=[["1-0", "1-0", "1-0"]], standings_hidden=True)
    winner = built.boards[0].white
    assert winner.user is not None
    _, token = api_token_create(user=winner.user, name="results")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    (own,) = ndjson(client.get(f"/api/swiss/{built.event.id}/results"))
    assert own["username"] == winner.display_name and own["points"] == 1
    assert "tieBreak" not in own and "performance" not in own, own
    assert ndjson(APIClient().get(f"/api/swiss/{built.event.id}/results")) == []
