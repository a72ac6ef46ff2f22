"""The arbiter inside a team event's game, through the API: each action (pause, resume, time,
takeback, result, close a call) in the team event's audit log with its before and after, the
calls' queue of one team event, and the refusals (a player of the game, the leader of another
team, and their reading of the log). The live side (both players hear each action) is
test_arbitration_team_live.py."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.games.models import Game
from arbiter.games.services.play import game_move
from arbiter.teamswiss.models import TeamAuditEntry, TeamSwissBoard
from arbiter.tournaments.models import AuditEntry
from tests.factories.teams import LeaderFactory
from tests.games.helpers import online_game
from tests.teamswiss.online_game import TeamPlaying, team_online_game
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _post(user: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    return client_of(user).post(path, body or {}, format="json")


def _play(playing: TeamPlaying, *moves: str) -> None:
    for uci in moves:
        game = Game.objects.get(id=playing.game.id)
        mover = playing.white if game.ply % 2 == 0 else playing.black
        game_move(game_id=game.id, user=mover, uci=uci, ply=game.ply)


def _log(playing: TeamPlaying) -> list[dict[str, Any]]:
    """The team event's audit log as its leaders read it, oldest first."""
    page = client_of(playing.leader).get(f"/api/team-swiss/{playing.built.event.id}/audit/")
    assert page.status_code == 200, page.data
    return list(reversed(page.data["results"]))


def test_each_arbiter_action_is_in_the_team_events_log_with_before_and_after() -> None:
    playing = team_online_game()
    gid = playing.game.id
    white, black = playing.white.username, playing.black.username
    _play(playing, "e2e4", "e7e5", "g1f3")

    assert _post(playing.leader, f"/api/games/{gid}/pause/").status_code == 200
    added = _post(playing.leader, f"/api/games/{gid}/time/", {"colour": "black", "seconds": 30})
    assert added.status_code == 200
    assert _post(playing.leader, f"/api/games/{gid}/resume/").status_code == 200
    assert _post(playing.leader, f"/api/games/{gid}/takeback/").status_code == 200
    body = {"result": "1/2-1/2", "reason": "Both players agreed by the arbiter's table."}
    assert _post(playing.leader, f"/api/games/{gid}/result/", body).status_code == 200

    log = _log(playing)
    assert [(row["action"], row["actor"]) for row in log] == [
        ("game.paused", playing.leader.username),
        ("game.time_added", playing.leader.username),
        ("game.resumed", playing.leader.username),
        ("game.takeback", playing.leader.username),
        ("game.adjudicated", playing.leader.username),
    ]
    # The subject names the round, the match and the board, as the game page does.
    assert {row["subject"] for row in log} == {f"round 1 match 1 board 1: {white} - {black}"}
    paused, timed, resumed, taken, decided = log
    assert paused["before"] == {"paused": False}
    assert paused["after"]["paused"] is True and paused["after"]["black_ms"] > 0
    assert timed["after"]["added"] == {"black": 30}
    assert timed["after"]["black_ms"] == timed["before"]["black_ms"] + 30_000
    assert timed["after"]["white_ms"] == timed["before"]["white_ms"]
    assert resumed["before"] == {"paused": True} and resumed["after"]["paused"] is False
    assert taken["before"] == {"move": "g1f3"} and taken["after"] == {"ply": 2}
    assert decided["before"] == {"status": "started"}
    assert decided["after"] == {"result": "1/2-1/2", "reason": body["reason"]}
    # The game's end wrote the board's result (a team board's draw is "1/2"); the individual
    # events' log has nothing of it.
    assert TeamSwissBoard.objects.get(id=playing.game.team_board_id).result == "1/2"
    assert not AuditEntry.objects.exists()


