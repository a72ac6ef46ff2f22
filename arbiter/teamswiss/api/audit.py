"""A team event's audit log, for the host team's leaders: a page of entries, or all of them
as CSV; the individual events' output, filter and CSV (tournaments.api.audit)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, paginated_response
from arbiter.common.pagination import DefaultPagination
from arbiter.teamswiss.api.common import event_or_404
from arbiter.teamswiss.read.audit import team_audit_csv, team_audit_list
from arbiter.teamswiss.services.audit import team_audit_reader_check
from arbiter.tournaments.api.audit import (
    AUDIT_CSV_RESPONSES,
    AuditEntryOutputSerializer,
    AuditListApi,
    audit_csv_response,
)
from arbiter.users.authentication import authenticated_user


class TeamSwissAuditListApi(APIView):
    """Every arbiter's action on the team event, newest first (the host team's leaders)."""

    pagination_class = DefaultPagination
    FilterSerializer = AuditListApi.FilterSerializer

    @extend_schema(
        operation_id="team_swiss_audit_list",
        parameters=[FilterSerializer],
        responses={
            200: AuditEntryOutputSerializer(many=True),
            **error_responses({403: "Only the team's leaders see the audit log."}),
        },
    )
    def get(self, request: Request, event_id: int) -> Response:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        team_audit_reader_check(event=event, user=user)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        return paginated_response(
            queryset=team_audit_list(event=event, action=filters.validated_data.get("action")),
            serializer_class=AuditEntryOutputSerializer,
            request=request,
            view=self,
        )


class TeamSwissAuditCsvApi(APIView):
    """The team event's whole audit log as a CSV file, oldest first (the host's leaders)."""

    @extend_schema(operation_id="team_swiss_audit_csv", responses=AUDIT_CSV_RESPONSES)
    def get(self, request: Request, event_id: int) -> HttpResponse:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        team_audit_reader_check(event=event, user=user)
        return audit_csv_response(
            text=team_audit_csv(event=event), filename=f"team-audit-{event.id}.csv"
        )
