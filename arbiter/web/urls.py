"""Every path outside /api/, /admin/, /static/ and /ws/ belongs to the browser app, but a
feed's (`common.views.FEED_SUFFIXES`): the app has no page ending in `.ics` or `.pgn`, so such
a path that no feed matched (`/swiss/abc.ics`, with or without a slash after it) is a JSON 404
as the feeds answer it, not the app's shell."""

from django.urls import re_path

from arbiter.common.views import FEED_SUFFIXES
from arbiter.web.views import app_shell

_FEED = "|".join(FEED_SUFFIXES)

urlpatterns = [
    re_path(
        rf"^(?!(?:api|admin|static|ws)(?:/|$))(?!.*\.(?:{_FEED})/?$)(?P<path>.*)$",
        app_shell,
        name="app",
    ),
]
