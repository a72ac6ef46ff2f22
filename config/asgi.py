"""ASGI entry point: HTTP through Django, `/ws/` through Channels with session, token or
ticket auth (arbiter.users.websocket_auth).

The socket routes are composed here: the transport's own (`/ws/me/`) and each app's.
"""

import os
import sys

from django.core.asgi import get_asgi_application

from config.collector import collector_tune

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

# A web process runs request threads beside its event loop. A thread waiting on the database
# gets the GIL back only when a busy thread yields it, by default every 5 ms; a result request
# holding the event lock waits so after each of its queries, and every other write to the
# event waits behind it. 1 ms: more results a second at 1,000 sockets (docs/live.md, "Load").
sys.setswitchinterval(0.001)

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.urls import re_path  # noqa: E402

from arbiter.common.page_shortcut import page_shortcut  # noqa: E402
from arbiter.games import routing as games_routing  # noqa: E402
from arbiter.realtime import routing as realtime_routing  # noqa: E402
from arbiter.realtime.consumers import UnknownPathConsumer  # noqa: E402
from arbiter.teamswiss import routing as teamswiss_routing  # noqa: E402
from arbiter.tournaments import routing as tournaments_routing  # noqa: E402
from arbiter.users.websocket_auth import SocketAuthMiddlewareStack  # noqa: E402
from config.http_slots import http_slots  # noqa: E402

websocket_urlpatterns = [
    *realtime_routing.websocket_urlpatterns,
    *tournaments_routing.websocket_urlpatterns,
    *games_routing.websocket_urlpatterns,
    *teamswiss_routing.websocket_urlpatterns,
    # Last: any other /ws/ path is closed with 4404.
    re_path(r"^ws/", UnknownPathConsumer.as_asgi()),  # type: ignore[arg-type]
]

application = ProtocolTypeRouter(
    {
        # A cached page asked again is answered from memory on the loop (the shortcut);
        # otherwise at most HTTP_CONCURRENCY request threads at once, the rest wait on the loop.
        "http": page_shortcut(http_slots(django_asgi_app, slots=settings.HTTP_CONCURRENCY)),
        # The Origin check is inside: it applies to cookie-authenticated sockets only.
        "websocket": SocketAuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
    }
)


collector_tune()  # last: everything loaded above stays out of collections (config/collector.py)
