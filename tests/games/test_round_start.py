"""Round start (issue 26): each player hears `game_start` on their own socket, with their
redirect setting, and the first-move deadline leaves room for the redirect (docs/games.md)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.utils import timezone

from arbiter.games.models import Game
from arbiter.games.rules import FIRST_MOVE_SECONDS, ROUND_START_GRACE
from arbiter.games.services.play import game_move
from arbiter.ratings.speeds import speed_for_clock
from arbiter.realtime.push import channel_layer, user_group
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db(transaction=True)


def heard_by(
    user_ids: list[int], action: Callable[[], Any], *, until: str
) -> dict[int, list[dict[str, Any]]]:
    """The frames each user's own socket group receives while `action` runs: until a frame of
    event `until` (waited for up to WAIT_SECONDS), then until 1 s passes with nothing more."""
    layer = channel_layer()

    async def listen() -> dict[int, list[dict[str, Any]]]:
        inboxes = {}
        for user_id in user_ids:
            inboxes[user_id] = await layer.new_channel()
            await layer.group_add(user_group(user_id), inboxes[user_id])
        await database_sync_to_async(action)()
        frames: dict[int, list[dict[str, Any]]] = {user_id: [] for user_id in user_ids}
        for user_id, inbox in inboxes.items():
            while True:
                waiting = not any(frame["event"] == until for frame in frames[user_id])
                try:
                    message = await asyncio.wait_for(
                        layer.receive(inbox), timeout=WAIT_SECONDS if waiting else 1.0
                    )
                except TimeoutError:
                    break
                texts = message.get("texts") or [message["text"]]
                frames[user_id] += [json.loads(text) for text in texts]
        return frames

    return async_to_sync(listen)()


def test_each_player_hears_game_start_with_their_game_and_redirect_setting() -> None:
    team, leader, members = team_with_members(2)
    members[1].redirect_to_game = False
    members[1].save(update_fields=["redirect_to_game"])
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201

    def start() -> None:
        assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201

    frames = heard_by([user.id for user in members], start, until="game_start")
    game = Game.objects.get(pairing__round__tournament_id=event["id"])
    for user, redirect in ((members[0], True), (members[1], False)):
        starts = [frame["payload"] for frame in frames[user.id] if frame["event"] == "game_start"]
        assert starts == [
            {"game_id": game.id, "tournament_id": event["id"], "round": 1, "redirect": redirect}
        ]


def test_the_settings_api_turns_the_redirect_off_and_refuses_bad_input() -> None:
    _, _, members = team_with_members(1)
    client = client_of(members[0])
    assert client.get("/api/auth/me/").json()["redirect_to_game"] is True
    response = client.patch("/api/auth/me/settings/", {"redirect_to_game": False}, format="json")
    assert response.status_code == 200 and response.json()["redirect_to_game"] is False
    assert client.get("/api/auth/me/").json()["redirect_to_game"] is False
    bad = client.patch("/api/auth/me/settings/", {"redirect_to_game": "maybe"}, format="json")
    assert bad.status_code == 400 and "redirect_to_game" in bad.json()["extra"]["fields"]


def _online_game() -> Game:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    return Game.objects.select_related("white", "black").get(
        pairing__round__tournament_id=event["id"]
    )


def _first_move_time(game: Game) -> timedelta:
    speed = speed_for_clock(game.initial_ms // 1000, game.increment_ms // 1000)
    return timedelta(seconds=FIRST_MOVE_SECONDS[speed])


def test_white_first_move_deadline_counts_the_redirect_grace_from_the_round_start() -> None:
    game = _online_game()
    assert game.flag_at is not None
    allowed = game.flag_at - game.turn_started_at  # the round start: no move made yet
    assert allowed == _first_move_time(game) + ROUND_START_GRACE


def test_black_keeps_the_grace_after_a_quick_white_move() -> None:
    game = _online_game()
    game = game_move(game_id=game.id, user=game.white, uci="e2e4", ply=0)
    assert game.flag_at == game.created_at + _first_move_time(game) + ROUND_START_GRACE


def test_black_first_move_time_counts_from_white_move_long_after_the_round_start() -> None:
    game = _online_game()
    Game.objects.filter(id=game.id).update(created_at=timezone.now() - timedelta(minutes=5))
    before = timezone.now()
    game = game_move(game_id=game.id, user=game.white, uci="e2e4", ply=0)
    assert game.flag_at is not None
    assert game.flag_at - before >= _first_move_time(game)
    assert game.flag_at - before < _first_move_time(game) + timedelta(seconds=2)
