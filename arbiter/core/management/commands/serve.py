"""`manage.py serve`: HTTP + WebSocket on uvicorn; in embedded mode also the in-process tasks.

Per-message compression of WebSocket frames is off: a push is the same frame for every
watcher, and deflating it once per socket cost more CPU than all the result writes together
(measured by `benchmarks/bench_live.py`; see docs/live.md).
"""

import asyncio
import logging
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

APPLICATION = "config.asgi:application"

logger = logging.getLogger(__name__)


# On shutdown uvicorn waits for the answers in flight; a lichess stream (the event and game
# NDJSON streams) is one until its client leaves, so a stop or a deploy would wait forever.
# Past this many seconds the rest are cancelled: lichess clients reconnect.
GRACEFUL_SHUTDOWN_SECONDS = 5
# An idle keep-alive connection is kept longer than clients and proxies keep theirs in a pool
# (Node's agents, browsers, a proxy's 60 s): uvicorn's 5 s default closed connections that a
# client was just reusing, and the request on it failed with ECONNRESET.
KEEP_ALIVE_SECONDS = 65


def server_options() -> dict[str, Any]:
    """What every Arbiter web process runs with (Django's ASGI handler has no lifespan)."""
    return {
        "lifespan": "off",
        "ws_per_message_deflate": False,
        "log_level": "info",
        # A line per request costs CPU on the hot paths (a move, a refetch); in production the
        # reverse proxy keeps the access log (ARBITER_ACCESS_LOG, docs/configuration.md).
        "access_log": settings.ACCESS_LOG,
        "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    }


class Command(BaseCommand):
    help = "Serve the whole app (HTTP, WebSocket, and background tasks when embedded)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--workers",
            type=int,
            default=1,
            help="web processes sharing the port (with Redis only; about 2 per core)",
        )

    def handle(self, *args: Any, host: str, port: int, workers: int, **options: Any) -> None:
        import uvicorn

        if workers < 1:
            raise CommandError("--workers must be at least 1.")
        if settings.EMBEDDED and workers > 1:
            raise CommandError(
                "Embedded mode (no REDIS_URL) keeps channels and tasks in one process: "
                "--workers must be 1. Set REDIS_URL to run several web processes."
            )
        mode = "embedded (in-memory channels, in-process tasks)" if settings.EMBEDDED else "redis"
        self.stdout.write(
            f"Arbiter is serving at http://{host}:{port}/  (API docs: /api/docs/, mode: {mode}, "
            f"web processes: {workers})\n"
            "Create an admin user with:  .venv/bin/python manage.py createsuperuser\n"
        )
        self.stdout.flush()
        if workers > 1:  # uvicorn's supervisor starts the processes and restarts dead ones
            uvicorn.run(APPLICATION, host=host, port=port, workers=workers, **server_options())
            return
        config = uvicorn.Config(APPLICATION, host=host, port=port, **server_options())
        with asyncio.Runner(loop_factory=config.get_loop_factory()) as loop:
            loop.run(self._serve(_server_class()(config)))

    async def _serve(self, server: Any) -> None:
        if settings.EMBEDDED:  # the task runner and the in-memory layer share the server's loop
            from arbiter.core.embedded import runner

            runner.start(asyncio.get_running_loop())
        await server.serve()


def _server_class() -> type[Any]:
    import uvicorn

    class Server(uvicorn.Server):
        """Kills the pairing engines this process runs when it shuts down: uvicorn re-raises
        the SIGTERM it caught once served, which ends the process before any `finally` of
        ours or the pairing threads could (docs/pairing.md)."""

        async def shutdown(self, *args: Any, **kwargs: Any) -> None:
            from arbiter.pairing.subprocess_runner import engines_kill_all

            killed = engines_kill_all()
            if killed:
                logger.warning("shutting down: %s pairing engine(s) killed", killed)
            await super().shutdown(*args, **kwargs)

    return Server
