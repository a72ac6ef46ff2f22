"""`manage.py serve`: HTTP + WebSocket on daphne, plus in-process tasks in embedded mode."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the whole app (HTTP, WebSocket, and background tasks when embedded)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        # daphne.server installs the asyncio Twisted reactor; it must be imported first.
        from daphne.endpoints import build_endpoint_description_strings
        from daphne.server import Server, twisted_loop
        from twisted.internet import reactor

        from arbiter.core.embedded import runner
        from config.asgi import application

        if settings.EMBEDDED:
            reactor.callWhenRunning(runner.start, twisted_loop)
        mode = "embedded (in-memory channels, in-process tasks)" if settings.EMBEDDED else "redis"
        self.stdout.write(
            f"Arbiter is serving at http://{host}:{port}/  (API docs: /api/docs/, mode: {mode})\n"
            "Create an admin user with:  .venv/bin/python manage.py createsuperuser\n"
        )
        Server(
            application=application,
            endpoints=build_endpoint_description_strings(host=host, port=port),
            signal_handlers=True,
            verbosity=1,
        ).run()
