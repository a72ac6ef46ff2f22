"""The admin site with its login throttled per client address, in the same allowance as the
API's login and register (scope `auth`): a password guesser gains nothing by switching forms.

The address is DRF's: `REMOTE_ADDR`, or behind `NUM_PROXIES` trusted proxies the one the last
of them appended to `X-Forwarded-For`; a header the client wrote itself never counts.
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from arbiter.common.throttling import SimpleRateThrottle


class AdminLoginThrottle(SimpleRateThrottle):
    scope = "auth"

    def get_cache_key(self, request: Any, view: Any) -> str:
        # The key ScopedRateThrottle uses for the API's login: one budget for both forms.
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ThrottledAdminSite(admin.AdminSite):
    def login(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> Any:
        if request.method == "POST":
            throttle = AdminLoginThrottle()
            if not throttle.allow_request(request, None):
                wait = throttle.wait()
                response = HttpResponse(
                    gettext("Too many sign-in attempts from this address; try again later."),
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                if wait is not None:
                    response["Retry-After"] = str(max(1, round(wait)))
                return response
        return super().login(request, extra_context)
