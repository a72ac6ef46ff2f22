"""The team tie-break codes, their names per primary score and the default order: the one list
the team event form, the event page's header and its standings read (docs/team-swiss.md,
"The catalogue in the API")."""

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

from arbiter.teamswiss.models import DEFAULT_TIEBREAKS
from arbiter.tiebreaks.team_catalogue import modifiers, team_catalogue

# The list changes only with a release: browsers and proxies may keep it for an hour (one
# copy per language: the names and meanings are in the reader's).
CACHE_CONTROL = "public, max-age=3600"


@functools.lru_cache(maxsize=16)
def _catalogue(language: str | None) -> dict[str, Any]:
    """The catalogue in the active language, `language` (the cache's key): built once per
    language and process."""
    tiebreaks = team_catalogue()
    return {
        "tiebreaks": {"mp": tiebreaks["m"], "gp": tiebreaks["g"]},
        "modifiers": modifiers(),
        "default_order": DEFAULT_TIEBREAKS,
    }


class TeamSwissTiebreakEntryOutputSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    description = serializers.CharField()
    offered = serializers.BooleanField(help_text="Offered in the event form's list.")


class TeamSwissTiebreakModifierOutputSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="C1, C2, M1 or M2, after a slash: BH/C1.")
    label = serializers.CharField(help_text="Added to the name: Buchholz cut 1.")  # type: ignore[assignment]
    description = serializers.CharField(help_text="Added to the code's description.")


class TeamSwissTiebreaksByScoreOutputSerializer(serializers.Serializer):
    mp = TeamSwissTiebreakEntryOutputSerializer(many=True, help_text="Match points first.")
    gp = TeamSwissTiebreakEntryOutputSerializer(many=True, help_text="Game points first.")


class TeamSwissTiebreakCatalogueApi(APIView):
    """Every team tie-break code an event accepts, per primary score (a code without `:MP` or
    `:GP` reads the event's primary score, so its name and meaning depend on it): first the
    codes the event form offers, in its order, then the others (`offered` false). A stored
    code with other cuts than those listed is named from its code without them and the
    `modifiers`. `default_order` is what an event created without an order ranks by."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    class OutputSerializer(serializers.Serializer):
        tiebreaks = TeamSwissTiebreaksByScoreOutputSerializer()
        modifiers = TeamSwissTiebreakModifierOutputSerializer(many=True)
        default_order = serializers.ListField(child=serializers.CharField())

    @extend_schema(operation_id="team_swiss_tiebreaks", responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        response = Response(self.OutputSerializer(_catalogue(get_language())).data)
        response["Cache-Control"] = CACHE_CONTROL
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
