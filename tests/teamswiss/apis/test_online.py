"""Team Swiss played online (issue 43): the line-ups close, each board becomes a game on the
server with the event's clock and the board's colours, the players hear `game_start`, and a
game's end (a resignation, a flag, a no-show) writes the board's result and the match's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import IntegrityError, transaction
from django.utils import timezone

from arbiter.games.models import Game, GameStatus
from arbiter.games.services.play import game_flag_if_due
from config.asgi import application
from tests.factories.teams import LeaderFactory
from tests.games.test_round_start import heard_by
from tests.teamswiss.helpers import event_with_teams
from tests.timing import WAIT_SECONDS, frames_until

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://localhost")]


def _online(**settings):
    settings.setdefault("num_rounds", 2)
    return event_with_teams(
        teams=2, boards=2, mode="online", clock_minutes=3, clock_increment=2, **settings
    )


def _closed(client_for, built) -> dict:
    base = f"/api/team-swiss/{built.event.id}"
    arbiter = client_for(built.leader)
    assert arbiter.post(f"{base}/start-next-round/").status_code == 201
    closed = arbiter.post(f"{base}/rounds/1/close-lineups/")
    assert closed.status_code == 200, closed.json()
    (match,) = closed.json()["matches"]
    return match


def _users(built) -> dict[str, object]:
    return {u.username: u for squad in built.players for u in squad}


def test_mode_is_set_on_create_and_needs_a_clock(client_for):
    membership = LeaderFactory()
    leader = client_for(membership.user)
    body = {"team": membership.team.slug, "name": "Online league", "boards": 2, "num_rounds": 3}
    refused = leader.post("/api/team-swiss/", {**body, "mode": "online"}, format="json")
    assert refused.status_code == 400
    assert "clock_minutes" in refused.json()["extra"]["fields"]
    bad = leader.post("/api/team-swiss/", {**body, "mode": "by-post"}, format="json")
    assert bad.status_code == 400 and "mode" in bad.json()["extra"]["fields"]
    assert leader.post("/api/team-swiss/", body, format="json").json()["mode"] == "otb"
    created = leader.post(
        "/api/team-swiss/", {**body, "mode": "online", "clock_minutes": 5}, format="json"
    )
    assert created.status_code == 201, created.json()
    event = created.json()
    assert (event["mode"], event["clock_minutes"], event["clock_increment"]) == ("online", 5, 0)
    edited = leader.patch(f"/api/team-swiss/{event['id']}/", {"mode": "otb"}, format="json")
    assert edited.status_code == 200 and edited.json()["mode"] == "otb"


def test_closing_the_lineups_makes_each_board_a_game_and_tells_its_players(client_for):
    built = _online()
    base = f"/api/team-swiss/{built.event.id}"
    arbiter = client_for(built.leader)
    assert arbiter.post(f"{base}/start-next-round/").status_code == 201
    everyone = [u.id for squad in built.players for u in squad]
    heard = heard_by(
        everyone, lambda: arbiter.post(f"{base}/rounds/1/close-lineups/"), until="game_start"
    )
    (match,) = arbiter.get(f"{base}/rounds/1/").json()["matches"]
    users = _users(built)
    for board in match["boards"]:
        game = Game.objects.get(id=board["game_id"])
        # The board's colours, the event's clock, the team board its one link.
        white, black = users[board["white"]["username"]], users[board["black"]["username"]]
        assert (game.white_id, game.black_id) == (white.id, black.id)
        assert (game.initial_ms, game.increment_ms) == (180_000, 2_000)
        assert (game.pairing_id, game.team_board.board) == (None, board["board"])
        assert game.status == GameStatus.STARTED and game.flag_at is not None
        for user in (white, black):
            (start,) = [f for f in heard[user.id] if f["event"] == "game_start"]
            assert start["payload"]["game_id"] == game.id
            assert start["payload"]["team_swiss_id"] == built.event.id
            assert start["payload"]["tournament_id"] is None
        # The game page's state names the team event, its match and board.
        state = client_for(white).get(f"/api/games/{game.id}/").json()
        assert (state["team_swiss_id"], state["tournament_id"]) == (built.event.id, None)
        assert (state["tournament_name"], state["round"]) == ("League", 1)
        assert (state["table"], state["board"]) == (1, board["board"])
        pgn = client_for(white).get(f"/api/games/{game.id}/pgn/").content.decode()
        assert f'[Round "1.1.{board["board"]}"]' in pgn


def test_a_resignation_and_a_flag_write_the_boards_and_the_match(client_for):
    built = _online()
    match = _closed(client_for, built)
    users = _users(built)
    one, two = match["boards"]
    white1, black1 = users[one["white"]["username"]], users[one["black"]["username"]]
    white2, black2 = users[two["white"]["username"]], users[two["black"]["username"]]
    game1, game2 = one["game_id"], two["game_id"]

    assert client_for(white1).post(f"/api/games/{game1}/move/e2e4/").status_code == 200
    assert client_for(black1).post(f"/api/games/{game1}/move/e7e5/").status_code == 200
    resigned = client_for(black1).post(f"/api/games/{game1}/resign/")
    assert resigned.status_code == 200 and resigned.json()["winner"] == "white"
    base = f"/api/team-swiss/{built.event.id}"
    (live,) = client_for(built.leader).get(f"{base}/rounds/1/").json()["matches"]
    assert [b["result"] for b in live["boards"]] == ["1-0", ""]
    assert live["complete"] is False

    # Board 2: both move, then White's clock runs out (the server's flag).
    assert client_for(white2).post(f"/api/games/{game2}/move/d2d4/").status_code == 200
    assert client_for(black2).post(f"/api/games/{game2}/move/d7d5/").status_code == 200
    Game.objects.filter(id=game2).update(flag_at=timezone.now() - timedelta(seconds=1))
    assert game_flag_if_due(game_id=game2) is True
    assert Game.objects.get(id=game2).status == GameStatus.OUTOFTIME

    (done,) = client_for(built.leader).get(f"{base}/rounds/1/").json()["matches"]
    assert [b["result"] for b in done["boards"]] == ["1-0", "0-1"]
    assert done["complete"] is True
    # Board 1's White plays for the match's white team, board 2's Black too: both boards
    # are the white team's, and so is the match.
    assert (done["white_game_points"], done["black_game_points"]) == ("2.0", "0.0")
    assert (done["white_match_points"], done["black_match_points"]) == ("2.0", "0.0")


def test_a_no_show_loses_the_board_by_forfeit(client_for):
    built = _online()
    match = _closed(client_for, built)
    board = match["boards"][0]
    # Nobody moves: the first-move deadline passes and White, to move, forfeits.
    Game.objects.filter(id=board["game_id"]).update(flag_at=timezone.now() - timedelta(seconds=1))
    assert game_flag_if_due(game_id=board["game_id"]) is True
    assert Game.objects.get(id=board["game_id"]).status == GameStatus.NOSTART
    (live,) = (
        client_for(built.leader)
        .get(f"/api/team-swiss/{built.event.id}/rounds/1/")
        .json()["matches"]
    )
    assert live["boards"][0]["result"] == "-+"


def test_a_player_cannot_report_an_online_board(client_for):
    built = _online()
    match = _closed(client_for, built)
    player = _users(built)[match["boards"][0]["white"]["username"]]
    url = f"/api/team-swiss/{built.event.id}/rounds/1/boards/1/1/result/"
    refused = client_for(player).post(url, {"result": "1-0"}, format="json")
    assert refused.status_code == 409
    assert refused.json()["message"].startswith("This board is played online")


def test_an_arbiters_decision_ends_the_boards_game(client_for):
    built = _online()
    match = _closed(client_for, built)
    board = match["boards"][1]
    url = f"/api/team-swiss/{built.event.id}/rounds/1/boards/1/2/result/"
    decided = client_for(built.leader).post(url, {"result": "1/2"}, format="json")
    assert decided.status_code == 200
    game = Game.objects.get(id=board["game_id"])
    assert (game.status, game.winner) == (GameStatus.ABORTED, "")
    assert decided.json()["result"] == "1/2"


def test_an_over_the_board_event_makes_no_games(client_for):
    built = event_with_teams(teams=2, boards=2, num_rounds=2)
    match = _closed(client_for, built)
    assert [b["game_id"] for b in match["boards"]] == [None, None]
    assert not Game.objects.exists()


def test_a_spectator_of_the_team_event_hears_the_games_board_result(client_for):
    built = _online()
    match = _closed(client_for, built)
    board = match["boards"][0]
    loser = _users(built)[board["black"]["username"]]

    async def watch() -> list[dict]:
        socket = WebsocketCommunicator(
            application, f"/ws/team-swiss/{built.event.id}/", headers=ORIGIN
        )
        assert (await socket.connect(timeout=WAIT_SECONDS))[0]
        await socket.receive_json_from(timeout=WAIT_SECONDS)  # hello
        resign = client_for(loser).post
        await database_sync_to_async(resign)(f"/api/games/{board['game_id']}/resign/")
        frames = await frames_until(
            socket, lambda got: any(f["event"] == "board_result" for f in got)
        )
        await socket.disconnect(timeout=WAIT_SECONDS)
        return frames

    frames = async_to_sync(watch)()
    (pushed,) = [f["payload"] for f in frames if f["event"] == "board_result"]
    assert [b["result"] for b in pushed["boards"]] == ["1-0", ""]
    assert pushed["boards"][0]["game_id"] == board["game_id"]


def test_a_game_belongs_to_exactly_one_board(client_for):
    built = _online()
    match = _closed(client_for, built)
    game = Game.objects.get(id=match["boards"][0]["game_id"])
    game.pk, game.team_board_id = None, None  # neither an individual pairing nor a team board
    with pytest.raises(IntegrityError), transaction.atomic():
        game.save()
