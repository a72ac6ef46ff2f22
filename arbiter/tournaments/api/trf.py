"""An event from a TRF file, and an event as one."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.common.event_settings import CLOCK_INCREMENT_MAX, CLOCK_LIMIT_MAX
from arbiter.common.exceptions import NotFound
from arbiter.tournaments.api.common import (
    UPLOAD_PARSERS,
    SwissInputSerializer,
    clock_checked,
    tournament_or_404,
    upload_text,
)
from arbiter.tournaments.read.trf_export import tournament_trf_for, trf_file_name
from arbiter.tournaments.services import trf_import
from arbiter.trf.formats import DEFAULT_FORMAT, FORMATS
from arbiter.users.authentication import authenticated_user


class TrfImportApi(APIView):
    """Leaders create an over-the-board event from a TRF (TRF-2026, TRF-16 or extended), as
    text (`trf`) or an uploaded `file` (a multipart body); the answer lists where our
    standings differ from the file's. A file the reader refuses is a 400 with its line and
    column. A caller who does not lead `team` gets a 403 before the file is read."""

    parser_classes = UPLOAD_PARSERS
    # Counted by the service, in the allowance every path shares (docs/security.md).
    service_throttle = "create"

    class InputSerializer(SwissInputSerializer):
        team = serializers.SlugField()
        trf = serializers.CharField(required=False, trim_whitespace=False)
        file = serializers.FileField(required=False, help_text="A TRF file (multipart body).")
        clock_limit_seconds = serializers.IntegerField(
            min_value=0, max_value=CLOCK_LIMIT_MAX, default=5400
        )
        clock_increment_seconds = serializers.IntegerField(
            min_value=0, max_value=CLOCK_INCREMENT_MAX, default=30
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            attrs = super().validate(attrs)
            if ("trf" in attrs) == ("file" in attrs):
                raise serializers.ValidationError(_("Give the TRF as trf (text) or as file."))
            return clock_checked(attrs)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(source="tournament.id")
        differences = serializers.ListField(child=serializers.CharField())
        warnings = serializers.ListField(child=serializers.CharField())

    @extend_schema(
        request={
            "application/json": InputSerializer,
            "multipart/form-data": InputSerializer,
        },
        responses={201: OutputSerializer, **error_responses({404: "No such team."})},
    )
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        slug = request.data.get("team") if hasattr(request.data, "get") else None
        # Before the body is checked, or the file read: a stranger learns nothing of either.
        team = trf_import.importing_team(slug=slug, user=user)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if team is None:
            raise NotFound(_("No such team."))
        text = values.get("trf")
        if text is None:
            text = upload_text(values["file"], "file")
        imported = trf_import.event_from_trf(
            team=team,
            user=user,
            text=text,
            clock_limit_seconds=values["clock_limit_seconds"],
            clock_increment_seconds=values["clock_increment_seconds"],
        )
        return Response(self.OutputSerializer(imported).data, status=status.HTTP_201_CREATED)


class _FormatIsNotARenderer(DefaultContentNegotiation):
    """`?format=` names the TRF format on the export, not one of DRF's renderers."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class TrfExportApi(APIView):
    """The event as a TRF file: `?format=trf26` (default, FIDE's TRF-2026), `trf16`, or `trfx`
    (TRF-16 with the pairing engines' XX records)."""

    permission_classes = [AllowAny]
    content_negotiation_class = _FormatIsNotARenderer

    class FilterSerializer(serializers.Serializer):
        format = serializers.ChoiceField(choices=FORMATS, default=DEFAULT_FORMAT)

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(description="FIDE TRF file"),
            **error_responses({403: "The event hides its standings until it ends."}),
        },
        parameters=[
            OpenApiParameter("tournament_id", int, OpenApiParameter.PATH),
            OpenApiParameter("format", str, enum=list(FORMATS), default=DEFAULT_FORMAT),
        ],
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        query = self.FilterSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        tournament = tournament_or_404(tournament_id)
        text = tournament_trf_for(
            tournament=tournament, viewer=request.user, fmt=query.validated_data["format"]
        )
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        name = trf_file_name(tournament=tournament, fmt=query.validated_data["format"])
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
