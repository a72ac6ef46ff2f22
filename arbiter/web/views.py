"""The browser app: one HTML shell for every path the React router owns."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe
from django_vite.core.exceptions import DjangoViteAssetNotFoundError

from arbiter.web.bundle import ENTRY, bundle_ready


@require_safe
def app_shell(request: HttpRequest, path: str = "") -> HttpResponse:
    """The app's shell page; a 503 that says what to run when the bundle is not built."""
    if bundle_ready():
        try:
            return render(request, "web/app_shell.html", {"entry": ENTRY})
        except DjangoViteAssetNotFoundError:
            pass  # a manifest without the entry: a broken or partial build
    return render(request, "web/bundle_missing.html", status=503)
