"""Every path outside /api/, /admin/, /static/ and /ws/ belongs to the browser app."""

from django.urls import re_path

from arbiter.web.views import app_shell

urlpatterns = [
    re_path(r"^(?!(?:api|admin|static|ws)(?:/|$))(?P<path>.*)$", app_shell, name="app"),
]
