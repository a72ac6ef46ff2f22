from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.core.health import readiness_report
from arbiter.core.task_queues import HEARTBEAT_JOBS, Job

_CheckSerializer = inline_serializer(
    "HealthCheck",
    {
        "ok": serializers.BooleanField(),
        "backend": serializers.CharField(),
        "error": serializers.CharField(allow_null=True),
    },
)


_HeartbeatSerializer = inline_serializer(
    "HealthHeartbeat",
    {
        "ok": serializers.BooleanField(),
        "backend": serializers.CharField(),
        "error": serializers.CharField(allow_null=True),
        "last_heartbeat": serializers.DateTimeField(allow_null=True),
        "age_seconds": serializers.FloatField(allow_null=True),
        "max_age_seconds": serializers.FloatField(),
    },
)


def _job_heartbeat(job: Job) -> serializers.Serializer[Any]:
    return inline_serializer(
        f"HealthHeartbeat{job.value.title()}",
        {**_HeartbeatSerializer.fields},
        required=False,
        help_text=f"Present under ARBITER_TASK_QUEUES=split: the worker of the {job} queue.",
    )


_JOB_HEARTBEATS = {f"worker_{job}": _job_heartbeat(job) for job in HEARTBEAT_JOBS}


class HealthApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        responses={
            (code, "application/json"): inline_serializer(
                f"Health{code}",
                {
                    "ok": serializers.BooleanField(),
                    "checked_at": serializers.DateTimeField(
                        help_text="When the checks ran: answers are kept for "
                        "ARBITER_HEALTH_CACHE_SECONDS in each process."
                    ),
                    "database": _CheckSerializer,
                    "channel_layer": _CheckSerializer,
                    "task_broker": _CheckSerializer,
                    "worker": _HeartbeatSerializer,
                    "beat": _HeartbeatSerializer,
                    # Under queues by job only (ARBITER_TASK_QUEUES=split): each job's queue.
                    **_JOB_HEARTBEATS,
                },
            )
            for code in (200, 503)
        }
    )
    def get(self, request: Request) -> Response:
        report = readiness_report()
        body = {"ok": report["ok"], "checked_at": report["checked_at"], **report["checks"]}
        return Response(body, status=200 if report["ok"] else 503)


# Also the cheapest Django view there is: benchmarks/bench_reads.py measures reads against it.
class LivenessApi(APIView):
    """Liveness: the web process answers, touching no database, cache or broker. Point a load
    balancer's liveness probe here; `GET /api/health/` is the readiness check."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(
        responses={
            (200, "application/json"): inline_serializer(
                "HealthLive", {"ok": serializers.BooleanField()}
            )
        }
    )
    def get(self, request: Request) -> Response:
        return Response({"ok": True})
