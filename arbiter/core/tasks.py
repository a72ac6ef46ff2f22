from celery import shared_task


@shared_task(name="core.ping")
def ping(value: str = "pong") -> str:
    """Round-trip check for the task broker (health checks and tests)."""
    return value
