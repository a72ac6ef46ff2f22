"""Events: create, list, read, edit, cancel; their standings and entry conditions."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, paginated_response, reject_body
from arbiter.common.event_settings import (
    CLOCK_INCREMENT_MAX,
    CLOCK_LIMIT_MAX,
    ROUND_INTERVAL_MAX,
    VENUE_MAX,
)
from arbiter.common.page_cache import page_response
from arbiter.common.pagination import DefaultPagination
from arbiter.common.parsers import instant_within_horizon
from arbiter.ratings.entry_rules import ACCOUNT_AGE_DAYS_MAX, RATED_GAMES_MAX
from arbiter.tournaments.api.common import (
    SwissFilterSerializer,
    SwissInputSerializer,
    clock_checked,
    event_description_field,
    event_name_field,
    team_or_404,
    tournament_or_404,
)
from arbiter.tournaments.live import pages, payloads
from arbiter.tournaments.models import TournamentStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import (
    StandingOutputSerializer,
    TournamentOutputSerializer,
)
from arbiter.tournaments.rules.fide_data import (
    ARBITER_NAME_MAX,
    DEPUTIES_MAX,
    FIDE_ID_MAX,
    federation_problem,
    fide_id_problem,
)
from arbiter.tournaments.services import lifecycle
from arbiter.users.authentication import authenticated_user

# A start "now" from a client whose clock is a little behind is not in the past.
START_TIME_GRACE = timedelta(minutes=5)
# A check-in window of at most a day; a no-show time of at least 10 seconds (a page load).
CHECKIN_MINUTES_MAX = 1440
NO_SHOW_SECONDS_MIN = 10


class ArbiterInputSerializer(SwissInputSerializer):
    """A deputy arbiter: the name as FIDE lists it, and the FIDE ID (blank: none yet)."""

    # A row of a list has no `initial_data` of its own: unknown keys are refused here.
    refuse_unknown_fields = False

    name = serializers.CharField(max_length=ARBITER_NAME_MAX)
    fide_id = serializers.CharField(max_length=FIDE_ID_MAX, allow_blank=True, default="")

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({name: [_("Unknown field.")] for name in unknown})
            # A PATCH makes nested rows partial too; a row is always whole.
            if "name" not in data:
                raise serializers.ValidationError({"name": [_("This field is required.")]})
        value = super().to_internal_value(data)
        value.setdefault("fide_id", "")
        return value

    def validate_name(self, value: str) -> str:
        name = " ".join(value.split())
        if not name:
            raise serializers.ValidationError(_("This field may not be blank."))
        return name

    def validate_fide_id(self, value: str) -> str:
        return _fide_id_checked(value)


def _fide_id_checked(value: str) -> str:
    value = value.strip()
    if (problem := fide_id_problem(value)) is not None:
        raise serializers.ValidationError(problem)
    return value


class EventFideDataSerializer(SwissInputSerializer):
    """The event's FIDE data (docs/rating-report.md): settable at creation and in every edit,
    and still after the event has finished, for its rating report."""

    federation = serializers.CharField(
        max_length=3,
        allow_blank=True,
        required=False,
        help_text="The organising federation, a FIDE code such as NOR (the TRF's 032).",
    )
    chief_arbiter_name = serializers.CharField(
        max_length=ARBITER_NAME_MAX,
        allow_blank=True,
        required=False,
        help_text="The chief arbiter's name as FIDE lists it (the TRF's 102).",
    )
    chief_arbiter_fide_id = serializers.CharField(
        max_length=FIDE_ID_MAX,
        allow_blank=True,
        required=False,
        help_text="The chief arbiter's FIDE ID (digits).",
    )
    deputy_arbiters = ArbiterInputSerializer(  # type: ignore[call-arg]
        many=True,
        required=False,
        max_length=DEPUTIES_MAX,
        help_text="Deputy chief arbiters and arbiters, one 112 record each; [] clears them.",
    )

    def validate_federation(self, value: str) -> str:
        value = value.strip().upper()
        if (problem := federation_problem(value)) is not None:
            raise serializers.ValidationError(problem)
        return value

    def validate_chief_arbiter_name(self, value: str) -> str:
        return " ".join(value.split())

    def validate_chief_arbiter_fide_id(self, value: str) -> str:
        return _fide_id_checked(value)


class TournamentSettingsSerializer(EventFideDataSerializer):
    """Every editable setting (create requires name, rounds, start and clock)."""

    name = event_name_field()
    description = event_description_field()
    num_rounds = serializers.IntegerField(min_value=1, max_value=100)
    start_time = serializers.DateTimeField(validators=[instant_within_horizon])
    clock_limit_seconds = serializers.IntegerField(min_value=0, max_value=CLOCK_LIMIT_MAX)
    clock_increment_seconds = serializers.IntegerField(min_value=0, max_value=CLOCK_INCREMENT_MAX)
    rated = serializers.BooleanField(required=False)
    password = serializers.CharField(
        max_length=128, allow_blank=True, required=False, write_only=True
    )
    round_interval_seconds = serializers.IntegerField(
        min_value=0,
        max_value=ROUND_INTERVAL_MAX,
        allow_null=True,
        required=False,
        help_text="Pause between rounds; null = manual mode (leaders start each round).",
    )
    min_rating = serializers.IntegerField(
        min_value=0, max_value=4000, allow_null=True, required=False
    )
    max_rating = serializers.IntegerField(
        min_value=0, max_value=4000, allow_null=True, required=False
    )
    min_account_age_days = serializers.IntegerField(
        min_value=0,
        max_value=ACCOUNT_AGE_DAYS_MAX,
        allow_null=True,
        required=False,
        help_text="Fair play: the account's minimum age in days to join; null: none.",
    )
    min_rated_games = serializers.IntegerField(
        min_value=0,
        max_value=RATED_GAMES_MAX,
        allow_null=True,
        required=False,
        help_text="Fair play: the minimum rated games at the event's speed to join; null: none.",
    )
    tiebreak_order = serializers.ListField(
        child=serializers.CharField(max_length=16), max_length=12, required=False
    )
    regulations = serializers.ChoiceField(choices=["2026", "2023"], required=False)
    accelerated = serializers.BooleanField(required=False)
    initial_colour = serializers.ChoiceField(choices=["white", "black"], required=False)
    bye_request_limit = serializers.IntegerField(min_value=0, max_value=100, required=False)
    mode = serializers.ChoiceField(
        choices=["online", "otb"],
        required=False,
        help_text="online (default): games are played on the server; otb: results reported.",
    )
    venue = serializers.CharField(
        max_length=VENUE_MAX,
        allow_blank=True,
        required=False,
        help_text="Where an over-the-board event is played (the TRF's 022 record).",
    )
    pairing_mode = serializers.ChoiceField(
        choices=["engine", "manual"],
        required=False,
        help_text="engine (default): rounds are paired by the engine when due; manual: a "
        "leader submits every round in the pairing editor (the engine's answer is only offered).",
    )
    standings_hidden = serializers.BooleanField(
        required=False,
        help_text="While the event runs, players see only their own standing row; everyone sees "
        "the standings once it ends. Pairings and board results stay public.",
    )
    disqualification_games = serializers.ChoiceField(
        choices=["stand", "forfeit"],
        required=False,
        help_text="What a disqualification does to the player's past games: they stand, or "
        "become forfeit wins for the opponents (+/- in the TRF, unrated).",
    )

    teammates_do_not_meet = serializers.BooleanField(
        required=False,
        help_text="A co-hosted event: players of the same team are not paired together.",
    )
    teammates_rounds = serializers.IntegerField(
        min_value=1,
        max_value=100,
        allow_null=True,
        required=False,
        help_text="Teammates are kept apart in the first N rounds; null = in every round.",
    )
    team_standings_top = serializers.IntegerField(
        min_value=1,
        max_value=100,
        required=False,
        help_text="The team standings add up each team's best N players (default 4).",
    )

    round_times = serializers.ListField(
        child=serializers.DateTimeField(validators=[instant_within_horizon]),
        max_length=100,
        required=False,
        help_text="Each round's start, in order (time-zone aware; stored in UTC): strictly "
        "increasing, at most one per round, round 1 not before start_time. Rounds beyond the "
        "list follow round_interval_seconds, or a leader in manual mode. [] clears it.",
    )
    registration_deadline = serializers.DateTimeField(
        allow_null=True, required=False, help_text="Joins close at this time; null: none."
    )
    checkin_minutes = serializers.IntegerField(
        min_value=1,
        max_value=CHECKIN_MINUTES_MAX,
        allow_null=True,
        required=False,
        help_text="A check-in window opening this many minutes before round 1; entries that "
        "did not check in are paused when round 1 is paired. null: no check-in.",
    )
    no_show_seconds = serializers.IntegerField(
        min_value=NO_SHOW_SECONDS_MIN,
        allow_null=True,
        required=False,
        help_text="An online game's first-move deadline (a player who has not moved by then "
        "loses); at most the whole initial clock. null: the default for the speed.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = clock_checked(super().validate(attrs))
        low, high = attrs.get("min_rating"), attrs.get("max_rating")
        if low is not None and high is not None and low > high:
            raise serializers.ValidationError({"max_rating": _("Must not be below min_rating.")})
        return attrs


class TournamentListCreateApi(APIView):
    pagination_class = DefaultPagination
    # Counted by the service, in the allowance every path shares (docs/security.md).
    service_throttle = "create"

    class InputSerializer(TournamentSettingsSerializer):
        team = serializers.SlugField()

        def validate_start_time(self, value: datetime) -> datetime:
            if value < timezone.now() - START_TIME_GRACE:
                raise serializers.ValidationError(_("Must not be in the past."))
            return value

    class FilterSerializer(SwissFilterSerializer):
        team = serializers.SlugField(required=False)
        status = serializers.ChoiceField(choices=TournamentStatus.values, required=False)
        player = serializers.CharField(
            max_length=150, required=False, help_text="Only the events this user entered."
        )
        cohost = serializers.SlugField(
            required=False,
            help_text="Only the events this team is invited to co-host or co-hosts.",
        )
        club = serializers.SlugField(
            required=False,
            help_text="Only the events this team hosts or co-hosts (accepted): its page's list.",
        )

    @extend_schema(
        operation_id="tournaments_swiss_list",
        parameters=[FilterSerializer],
        responses={
            200: TournamentOutputSerializer(many=True),
        },
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        team = club = None
        if "team" in filters.validated_data:
            team = team_or_404(filters.validated_data["team"])
        if "club" in filters.validated_data:
            club = team_or_404(filters.validated_data["club"])
        qs = selectors.tournament_list(
            team=team,
            status=filters.validated_data.get("status"),
            player=filters.validated_data.get("player"),
            cohost=filters.validated_data.get("cohost"),
            club=club,
        )
        return paginated_response(
            queryset=qs, serializer_class=TournamentOutputSerializer, request=request, view=self
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: TournamentOutputSerializer, **error_responses({404: "No such team."})},
    )
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        team = team_or_404(values.pop("team"))
        tournament = lifecycle.tournament_create(team=team, user=user, **values)
        return Response(
            payloads.tournament_payload(tournament_or_404(tournament.id)),
            status=status.HTTP_201_CREATED,
        )


class TournamentDetailApi(APIView):
    class InputSerializer(TournamentSettingsSerializer):
        pass

    @extend_schema(responses={200: TournamentOutputSerializer})
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        return page_response(request, pages.detail_page(tournament_id=tournament_id))

    @extend_schema(
        request=InputSerializer,
        responses={
            200: TournamentOutputSerializer,
            # Switching "teammates do not meet" on runs the engine on the next round first.
            **error_responses({503: "The pairing engine failed; retry."}),
        },
    )
    def patch(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        lifecycle.tournament_update(
            tournament=tournament, user=user, data=dict(data.validated_data)
        )
        return Response(payloads.tournament_payload(tournament_or_404(tournament_id)))


class TournamentCancelApi(APIView):
    @extend_schema(request=None, responses={200: TournamentOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        lifecycle.tournament_cancel(tournament=tournament_or_404(tournament_id), user=user)
        return Response(payloads.tournament_payload(tournament_or_404(tournament_id)))


class TournamentStandingsApi(APIView):
    permission_classes = [AllowAny]
    pagination_class = DefaultPagination

    class FilterSerializer(SwissFilterSerializer):
        username = serializers.CharField(
            max_length=150,
            required=False,
            help_text="Only this player's row (case-insensitive); an empty page if absent.",
        )
        search = serializers.CharField(
            max_length=150,
            required=False,
            help_text="Only the players whose name contains this (case-insensitive).",
        )

    @extend_schema(
        operation_id="tournaments_swiss_standings_list",
        description="With the event's `standings_hidden`, while it runs a player reads only "
        "their own row (a visitor none, a leader all).",
        parameters=[FilterSerializer],
        responses={
            200: StandingOutputSerializer(many=True),
        },
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        if not request.query_params.keys() & {"username", "search"}:
            # The whole list, as every reader sees it: the page of the current version.
            page = pages.standings_page(
                tournament_id=tournament_id,
                page=request.query_params.get("page", "1"),
                size=DefaultPagination().get_page_size(request) or DefaultPagination.page_size,
                size_asked="page_size" in request.query_params,
                url=request.build_absolute_uri(request.path),
            )
            if page.public:
                return page_response(request, page)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        tournament = tournament_or_404(tournament_id)
        queryset = selectors.standings_for_viewer(
            tournament=tournament,
            viewer=request.user,
            username=filters.validated_data.get("username"),
            search=filters.validated_data.get("search"),
        )
        return paginated_response(
            queryset=queryset,
            request=request,
            view=self,
            rows=lambda page: payloads.standings_rows(tournament=tournament, participants=page),
        )


class EntryConditionsApi(APIView):
    """What entering takes and what the event is, each checked for the signed-in viewer
    (`met` is null for a visitor)."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        code = serializers.ChoiceField(
            choices=[
                "team",
                "rating",
                "min_account_age_days",
                "min_rated_games",
                "password",
                "mode",
                "time_control",
                "draw",
            ]
        )
        text = serializers.CharField()
        met = serializers.BooleanField(allow_null=True)
        detail = serializers.CharField(allow_blank=True)

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        user = request.user if request.user.is_authenticated else None
        rows = selectors.entry_conditions(tournament=tournament_or_404(tournament_id), user=user)
        return Response(self.OutputSerializer(rows, many=True).data)
