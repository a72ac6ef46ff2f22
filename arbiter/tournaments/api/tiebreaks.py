"""The individual tie-break codes, their names and the default order: the one list the event
form and the podium read (docs/tiebreaks.md, "The catalogue in the API")."""

from __future__ import annotations

import functools
from typing import Any

from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.tiebreaks.catalogue import catalogue
from arbiter.tournaments.models import DEFAULT_TIEBREAKS

# The list changes only with a release: browsers and proxies may keep it for an hour (one
# copy per language: the names and meanings are in the reader's).
CACHE_CONTROL = "public, max-age=3600"


@functools.lru_cache(maxsize=16)
def _catalogue(language: str | None) -> dict[str, Any]:
    """The catalogue in the active language, `language` (the cache's key): built once per
    language and process."""
    return {"tiebreaks": catalogue(), "default_order": DEFAULT_TIEBREAKS}


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
        response = Response(self.OutputSerializer(_catalogue(get_language())).data)
        response["Cache-Control"] = CACHE_CONTROL
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
