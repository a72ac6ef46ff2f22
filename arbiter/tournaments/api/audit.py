"""The audit log of an event, for its leaders: a page of entries, or all of them as CSV."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, paginated_response
from arbiter.common.pagination import DefaultPagination
from arbiter.tournaments.api.common import SwissFilterSerializer, tournament_or_404
from arbiter.tournaments.read import audit
from arbiter.tournaments.services.audit import AUDIT_ACTIONS, audit_reader_check
from arbiter.users.authentication import authenticated_user


class AuditEntryOutputSerializer(serializers.Serializer):
    """An entry of either kind of event's log (individual and team events share it)."""

    id = serializers.IntegerField()
    at = serializers.DateTimeField()
    actor = serializers.CharField(source="actor_name", help_text="Blank: the server itself.")
    action = serializers.CharField()
    subject = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class AuditListApi(APIView):
    """Every arbiter's and leader's action on the event, newest first (leaders only)."""

    pagination_class = DefaultPagination

    class FilterSerializer(SwissFilterSerializer):
        """The page, and one action (the team events' log takes the same)."""

        action = serializers.ChoiceField(choices=AUDIT_ACTIONS, required=False)

    @extend_schema(
        operation_id="tournaments_swiss_audit_list",
        parameters=[FilterSerializer],
        responses={
            200: AuditEntryOutputSerializer(many=True),
            **error_responses({403: "Only the team's leaders see the audit log."}),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        audit_reader_check(tournament=tournament, user=user)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        queryset = audit.audit_list(
            tournament=tournament, action=filters.validated_data.get("action")
        )
        return paginated_response(
            queryset=queryset,
            serializer_class=AuditEntryOutputSerializer,
            request=request,
            view=self,
        )


# The CSV's schema and response, shared with the team events' log (teamswiss.api.audit).
AUDIT_CSV_RESPONSES: dict[Any, Any] = {
    (200, "text/csv"): OpenApiResponse(description="The audit log as CSV"),
    **error_responses({403: "Only the team's leaders see the audit log."}),
}


def audit_csv_response(*, text: str, filename: str) -> HttpResponse:
    """A log written as CSV (`read.audit.audit_entries_csv`), as a download."""
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class AuditCsvApi(APIView):
    """The whole audit log as a CSV file, oldest first (leaders only)."""

    @extend_schema(responses=AUDIT_CSV_RESPONSES)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        audit_reader_check(tournament=tournament, user=user)
        return audit_csv_response(
            text=audit.audit_csv(tournament=tournament), filename=f"audit-{tournament.id}.csv"
        )
