"""An event as a TRF-2026 file with its team records, and an event from one."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.exceptions import InvalidInput
from arbiter.common.parsers import DepthSafeJSONParser, LimitedMultiPartParser
from arbiter.teamswiss.api.common import TeamSwissInputSerializer, event_or_404, host_in_body
from arbiter.teamswiss.live import payloads
from arbiter.teamswiss.read.serializers import TeamSwissEventOutputSerializer
from arbiter.teamswiss.read.trf_export import event_trf, trf_file_name
from arbiter.teamswiss.services import trf_import
from arbiter.tournaments.api.common import upload_text
from arbiter.users.authentication import authenticated_user


class TeamSwissTrfExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={(200, "text/plain"): OpenApiResponse(description="TRF-2026 with team records")}
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = event_or_404(event_id)
        response = HttpResponse(event_trf(event=event), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{trf_file_name(event=event)}"'
        return response


class TeamSwissTrfImportApi(APIView):
    """A leader of `team` makes an event of a team TRF (TRF-2026 with 310 records): its
    teams, squads and rounds, all stored complete."""

    parser_classes = [DepthSafeJSONParser, LimitedMultiPartParser]
    # Counted by the service, in the allowance every path shares (docs/security.md).
    service_throttle = "create"

    class InputSerializer(TeamSwissInputSerializer):
        team = serializers.SlugField(help_text="The host team's slug.")
        file = serializers.FileField(help_text="The TRF file (multipart body).")

    @extend_schema(
        request={"multipart/form-data": InputSerializer},
        responses={201: TeamSwissEventOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = data.validated_data
        host = host_in_body(values["team"])
        if trf_import.binary(values["file"]):  # a PDF, a spreadsheet, an image ...
            raise InvalidInput({"file": [trf_import.not_trf()]})
        text = upload_text(values["file"], "file")
        event = trf_import.event_from_trf(host=host, user=user, text=text)
        return Response(
            payloads.event_payload(event_or_404(event.id)), status=status.HTTP_201_CREATED
        )
