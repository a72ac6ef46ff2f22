"""Every REST endpoint lives under /api/; each app contributes its own urls module."""

from django.urls import include, path

urlpatterns = [
    path("", include(("arbiter.core.urls", "core"))),
    path("auth/", include(("arbiter.users.urls", "users"))),
    path("teams/", include(("arbiter.teams.urls", "teams"))),
    path("tournaments/swiss/", include(("arbiter.tournaments.urls", "swiss"))),
]
