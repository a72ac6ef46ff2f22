from typing import Any

from django.urls import path

from arbiter.games.api.socket import GameConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),  # type: ignore[arg-type]
]
