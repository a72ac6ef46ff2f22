from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from arbiter.otb.urls import feed_urlpatterns
from arbiter.tournaments.urls import calendar_urlpatterns

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view: its script is a file of its own, no inline script (the CSP allows none).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include(("arbiter.api.urls", "api"))),
    # iCalendar feeds at the root (/swiss/{id}.ics, /@/{username}/swiss.ics).
    path("", include((calendar_urlpatterns, "calendar"))),
    # The broadcast PGN feeds at the root (/swiss/{id}.pgn, /swiss/{id}/round/{n}.pgn).
    path("", include((feed_urlpatterns, "broadcast"))),
    # lichess's paths at the root (berserk keeps no base path), before the browser app's.
    path("", include(("arbiter.lichess.urls", "lichess"))),
    # Last: the browser app's shell for every other path (its router shows its own 404).
    path("", include(("arbiter.web.urls", "web"))),
]

handler400 = "arbiter.common.views.bad_request"
handler403 = "arbiter.common.views.permission_denied"
handler404 = "arbiter.common.views.not_found"
handler500 = "arbiter.common.views.server_error"
