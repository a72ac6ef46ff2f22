"""ASGI entry point: HTTP through Django, `/ws/` through Channels with session + token auth."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from arbiter.realtime.auth import TokenOrSessionAuthMiddlewareStack  # noqa: E402
from arbiter.realtime.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            TokenOrSessionAuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
