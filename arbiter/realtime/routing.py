from typing import Any

from django.urls import path

from arbiter.realtime.consumers import SwissTournamentConsumer, UserConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/me/", UserConsumer.as_asgi()),  # type: ignore[arg-type]
    path(
        "ws/tournaments/swiss/<int:tournament_id>/",
        SwissTournamentConsumer.as_asgi(),  # type: ignore[arg-type]
    ),
]
