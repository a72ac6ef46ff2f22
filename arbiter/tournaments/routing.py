from typing import Any

from django.urls import path

from arbiter.tournaments.api.socket import SwissTournamentConsumer

websocket_urlpatterns: list[Any] = [
    path(
        "ws/tournaments/swiss/<int:tournament_id>/",
        SwissTournamentConsumer.as_asgi(),  # type: ignore[arg-type]
    ),
]
