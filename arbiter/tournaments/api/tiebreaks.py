"""The individual tie-break codes, their names and the default order: the one list the event
form and the podium read (docs/tiebreaks.md, "The catalogue in the API")."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.tiebreaks.catalogue import CATALOGUE
from arbiter.tournaments.models import DEFAULT_TIEBREAKS

# The list changes only with a release: browsers and proxies may keep it for an hour.
CACHE_CONTROL = "public, max-age=3600"


class TiebreakEntryOutputSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    description = serializers.CharField()
    offered = serializers.BooleanField()


class TiebreakCatalogueApi(APIView):
    """Every tie-break code an individual event accepts, in the order the event form lists
    them, with its name and meaning; `offered` is false for a code the form does not offer.
    `default_order` is what an event created without an order ranks by."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    class OutputSerializer(serializers.Serializer):
        tiebreaks = TiebreakEntryOutputSerializer(many=True)
        default_order = serializers.ListField(child=serializers.CharField())

    @extend_schema(operation_id="tournaments_swiss_tiebreaks", responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        data = {"tiebreaks": CATALOGUE, "default_order": DEFAULT_TIEBREAKS}
        response = Response(self.OutputSerializer(data).data)
        response["Cache-Control"] = CACHE_CONTROL
        return response
