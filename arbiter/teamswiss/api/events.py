"""Events: list, create, read, edit."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import NestedInputSerializer, paginated_response
from arbiter.common.event_settings import CLOCK_INCREMENT_MAX, VENUE_MAX
from arbiter.common.page_cache import page_response
from arbiter.common.pagination import DefaultPagination
from arbiter.common.parsers import instant_within_horizon
from arbiter.ratings.entry_rules import ACCOUNT_AGE_DAYS_MAX, RATED_GAMES_MAX
from arbiter.teamswiss.api.common import (
    TeamSwissFilterSerializer,
    TeamSwissInputSerializer,
    event_or_404,
    host_in_body,
)
from arbiter.teamswiss.live import pages, payloads
from arbiter.teamswiss.models import (
    BOARDS_MAX,
    CLOCK_MINUTES_MAX,
    DEFAULT_TIEBREAKS,
    ROUNDS_MAX,
    TeamSwissEvent,
)
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.read.serializers import (
    TeamSwissEventDetailOutputSerializer,
    TeamSwissEventOutputSerializer,
)
from arbiter.teamswiss.services import events
from arbiter.tournaments.api.common import event_description_field, event_name_field
from arbiter.tournaments.api.events import EventFideDataSerializer
from arbiter.users.authentication import authenticated_user


def points_field(**kwargs: Any) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=4, decimal_places=1, min_value=Decimal(0), max_value=Decimal(99), **kwargs
    )


class PointsInputSerializer(NestedInputSerializer):
    win = points_field()
    draw = points_field()
    loss = points_field()


class EventSettingsSerializer(TeamSwissInputSerializer, EventFideDataSerializer):
    """Every editable setting, with the FIDE data the individual event checks the same way
    (federation, chief arbiter, deputies: one serializer for both kinds of event)."""

    name = event_name_field()
    description = event_description_field()
    boards = serializers.IntegerField(min_value=1, max_value=BOARDS_MAX)
    num_rounds = serializers.IntegerField(min_value=1, max_value=ROUNDS_MAX)
    colour_model = serializers.ChoiceField(
        choices=TeamSwissEvent.ColourModel.values, required=False
    )
    primary_score = serializers.ChoiceField(
        choices=TeamSwissEvent.PrimaryScore.values, required=False
    )
    match_points = PointsInputSerializer(required=False, help_text="Default 2/1/0.")
    game_points = PointsInputSerializer(required=False, help_text="Default 1/½/0.")
    pab_match_points = points_field(
        required=False, help_text="The bye's match points (default: a drawn match's, as gacrux)."
    )
    pab_game_points = points_field(
        required=False,
        allow_null=True,
        help_text="The bye's game points (null, the default: every board won).",
    )
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=12),
        max_length=8,
        required=False,
        help_text=(
            "C.07 team codes in order, after the primary score. Omitted or empty: the default "
            f"order {', '.join(DEFAULT_TIEBREAKS)}."
        ),
    )
    initial_colour = serializers.ChoiceField(
        choices=TeamSwissEvent.InitialColour.values, required=False
    )
    lineup_minutes = serializers.IntegerField(min_value=0, max_value=24 * 60, required=False)
    mode = serializers.ChoiceField(
        choices=TeamSwissEvent.Mode.values,
        required=False,
        help_text="otb (default): over the board; online: each board a game on the server, "
        "on the clock below (clock_minutes required).",
    )
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, validators=[instant_within_horizon]
    )
    # The individual event's fields and limits (tournaments.api.events), for every squad player.
    min_account_age_days = serializers.IntegerField(
        min_value=0,
        max_value=ACCOUNT_AGE_DAYS_MAX,
        allow_null=True,
        required=False,
        help_text="Fair play: each squad player's account's minimum age in days; null: none.",
    )
    min_rated_games = serializers.IntegerField(
        min_value=0,
        max_value=RATED_GAMES_MAX,
        allow_null=True,
        required=False,
        help_text="Fair play: each squad player's minimum rated games at the event's speed "
        "(its clock's; classical without one); null: none.",
    )
    venue = serializers.CharField(
        max_length=VENUE_MAX,
        allow_blank=True,
        required=False,
        help_text="Where the event is played: the TRF's 022 (the place FIDE rates it under).",
    )
    clock_minutes = serializers.IntegerField(
        min_value=1,
        max_value=CLOCK_MINUTES_MAX,
        allow_null=True,
        required=False,
        help_text="The rate of play's base time in minutes (TRF 122/222); null: not given.",
    )
    clock_increment = serializers.IntegerField(
        min_value=0,
        max_value=CLOCK_INCREMENT_MAX,
        required=False,
        help_text="Seconds added per move (default 0).",
    )

    def validate_venue(self, value: str) -> str:
        return " ".join(value.split())


class TeamSwissListCreateApi(APIView):
    pagination_class = DefaultPagination
    # Counted by the service, in the allowance every path shares (docs/security.md).
    service_throttle = "create"

    class FilterSerializer(TeamSwissFilterSerializer):
        team = serializers.SlugField(required=False, help_text="The host team's slug.")
        club = serializers.SlugField(
            required=False,
            help_text="The events this team hosts or plays in (a registered team's captain "
            "is one of its members): the team's page.",
        )
        status = serializers.MultipleChoiceField(
            choices=TeamSwissEvent.Status.values,
            required=False,
            help_text="Only events in these statuses (the lobby: created, started, finished).",
        )

    class InputSerializer(EventSettingsSerializer):
        team = serializers.SlugField(help_text="The host team's slug.")

    @extend_schema(
        operation_id="team_swiss_list",
        parameters=[FilterSerializer],
        responses={200: TeamSwissEventOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        return paginated_response(
            queryset=selectors.event_list(
                host_slug=filters.validated_data.get("team"),
                club_slug=filters.validated_data.get("club"),
                statuses=sorted(filters.validated_data.get("status", ())),
            ),
            request=request,
            view=self,
            rows=payloads.events_rows,
        )

    @extend_schema(request=InputSerializer, responses={201: TeamSwissEventDetailOutputSerializer})
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = dict(data.validated_data)
        host = host_in_body(values.pop("team"))
        event = events.event_create(host=host, user=user, **values)
        return Response(
            payloads.event_detail_payload(event_or_404(event.id), user=user),
            status=status.HTTP_201_CREATED,
        )


class TeamSwissDetailApi(APIView):
    class InputSerializer(EventSettingsSerializer):
        pass

    @extend_schema(
        operation_id="team_swiss_event_retrieve",
        responses={200: TeamSwissEventDetailOutputSerializer},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        return page_response(request, pages.detail_page(event_id=event_id, user=request.user))

    @extend_schema(request=InputSerializer, responses={200: TeamSwissEventDetailOutputSerializer})
    def patch(self, request: Request, event_id: int) -> Response:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        events.event_edit(event=event, user=user, values=dict(data.validated_data))
        return Response(payloads.event_detail_payload(event_or_404(event_id), user=user))
