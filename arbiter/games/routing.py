from typing import Any

from django.urls import path

from arbiter.games.live.consumers import GameConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),  # type: ignore[arg-type]
]
