"""The browser app: one HTML shell for every path the React router owns."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import format_html
from django.utils.translation import get_language, get_language_bidi, gettext
from django.views.decorators.http import require_safe
from django_vite.core.exceptions import DjangoViteAssetNotFoundError

from arbiter.web.bundle import ENTRY, bundle_ready


@require_safe
def app_shell(request: HttpRequest, path: str = "") -> HttpResponse:
    """The app's shell page, in the request's language (its `lang` and `dir`: the browser app
    starts in it); a 503 that says what to run when the bundle is not built."""
    if bundle_ready():
        context = {
            "entry": ENTRY,
            "language": get_language(),
            "direction": "rtl" if get_language_bidi() else "ltr",
            "noscript": format_html(
                gettext("Arbiter needs JavaScript. The REST API is documented at {link}."),
                link=format_html('<a href="{0}">{0}</a>', "/api/docs/"),
            ),
        }
        try:
            return render(request, "web/app_shell.html", context)
        except DjangoViteAssetNotFoundError:
            pass  # a manifest without the entry: a broken or partial build
    return render(request, "web/bundle_missing.html", status=503)