def test_closing_a_call_is_in_the_log_and_the_queue_lists_one_team_events_calls() -> None:
    playing = team_online_game(teams=4)
    event = playing.built.event
    gid = playing.game.id
    called = _post(playing.black, f"/api/games/{gid}/call/", {"reason": "misclick", "text": "Qh5?"})
    assert called.status_code == 201, called.data
    assert called.data["team_swiss_id"] == event.id and called.data["tournament_id"] is None
    assert (called.data["round"], called.data["table"], called.data["board"]) == (1, 1, 1)
    # A call at match 2 of the same event, and one in an individual event the same leader runs.
    other_board = Game.objects.select_related("white").get(
        team_board__match__table=2, team_board__board=2
    )
    assert other_board.white is not None
    assert (
        _post(
            other_board.white, f"/api/games/{other_board.id}/call/", {"reason": "other"}
        ).status_code
        == 201
    )
    individual = online_game()
    LeaderFactory(team=individual.event.team, user=playing.leader)  # they lead both hosts
    assert (
        _post(
            individual.white, f"/api/games/{individual.game.id}/call/", {"reason": "other"}
        ).status_code
        == 201
    )

    leader = client_of(playing.leader)
    everything = leader.get("/api/games/calls/").data
    assert len(everything) == 3  # the host team's leaders arbitrate both kinds of event
    queue = leader.get(f"/api/games/calls/?team_swiss={event.id}")
    assert queue.status_code == 200
    assert [(c["game_id"], c["table"], c["board"]) for c in queue.data] == [
        (gid, 1, 1),
        (other_board.id, 2, 2),
    ]
    assert all(c["team_swiss_id"] == event.id for c in queue.data)
    only_individual = leader.get(f"/api/games/calls/?tournament={individual.event.id}").data
    assert [c["game_id"] for c in only_individual] == [individual.game.id]
    assert only_individual[0]["team_swiss_id"] is None and only_individual[0]["table"] is None
    bad = leader.get("/api/games/calls/?team_swiss=seven")
    assert bad.status_code == 400
    assert bad.data["extra"]["fields"] == {"team_swiss": ["Must be a whole number."]}
    # Another club's leader arbitrates none of these games.
    stranger = LeaderFactory().user
    assert client_of(stranger).get(f"/api/games/calls/?team_swiss={event.id}").data == []

    closed = _post(playing.leader, f"/api/games/calls/{called.data['id']}/close/")
    assert closed.status_code == 200 and closed.data["status"] == "closed"
    (entry,) = _log(playing)
    assert entry["action"] == "call.closed" and entry["actor"] == playing.leader.username
    assert entry["before"] == {"status": "open", "reason": "misclick", "text": "Qh5?"}
    assert entry["after"] == {"status": "closed"}
    assert [c["game_id"] for c in leader.get(f"/api/games/calls/?team_swiss={event.id}").data] == [
        other_board.id
    ]


def test_refusals_leave_no_entry_and_only_the_hosts_leaders_read_the_log() -> None:
    playing = team_online_game()
    event = playing.built.event
    gid = playing.game.id
    _play(playing, "e2e4", "e7e5")
    stranger = LeaderFactory().user  # leads another team (and could host events of its own)
    captain = playing.built.captains[0]
    for user in (playing.white, playing.black, captain, stranger):
        refused = _post(user, f"/api/games/{gid}/pause/")
        assert refused.status_code == 403 and "arbiters" in refused.data["message"]
    for path, body in (
        ("time/", {"colour": "white", "seconds": 30}),
        ("takeback/", None),
        ("result/", {"result": "1-0", "reason": "Mine."}),
    ):
        assert _post(stranger, f"/api/games/{gid}/{path}", body).status_code == 403, path
    call = _post(playing.white, f"/api/games/{gid}/call/", {"reason": "other"}).data
    assert _post(stranger, f"/api/games/calls/{call['id']}/close/").status_code == 403
    assert not TeamAuditEntry.objects.exists()
    assert Game.objects.get(id=gid).paused_at is None

    base = f"/api/team-swiss/{event.id}"
    for user in (stranger, playing.white, captain):
        for path in ("audit/", "audit.csv"):
            refused = client_of(user).get(f"{base}/{path}")
            assert refused.status_code == 403, (user, path)
            assert "audit log" in refused.json()["message"]
    assert client_of(playing.leader).get("/api/team-swiss/999999/audit/").status_code == 404
