"""A team board's result follows the individual boards' rule: a player's report stands
until the opponent confirms it or contradicts it; a contradiction clears the board and
leaves it disputed, both reports kept, for the arbiter, whose decision ends it."""

import pytest

from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _board(client, base: str, board: int) -> dict:
    (match,) = client.get(f"{base}/rounds/1/").json()["matches"]
    return next(b for b in match["boards"] if b["board"] == board)


def test_the_opponent_confirms_or_disputes_and_the_arbiter_decides(client_for):
    built = event_with_teams(teams=2, boards=2, num_rounds=2)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    (a1, a2), (b1, b2) = built.players  # board 1: a1 has White; board 2: b2 has White
    arbiter = client_for(built.leader)

    def report(user, board: int, result: str):
        url = f"{base}/rounds/1/boards/1/{board}/result/"
        return client_for(user).post(url, {"result": result}, format="json")

    # Board 2: White reports a win, Black says Black won: disputed, the result cleared.
    assert report(b2, 2, "1-0").status_code == 200
    disputed = report(a2, 2, "0-1")
    assert disputed.status_code == 200, disputed.json()
    board = disputed.json()
    assert (board["result"], board["disputed"]) == ("", True)
    assert (board["white_report"], board["black_report"]) == ("1-0", "0-1")
    again = report(b2, 2, "1/2")
    assert again.status_code == 400
    assert again.json()["message"] == "This result is disputed: the arbiter will decide."

    # Board 1: reported by White, confirmed by Black.
    assert report(a1, 1, "1-0").status_code == 200
    confirmed = report(b1, 1, "1-0")
    assert confirmed.status_code == 200, confirmed.json()
    assert (confirmed.json()["result"], confirmed.json()["disputed"]) == ("1-0", False)
    assert (confirmed.json()["white_report"], confirmed.json()["black_report"]) == ("1-0", "1-0")

    # The match waits for the arbiter; the round shows the dispute in its queue.
    (match,) = arbiter.get(f"{base}/rounds/1/").json()["matches"]
    assert match["complete"] is False
    assert _board(arbiter, base, 2)["disputed"] is True

    decided = arbiter.post(f"{base}/rounds/1/boards/1/2/result/", {"result": "1/2"}, format="json")
    assert decided.status_code == 200
    assert (decided.json()["result"], decided.json()["disputed"]) == ("1/2", False)
    (match,) = arbiter.get(f"{base}/rounds/1/").json()["matches"]
    assert match["complete"] is True
    assert (match["white_game_points"], match["black_game_points"]) == ("1.5", "0.5")


def test_a_player_contradicts_only_the_opponents_report(client_for):
    built = event_with_teams(teams=2, boards=2, num_rounds=2)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    (a1, _), (b1, _) = built.players
    url = f"{base}/rounds/1/boards/1/1/result/"

    assert client_for(a1).post(url, {"result": "1-0"}, format="json").status_code == 200
    own = client_for(a1).post(url, {"result": "1/2"}, format="json")
    assert own.status_code == 400
    assert (
        own.json()["message"] == "You already reported this board; ask the arbiter to correct it."
    )
    # An arbiter's result is changed by an arbiter only.
    client_for(built.leader).post(url, {"result": "0-1"}, format="json")
    set_by_arbiter = client_for(b1).post(url, {"result": "1-0"}, format="json")
    assert set_by_arbiter.status_code == 400
    assert set_by_arbiter.json()["message"] == (
        "The arbiter set this result: only the arbiter can change it."
    )


def test_a_confirmation_reaches_the_cached_round_page(client_for):
    """The round page is cached per version: a confirmation changes the board (both reports
    now), so it is a new version, which readers are pinged to read; the reporter sees it."""
    built = event_with_teams(teams=2, boards=2, num_rounds=2)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    (a1, _), (b1, _) = built.players
    url = f"{base}/rounds/1/boards/1/1/result/"
    assert client_for(a1).post(url, {"result": "1-0"}, format="json").status_code == 200
    before = client_for(a1).get(f"{base}/").json()["version"]
    reported = _board(client_for(a1), base, 1)  # the page as the reporter reads it: cached
    assert (reported["white_report"], reported["black_report"]) == ("1-0", "")

    assert client_for(b1).post(url, {"result": "1-0"}, format="json").status_code == 200
    confirmed = _board(client_for(a1), base, 1)
    assert (confirmed["result"], confirmed["white_report"], confirmed["black_report"]) == (
        "1-0",
        "1-0",
        "1-0",
    )
    assert client_for(a1).get(f"{base}/").json()["version"] > before
