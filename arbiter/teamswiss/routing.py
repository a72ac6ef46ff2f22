from typing import Any

from django.urls import path

from arbiter.teamswiss.api.socket import TeamSwissConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/team-swiss/<int:event_id>/", TeamSwissConsumer.as_asgi()),  # type: ignore[arg-type]
]
