"""The arbiter inside a game, through the API: a player's call, the queue, each arbiter action
(pause, resume, time, takeback, result, close) with its audit entry, and the refusals (a
player, another event's arbiter, a finished game)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from arbiter.games.models import ArbiterCall, Game
from arbiter.games.services.play import game_flag_if_due, game_move
from arbiter.tournaments.models import AuditEntry, SwissPairing
from tests.factories.users import UserFactory
from tests.games.helpers import Playing, online_game
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _post(user: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    return client_of(user).post(path, body or {}, format="json")


def _play(playing: Playing, *moves: str) -> None:
    for uci in moves:
        game = Game.objects.get(id=playing.game.id)
        mover = playing.white if game.ply % 2 == 0 else playing.black
        game_move(game_id=game.id, user=mover, uci=uci, ply=game.ply)


def _audit(playing: Playing) -> list[tuple[str, str]]:
    entries = AuditEntry.objects.filter(tournament=playing.event).order_by("id")
    return [(entry.action, entry.actor_name) for entry in entries]


def test_a_player_calls_the_arbiter_once_and_the_arbiter_closes_the_call() -> None:
    playing = online_game()
    gid = playing.game.id
    called = _post(playing.white, f"/api/games/{gid}/call/", {"reason": "misclick", "text": "Nf3?"})
    assert called.status_code == 201, called.data
    assert called.data["reason"] == "misclick" and called.data["status"] == "open"
    assert called.data["colour"] == "white" and called.data["caller"] == playing.white.username
    again = _post(playing.white, f"/api/games/{gid}/call/", {"reason": "other"})
    assert again.status_code == 409 and "already called" in again.data["message"]
    assert (
        _post(playing.black, f"/api/games/{gid}/call/", {"reason": "fair_play"}).status_code == 201
    )
    spectator = UserFactory()
    refused = _post(spectator, f"/api/games/{gid}/call/", {"reason": "other"})
    assert refused.status_code == 403 and "players" in refused.data["message"]
    bad = _post(playing.white, f"/api/games/{gid}/call/", {"reason": "bored"})
    assert bad.status_code == 400 and "reason" in bad.data["extra"]["fields"]

    # The player sees their own call, not the opponent's; the arbiter sees both, in the queue.
    mine = client_of(playing.white).get(f"/api/games/{gid}/calls/").data
    assert mine["arbiter"] is False and [call["reason"] for call in mine["calls"]] == ["misclick"]
    seen = client_of(playing.leader).get(f"/api/games/{gid}/calls/").data
    assert seen["arbiter"] is True and len(seen["calls"]) == 2
    queue = client_of(playing.leader).get(f"/api/games/calls/?tournament={playing.event.id}")
    assert [call["reason"] for call in queue.data] == ["misclick", "fair_play"]
    assert queue.data[0]["game_id"] == gid and queue.data[0]["board"] == 1
    other = online_game()
    assert client_of(other.leader).get("/api/games/calls/").data == []

    call_id = called.data["id"]
    assert _post(other.leader, f"/api/games/calls/{call_id}/close/").status_code == 403
    assert _post(playing.white, f"/api/games/calls/{call_id}/close/").status_code == 403
    closed = _post(playing.leader, f"/api/games/calls/{call_id}/close/")
    assert closed.status_code == 200 and closed.data["status"] == "closed"
    assert _post(playing.leader, f"/api/games/calls/{call_id}/close/").status_code == 409
    assert ArbiterCall.objects.get(id=call_id).closed_by == playing.leader
    assert _audit(playing) == [("call.closed", playing.leader.username)]
    # Closed, the player may call again.
    assert _post(playing.white, f"/api/games/{gid}/call/", {"reason": "other"}).status_code == 201


def test_pause_add_time_and_resume_with_their_audit_entries() -> None:
    playing = online_game()
    gid = playing.game.id
    _play(playing, "e2e4", "e7e5")
    for user in (playing.white, online_game().leader):
        refused = _post(user, f"/api/games/{gid}/pause/")
        assert refused.status_code == 403 and "arbiters" in refused.data["message"]

    paused = _post(playing.leader, f"/api/games/{gid}/pause/")
    assert paused.status_code == 200
    assert paused.data["paused"] is True and paused.data["clock_running"] is False
    assert Game.objects.get(id=gid).flag_at is None
    assert _post(playing.leader, f"/api/games/{gid}/pause/").status_code == 409
    move = client_of(playing.white).post(f"/api/games/{gid}/move/g1f3/?ply=2")
    assert move.status_code == 409 and "paused" in move.data["message"]

    # A paused clock stands still, and cannot flag.
    Game.objects.filter(id=gid).update(
        paused_at=timezone.now() - timedelta(hours=1),
        turn_started_at=timezone.now() - timedelta(hours=1),
    )
    wtime = paused.data["wtime"]
    assert client_of(playing.white).get(f"/api/games/{gid}/").data["wtime"] == wtime
    assert game_flag_if_due(game_id=gid) is False

    added = _post(playing.leader, f"/api/games/{gid}/time/", {"colour": "white", "seconds": 30})
    assert added.status_code == 200 and added.data["wtime"] == wtime + 30_000
    for body in ({"colour": "white", "seconds": 0}, {"colour": "red", "seconds": 30}):
        assert _post(playing.leader, f"/api/games/{gid}/time/", body).status_code == 400
    assert (
        _post(
            playing.black, f"/api/games/{gid}/time/", {"colour": "black", "seconds": 30}
        ).status_code
        == 403
    )

    resumed = _post(playing.leader, f"/api/games/{gid}/resume/")
    assert resumed.status_code == 200 and resumed.data["paused"] is False
    assert resumed.data["clock_running"] is True
    game = Game.objects.get(id=gid)
    assert game.flag_at == game.turn_started_at + timedelta(milliseconds=game.white_ms)
    assert _post(playing.leader, f"/api/games/{gid}/resume/").status_code == 409
    assert client_of(playing.white).post(f"/api/games/{gid}/move/g1f3/?ply=2").status_code == 200
    actions = [action for action, _ in _audit(playing)]
    assert actions == ["game.paused", "game.time_added", "game.resumed"]
    entry = AuditEntry.objects.get(tournament=playing.event, action="game.time_added")
    assert entry.subject.startswith("round 1 board 1: ")
    assert entry.after is not None and entry.after["added"] == {"white": 30}


def test_time_added_to_the_running_side_moves_its_flag() -> None:
    playing = online_game()
    gid = playing.game.id
    _play(playing, "e2e4", "e7e5")
    before = Game.objects.get(id=gid).flag_at
    assert before is not None
    assert (
        _post(
            playing.leader, f"/api/games/{gid}/time/", {"colour": "white", "seconds": 30}
        ).status_code
        == 200
    )
    assert Game.objects.get(id=gid).flag_at == before + timedelta(seconds=30)


def test_takeback_of_the_last_move() -> None:
    playing = online_game()
    gid = playing.game.id
    nothing = _post(playing.leader, f"/api/games/{gid}/takeback/")
    assert nothing.status_code == 409 and "no move" in nothing.data["message"]
    _play(playing, "e2e4", "e7e5", "g1f3")
    assert _post(playing.black, f"/api/games/{gid}/takeback/").status_code == 403
    white_ms = Game.objects.get(id=gid).white_ms
    taken = _post(playing.leader, f"/api/games/{gid}/takeback/")
    assert taken.status_code == 200
    assert taken.data["moves"] == "e2e4 e7e5" and taken.data["ply"] == 2
    assert taken.data["turn"] == "white" and taken.data["san"] == ["e4", "e5"]
    assert taken.data["corrections"] == 1
    # White's increment for the move taken back goes with it.
    assert Game.objects.get(id=gid).white_ms <= white_ms - playing.game.increment_ms
    # White moves again, from ply 2.
    assert client_of(playing.white).post(f"/api/games/{gid}/move/d2d4/?ply=2").status_code == 200
    assert [action for action, _ in _audit(playing)] == ["game.takeback"]


def test_the_arbiters_result_is_the_boards_and_ends_the_game() -> None:
    playing = online_game()
    gid = playing.game.id
    _play(playing, "e2e4", "e7e5")
    body = {"result": "0-1", "reason": "White left the game."}
    assert _post(playing.white, f"/api/games/{gid}/result/", body).status_code == 403
    bad = _post(playing.leader, f"/api/games/{gid}/result/", {"result": "2-0", "reason": "x"})
    assert bad.status_code == 400 and "result" in bad.data["extra"]["fields"]
    ended = _post(playing.leader, f"/api/games/{gid}/result/", body)
    assert ended.status_code == 200
    assert ended.data["status"] == "adjudicated" and ended.data["winner"] == "black"
    assert SwissPairing.objects.get(id=playing.game.pairing_id).result == "0-1"
    standings = client_of(playing.white).get(f"/api/tournaments/swiss/{playing.event.id}/")
    assert standings.status_code == 200
    entry = AuditEntry.objects.get(tournament=playing.event, action="game.adjudicated")
    assert entry.after == {"result": "0-1", "reason": "White left the game."}
    pgn = client_of(playing.white).get(f"/api/games/{gid}/pgn/").content.decode()
    assert '[Result "0-1"]' in pgn and '[Termination "Adjudication"]' in pgn

    # A finished game: no action, no call.
    for path, data in (
        ("pause/", None),
        ("resume/", None),
        ("takeback/", None),
        ("time/", {"colour": "white", "seconds": 30}),
        ("result/", body),
    ):
        refused = _post(playing.leader, f"/api/games/{gid}/{path}", data)
        assert refused.status_code == 409 and "over" in refused.data["message"], path
    assert _post(playing.white, f"/api/games/{gid}/call/", {"reason": "other"}).status_code == 409


def test_a_pause_before_the_first_moves_gives_a_fresh_first_move_time_on_resume() -> None:
    playing = online_game()
    gid = playing.game.id
    assert _post(playing.leader, f"/api/games/{gid}/pause/").data["first_move_deadline"] is None
    Game.objects.filter(id=gid).update(created_at=timezone.now() - timedelta(hours=1))
    assert game_flag_if_due(game_id=gid) is False
    resumed = _post(playing.leader, f"/api/games/{gid}/resume/").data
    assert resumed["first_move_deadline"] is not None
    flag_at = Game.objects.get(id=gid).flag_at
    assert flag_at is not None and flag_at > timezone.now() + timedelta(seconds=10)


def test_a_player_may_resign_while_paused_without_losing_time() -> None:
    playing = online_game()
    gid = playing.game.id
    _play(playing, "e2e4", "e7e5")
    wtime = _post(playing.leader, f"/api/games/{gid}/pause/").data["wtime"]
    Game.objects.filter(id=gid).update(turn_started_at=timezone.now() - timedelta(minutes=1))
    ended = client_of(playing.white).post(f"/api/games/{gid}/resign/")
    assert ended.status_code == 200 and ended.data["status"] == "resign"
    assert ended.data["wtime"] == wtime
