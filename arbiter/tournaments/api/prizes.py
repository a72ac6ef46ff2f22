"""The prize table: everyone reads it (winners after the end); leaders set it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import NestedInputSerializer, error_responses
from arbiter.tournaments.api.common import SwissInputSerializer, tournament_or_404
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import PrizeCategory, PrizeSharing
from arbiter.tournaments.read.serializers import PrizeTableOutputSerializer
from arbiter.tournaments.services import prizes
from arbiter.users.authentication import authenticated_user

YEAR_MIN, YEAR_MAX = 1900, 2100


class PrizeInputSerializer(NestedInputSerializer):
    """One row of the prize table."""

    category = serializers.ChoiceField(choices=PrizeCategory.values)
    place = serializers.IntegerField(min_value=1, max_value=1000)
    amount = serializers.DecimalField(
        max_digits=10, decimal_places=2, min_value=0, required=False, allow_null=True
    )
    label = serializers.CharField(  # type: ignore[assignment]
        max_length=80, required=False, allow_blank=True, default=""
    )
    rating_min = serializers.IntegerField(
        min_value=0, max_value=4000, required=False, allow_null=True
    )
    rating_max = serializers.IntegerField(
        min_value=0, max_value=4000, required=False, allow_null=True
    )
    born_from = serializers.IntegerField(
        min_value=YEAR_MIN,
        max_value=YEAR_MAX,
        required=False,
        allow_null=True,
        help_text="Age category: born in or after this year.",
    )
    born_before = serializers.IntegerField(
        min_value=YEAR_MIN,
        max_value=YEAR_MAX,
        required=False,
        allow_null=True,
        help_text="Age category: born before this year.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = super().validate(attrs)
        category = attrs["category"]
        band = {k: attrs.get(k) for k in ("rating_min", "rating_max")}
        years = {k: attrs.get(k) for k in ("born_from", "born_before")}
        errors: dict[str, str] = {}
        if attrs.get("amount") is None and not attrs.get("label"):
            errors["amount"] = _("Give an amount or a label.")
        for name, value in {**band, **years}.items():
            wanted = (category == "rating" and name in band) or (
                category == "age" and name in years
            )
            if value is not None and not wanted:
                errors[name] = _("Not a condition of the %(category)s category.") % {
                    "category": category
                }
        if category == "rating" and all(v is None for v in band.values()):
            errors["rating_min"] = _("A rating band needs rating_min or rating_max.")
        if category == "age" and all(v is None for v in years.values()):
            errors["born_from"] = _("An age category needs born_from or born_before.")
        low, high = band["rating_min"], band["rating_max"]
        if low is not None and high is not None and low > high:
            errors["rating_max"] = _("Must not be below rating_min.")
        low, high = years["born_from"], years["born_before"]
        if low is not None and high is not None and low >= high:
            errors["born_before"] = _("Must be after born_from.")
        if errors:
            raise serializers.ValidationError(errors)
        return attrs


class TournamentPrizesApi(APIView):
    """The prize table (place within category, category, amount or label) and the rule for
    shared places. Before the end the winners are null."""

    permission_classes = [AllowAny]

    class InputSerializer(SwissInputSerializer):
        sharing = serializers.ChoiceField(choices=PrizeSharing.values, required=False)
        prizes = PrizeInputSerializer(many=True, max_length=prizes.MAX_PRIZES)  # type: ignore[call-arg]

    @extend_schema(responses={200: PrizeTableOutputSerializer})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(payloads.prizes_payload(tournament_or_404(tournament_id)))

    @extend_schema(
        request=InputSerializer,
        responses={
            200: PrizeTableOutputSerializer,
            **error_responses({403: "Only the team's leaders set the prizes."}),
        },
    )
    def put(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        prizes.prize_table_set(
            tournament=tournament,
            user=user,
            prizes=data.validated_data["prizes"],
            sharing=data.validated_data.get("sharing"),
        )
        return Response(payloads.prizes_payload(tournament_or_404(tournament_id)))
