"""Thin REST views for the arbiters' tools."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import StrictInputSerializer, error_responses
from arbiter.common.exceptions import InvalidInput
from arbiter.common.parsers import DepthSafeJSONParser
from arbiter.common.throttling import UserRateThrottle
from arbiter.tools import read, services
from arbiter.trf.reader import decode_trf_bytes
from arbiter.users.authentication import authenticated_user

# Room for the multipart boundaries and part headers around a file of the largest size.
MULTIPART_OVERHEAD = 16 * 1024


class TrfCheckThrottle(UserRateThrottle):
    # Each check runs the pairing engine once per round: a few files a minute per user.
    scope = "trf_check"
    rate = "12/min"

    def allow_request(self, request: Request, view: APIView) -> bool:
        return request.method != "POST" or super().allow_request(request, view)


class DiscrepancySerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="0 for the final standings")
    board = serializers.IntegerField(help_text="0 for the round as a whole")
    rule = serializers.CharField(help_text="pairing, colour, bye, engine, rank or tie-break")
    message = serializers.CharField()


class TrfCheckApi(APIView):
    """Leaders upload a TRF (TRF-2026, TRF-16 or extended) as a multipart `file`, or send it
    as `trf` text; the answer is the checker's report: every round re-paired by our engine
    and compared, the declared tie-breaks recomputed. A file the reader refuses is a 400 with
    its line and column on the field."""

    parser_classes = [MultiPartParser, DepthSafeJSONParser]
    throttle_classes = [TrfCheckThrottle]

    class InputSerializer(StrictInputSerializer):
        file = serializers.FileField(required=False)
        trf = serializers.CharField(required=False, trim_whitespace=False)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            attrs = super().validate(attrs)
            if ("trf" in attrs) == ("file" in attrs):
                raise serializers.ValidationError(
                    gettext("Give the TRF as file (an upload) or trf.")
                )
            upload = attrs.get("file")
            if upload is not None and upload.size > services.MAX_BYTES:
                raise serializers.ValidationError({"file": [services.file_too_large()]})
            return attrs

    class OutputSerializer(serializers.Serializer):
        clean = serializers.BooleanField()
        rounds_checked = serializers.IntegerField()
        tiebreaks = serializers.ListField(child=serializers.CharField())
        discrepancies = DiscrepancySerializer(many=True)
        text = serializers.CharField(help_text="The report as the command-line checker prints it")

    class LimitsSerializer(serializers.Serializer):
        allowed = serializers.BooleanField(help_text="Whether the caller may check files")
        max_bytes = serializers.IntegerField()
        round_seconds = serializers.FloatField(help_text="Engine time per round at most")
        file_seconds = serializers.FloatField(help_text="Engine time per file at most")

    @extend_schema(responses={200: LimitsSerializer})
    def get(self, request: Request) -> Response:
        """Who may check files, and the limits of an upload (the page and menu read it)."""
        limits = {
            "allowed": read.trf_check_allowed(user=request.user),
            "max_bytes": services.MAX_BYTES,
            "round_seconds": services.ROUND_SECONDS,
            "file_seconds": services.FILE_SECONDS,
        }
        return Response(self.LimitsSerializer(limits).data)

    @extend_schema(
        request={"multipart/form-data": InputSerializer, "application/json": InputSerializer},
        responses={
            200: OutputSerializer,
            **error_responses({403: "Not a team leader", 429: "Too many checks; retry later"}),
        },
    )
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        # Refused before the body is read: a multipart upload would otherwise be spooled to
        # disk whole before the file's size could be checked.
        declared = request.META.get("CONTENT_LENGTH") or "0"
        if not declared.isdigit() or int(declared) > services.MAX_BYTES + MULTIPART_OVERHEAD:
            raise InvalidInput({"file": [services.file_too_large()]})
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data.get("file")
        if upload is None:
            text, field = data.validated_data["trf"], "trf"
        else:
            text, field = decode_trf_bytes(upload.read()), "file"
        report = services.trf_check(user=user, text=text, field=field)
        body = {
            "clean": report.clean,
            "rounds_checked": report.rounds_checked,
            "tiebreaks": report.tiebreaks,
            "discrepancies": report.discrepancies,
            "text": report.text(),
        }
        return Response(self.OutputSerializer(body).data)
