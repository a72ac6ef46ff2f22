"""Every REST endpoint lives under /api/; each app contributes its own urls module."""

from django.urls import include, path

from arbiter.users.urls import profile_urlpatterns

urlpatterns = [
    path("", include(("arbiter.core.urls", "core"))),
    path("auth/", include(("arbiter.users.urls", "users"))),
    path("users/", include((profile_urlpatterns, "profiles"))),
    path("teams/", include(("arbiter.teams.urls", "teams"))),
    path("tournaments/swiss/", include(("arbiter.tournaments.urls", "swiss"))),
    # An event's games, online or over the board, and its boards' games entered (arbiter.otb).
    path("tournaments/swiss/", include(("arbiter.otb.urls", "otb"))),
    # An event's national federation rating reports (arbiter.exports, docs/exports.md): mounted
    # here, not by the tournaments app, which the exports read (no import in a circle).
    path(
        "tournaments/swiss/<int:tournament_id>/exports/",
        include(("arbiter.exports.urls", "exports")),
    ),
    path("team-swiss/", include(("arbiter.teamswiss.urls", "team-swiss"))),
    path("games/", include(("arbiter.games.urls", "games"))),
    path("tools/", include(("arbiter.tools.urls", "tools"))),
]
