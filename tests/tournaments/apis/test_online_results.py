"""An online board takes its result from its game (issue 16): a player's report is refused with
409 and the reason, an arbiter still sets or corrects the result, and the game's end does not
overwrite an arbiter's decision."""

import pytest

from arbiter.games.models import Game
from arbiter.games.services.play import game_move, game_resign
from arbiter.tournaments.models import ResultSubmission, SwissPairing
from tests.games.helpers import FOOLS_MATE, online_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _url(event_id: int, pairing_id: int) -> str:
    return f"/api/tournaments/swiss/{event_id}/pairings/{pairing_id}/result/"


def test_a_players_report_on_an_online_board_is_refused_with_the_reason():
    started = online_round()
    url = _url(started.event["id"], started.game.pairing_id)
    for player, result in [(started.white, "1-0"), (started.black, "1/2-1/2")]:
        refused = client_of(player).post(url, {"result": result}, format="json")
        assert refused.status_code == 409, refused.json()
        assert "played online" in refused.json()["message"]
        assert "result comes from the game" in refused.json()["message"]
    board = SwissPairing.objects.get(id=started.game.pairing_id)
    assert (board.result, board.white_report, board.black_report) == ("", "", "")
    assert not ResultSubmission.objects.exists()


def test_someone_else_is_still_told_they_are_not_a_player_of_the_board():
    started = online_round(players=4)
    other = Game.objects.exclude(id=started.game.id).get().white
    refused = client_of(other).post(
        _url(started.event["id"], started.game.pairing_id), {"result": "1-0"}, format="json"
    )
    assert refused.status_code == 403, refused.json()


def test_the_game_sets_the_result_and_an_arbiter_can_correct_it():
    started = online_round()
    game = started.game
    for uci in FOOLS_MATE:
        game = Game.objects.get(id=game.id)
        mover = game.white if game.ply % 2 == 0 else game.black
        game_move(game_id=game.id, user=mover, uci=uci, ply=game.ply)
    assert SwissPairing.objects.get(id=game.pairing_id).result == "0-1"

    url = _url(started.event["id"], game.pairing_id)
    # The winner cannot "confirm" either: the game is the only source for players.
    assert client_of(started.black).post(url, {"result": "0-1"}, format="json").status_code == 409
    corrected = client_of(started.leader).post(url, {"result": "1/2-1/2"}, format="json")
    assert corrected.status_code == 200, corrected.json()
    assert corrected.json()["result"] == "1/2-1/2"
    assert corrected.json()["game_id"] == game.id
    # The game record keeps its own ending.
    assert Game.objects.get(id=game.id).status == "mate"


def test_an_arbiters_forfeit_on_a_running_game_stands_when_the_game_ends():
    started = online_round()
    url = _url(started.event["id"], started.game.pairing_id)
    decided = client_of(started.leader).post(url, {"result": "-+"}, format="json")
    assert decided.status_code == 200, decided.json()
    game = Game.objects.get(id=started.game.id)
    game_move(game_id=game.id, user=started.white, uci="e2e4", ply=0)
    game = game_resign(game_id=game.id, user=started.black)
    assert (game.status, game.winner) == ("resign", "white")
    assert SwissPairing.objects.get(id=game.pairing_id).result == "-+"
