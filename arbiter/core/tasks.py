from celery import shared_task

from arbiter.core.heartbeat import Part, heartbeat_record


@shared_task(name="core.ping", ignore_result=False)  # its caller reads the value
def ping(value: str = "pong") -> str:
    """Round-trip check for the task broker (health checks and tests)."""
    return value


@shared_task(name="core.heartbeat", acks_late=False, ignore_result=True)
def heartbeat(job: str | None = None) -> None:
    """Sent by beat every few seconds: a worker ran a task now (GET /api/health/); with `job`,
    sent to that job's queue (arbiter.core.task_queues)."""
    heartbeat_record(part=Part.WORKER, job=job)
