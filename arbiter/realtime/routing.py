"""The transport's own socket; `config/asgi.py` adds each app's routes to it."""

from typing import Any

from django.urls import path

from arbiter.realtime.consumers import UserConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/me/", UserConsumer.as_asgi()),  # type: ignore[arg-type]
]
