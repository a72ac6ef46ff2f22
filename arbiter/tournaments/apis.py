"""Thin REST views for Swiss tournaments: validate input, call a service, serialize."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.apis import (
    ONE_LINE_MAX_LENGTH,
    StrictInputSerializer,
    paginated_response,
    reject_body,
    text_problem,
)
from arbiter.common.exceptions import InvalidInput, NotFound, PermissionDenied
from arbiter.common.pagination import DefaultPagination
from arbiter.common.parsers import DepthSafeJSONParser, LimitedMultiPartParser
from arbiter.common.throttling import ScopedRateThrottle
from arbiter.teams.models import Team
from arbiter.teams.selectors import team_id_is_leader
from arbiter.tournaments import payloads, selectors
from arbiter.tournaments.models import (
    ClaimStatus,
    GameResult,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.serializers import (
    PairingOutputSerializer,
    RoundDetailOutputSerializer,
    RoundOutputSerializer,
    StandingOutputSerializer,
    TournamentOutputSerializer,
)
from arbiter.tournaments.services import (
    entries,
    forbidden,
    lifecycle,
    no_shows,
    pairing,
    registered,
    results,
    schedule,
    trf_import,
)
from arbiter.tournaments.trf_export import tournament_trf, trf_file_name
from arbiter.trf.formats import DEFAULT_FORMAT, FORMATS
from arbiter.trf.reader import decode_trf_bytes as decode_upload
from arbiter.users.authentication import authenticated_user
from arbiter.users.models import User

ERRORS = {
    400: OpenApiResponse(description="Bad input or a refused action (error shape)"),
    401: OpenApiResponse(description="Not authenticated"),
    403: OpenApiResponse(description="Not allowed"),
    404: OpenApiResponse(description="Unknown tournament or object"),
}


def _tournament(tournament_id: int) -> SwissTournament:
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is None:
        raise NotFound("No such tournament.")
    return tournament


def _round(tournament: SwissTournament, number: int) -> dict[str, Any]:
    data = payloads.round_payload(tournament=tournament, number=number)
    if data is None:
        raise NotFound(f"Round {number} has not been paired.")
    return data


def _entry(tournament: SwissTournament, name: str, field: str) -> SwissParticipant:
    """The entry a leader names (a username, or a registered player's name)."""
    found = selectors.entries_named(tournament=tournament, name=name)
    if not found:
        raise InvalidInput({field: [f"{name!r} is not a player of this tournament."]})
    if len(found) > 1:
        raise InvalidInput(
            {field: [f"Several players are named {name!r}: rename one of them first."]}
        )
    return found[0]


def _user(username: str) -> User:
    user = User.objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"No user named {username!r}.")
    return user


class SwissInputSerializer(StrictInputSerializer):
    """Swiss bodies refuse fields they do not know, like the rest of the API (a read-only
    field such as `status` in a PATCH is refused, not ignored)."""


class SwissFilterSerializer(SwissInputSerializer):
    """Query strings also carry the page parameters (and a client's cache-buster)."""

    refuse_unknown_fields = False


# How far ahead an event may be scheduled.
START_TIME_HORIZON = timedelta(days=2 * 365)
# A start "now" from a client whose clock is a little behind is not in the past.
START_TIME_GRACE = timedelta(minutes=5)


CLOCK_LIMIT_MAX = 3 * 3600
CLOCK_INCREMENT_MAX = 180


def _clock_checked(attrs: dict[str, Any]) -> dict[str, Any]:
    if attrs.get("clock_limit_seconds") == 0 and attrs.get("clock_increment_seconds") == 0:
        raise serializers.ValidationError({"clock_limit_seconds": "The clock cannot be 0+0."})
    return attrs


class TournamentSettingsSerializer(SwissInputSerializer):
    """Every editable setting (create requires name, rounds, start and clock)."""

    name = serializers.CharField(max_length=120)
    description = serializers.CharField(max_length=5000, allow_blank=True, required=False)
    num_rounds = serializers.IntegerField(min_value=1, max_value=100)
    start_time = serializers.DateTimeField()
    clock_limit_seconds = serializers.IntegerField(min_value=0, max_value=CLOCK_LIMIT_MAX)
    clock_increment_seconds = serializers.IntegerField(min_value=0, max_value=CLOCK_INCREMENT_MAX)
    rated = serializers.BooleanField(required=False)
    password = serializers.CharField(
        max_length=128, allow_blank=True, required=False, write_only=True
    )
    round_interval_seconds = serializers.IntegerField(
        min_value=0,
        max_value=7 * 86400,
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
        max_length=120,
        allow_blank=True,
        required=False,
        help_text="Where an over-the-board event is played (the TRF's 022 record).",
    )

    def validate_start_time(self, value: datetime) -> datetime:
        if value > timezone.now() + START_TIME_HORIZON:
            raise serializers.ValidationError("Must be within two years from now.")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        attrs = _clock_checked(super().validate(attrs))
        low, high = attrs.get("min_rating"), attrs.get("max_rating")
        if low is not None and high is not None and low > high:
            raise serializers.ValidationError({"max_rating": "Must not be below min_rating."})
        return attrs


class TournamentListCreateApi(APIView):
    pagination_class = DefaultPagination

    class InputSerializer(TournamentSettingsSerializer):
        team = serializers.SlugField()

        def validate_start_time(self, value: datetime) -> datetime:
            if value < timezone.now() - START_TIME_GRACE:
                raise serializers.ValidationError("Must not be in the past.")
            return super().validate_start_time(value)

    class FilterSerializer(SwissFilterSerializer):
        team = serializers.SlugField(required=False)
        status = serializers.ChoiceField(choices=TournamentStatus.values, required=False)
        player = serializers.CharField(
            max_length=150, required=False, help_text="Only the events this user entered."
        )

    @extend_schema(
        operation_id="tournaments_swiss_list",
        parameters=[FilterSerializer],
        responses={
            200: TournamentOutputSerializer(many=True),
            400: ERRORS[400],
        },
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        team = None
        if "team" in filters.validated_data:
            team = Team.objects.filter(slug=filters.validated_data["team"]).first()
            if team is None:
                raise NotFound("No such team.")
        qs = selectors.tournament_list(
            team=team,
            status=filters.validated_data.get("status"),
            player=filters.validated_data.get("player"),
        )
        return paginated_response(
            queryset=qs, serializer_class=TournamentOutputSerializer, request=request, view=self
        )

    @extend_schema(request=InputSerializer, responses={201: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        team = Team.objects.filter(slug=values.pop("team")).first()
        if team is None:
            raise NotFound("No such team.")
        tournament = lifecycle.tournament_create(team=team, user=user, **values)
        return Response(
            payloads.tournament_payload(_tournament(tournament.id)), status=status.HTTP_201_CREATED
        )


class TournamentDetailApi(APIView):
    class InputSerializer(TournamentSettingsSerializer):
        pass

    @extend_schema(responses={200: TournamentOutputSerializer, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(payloads.tournament_payload(_tournament(tournament_id)))

    @extend_schema(request=InputSerializer, responses={200: TournamentOutputSerializer, **ERRORS})
    def patch(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        lifecycle.tournament_update(
            tournament=tournament, user=user, data=dict(data.validated_data)
        )
        return Response(payloads.tournament_payload(_tournament(tournament_id)))


class TournamentCancelApi(APIView):
    @extend_schema(request=None, responses={200: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        lifecycle.tournament_cancel(tournament=_tournament(tournament_id), user=user)
        return Response(payloads.tournament_payload(_tournament(tournament_id)))


class ParticipantOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="display_name")
    rating = serializers.IntegerField()
    status = serializers.CharField()
    joined_after_round = serializers.IntegerField()


class TournamentJoinApi(APIView):
    # Password guesses: a per-user allowance (ARBITER_JOIN_THROTTLE_RATE).
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "join"

    class InputSerializer(SwissInputSerializer):
        password = serializers.CharField(
            max_length=128, allow_blank=True, required=False, default=""
        )

    @extend_schema(request=InputSerializer, responses={201: ParticipantOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant = entries.tournament_join(
            tournament=_tournament(tournament_id), user=user, **data.validated_data
        )
        return Response(
            ParticipantOutputSerializer(participant).data, status=status.HTTP_201_CREATED
        )


class TournamentWithdrawApi(APIView):
    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, 204: None, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        participant = entries.tournament_withdraw(tournament=_tournament(tournament_id), user=user)
        if participant is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(ParticipantOutputSerializer(participant).data)


class TournamentRejoinApi(APIView):
    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        participant = entries.tournament_rejoin(tournament=_tournament(tournament_id), user=user)
        return Response(ParticipantOutputSerializer(participant).data)


def _leader_required(tournament: SwissTournament, user: User, action: str) -> None:
    if not team_id_is_leader(team_id=tournament.team_id, user=user):
        raise PermissionDenied(f"Only the team's leaders can {action}.")


def _team_leader_required(team: Team, user: User, action: str) -> None:
    if not team_id_is_leader(team_id=team.id, user=user):
        raise PermissionDenied(f"Only the team's leaders can {action}.")


def _player_status_set(
    tournament: SwissTournament, leader: User, name: str, *, playing: bool
) -> SwissParticipant | None:
    """A leader withdraws or reinstates the player a path names: a user by username, else a
    registered entry (no user) by its name."""
    if not User.objects.filter(username__iexact=name).exists():
        found = [e for e in selectors.entries_named(tournament=tournament, name=name) if not e.user]
        if len(found) == 1:
            return registered.registered_entry_status_set(
                tournament=tournament, leader=leader, entry_id=found[0].id, playing=playing
            )
    if playing:
        return entries.tournament_rejoin(tournament=tournament, user=_user(name), by=leader)
    return entries.tournament_withdraw(tournament=tournament, user=_user(name), by=leader)


class PlayerWithdrawApi(APIView):
    """Leaders withdraw a player: paused (zero-point byes) once the event has started, the
    entry removed before it (204). A registered player is named by their name."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, 204: None, **ERRORS})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        tournament = _tournament(tournament_id)
        _leader_required(tournament, leader, "withdraw a player")
        participant = _player_status_set(tournament, leader, username, playing=False)
        if participant is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(ParticipantOutputSerializer(participant).data)


class PlayerReinstateApi(APIView):
    """Leaders bring a withdrawn player back into the pairings (a registered player: by name)."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        tournament = _tournament(tournament_id)
        _leader_required(tournament, leader, "reinstate a player")
        participant = _player_status_set(tournament, leader, username, playing=True)
        return Response(ParticipantOutputSerializer(participant).data)


class TournamentRequestByeApi(APIView):
    class InputSerializer(SwissInputSerializer):
        round = serializers.IntegerField(min_value=1, max_value=100)

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField(source="round_number")

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bye = entries.bye_request_create(
            tournament=_tournament(tournament_id),
            user=user,
            round_number=data.validated_data.get("round"),
        )
        return Response(self.OutputSerializer(bye).data, status=status.HTTP_201_CREATED)


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
        parameters=[FilterSerializer],
        responses={
            200: StandingOutputSerializer(many=True),
            400: ERRORS[400],
            404: ERRORS[404],
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(tournament_id)
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        paginator = DefaultPagination()
        queryset = selectors.standings_queryset(
            tournament=tournament,
            username=filters.validated_data.get("username"),
            search=filters.validated_data.get("search"),
        )
        page = paginator.paginate_queryset(queryset, request, view=self)
        rows = payloads.standings_rows(tournament=tournament, participants=list(page or []))
        return paginator.get_paginated_response(rows)


class RoundListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundOutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        rows = selectors.round_list(tournament=_tournament(tournament_id))
        return Response(RoundOutputSerializer(rows, many=True).data)


class RoundDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundDetailOutputSerializer, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int, number: int) -> Response:
        return Response(_round(_tournament(tournament_id), number))


class PairingResultApi(APIView):
    """Players of the board report a result; the team's leaders set or correct any result
    (forfeits, double forfeits and no-shows included)."""

    class InputSerializer(SwissInputSerializer):
        result = serializers.ChoiceField(choices=[c for c in GameResult.values if c])
        no_show = serializers.ChoiceField(
            choices=["white", "black"], required=False, allow_null=True
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: PairingOutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="A player's report on a board played online"),
        },
    )
    def post(self, request: Request, tournament_id: int, pairing_id: int) -> Response:
        user = authenticated_user(request)
        board = selectors.pairing_with_event_get(tournament_id=tournament_id, pairing_id=pairing_id)
        if board is None:
            if selectors.tournament_row_get(tournament_id=tournament_id) is None:
                raise NotFound("No such tournament.")
            raise NotFound("No such pairing.")
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        board = results.result_submit(pairing=board, user=user, **data.validated_data)
        selectors.pairing_result_refresh(pairing=board)  # as the group commit left it
        return Response(payloads.board_payload(board))


class ForbiddenPairingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player1 = serializers.CharField(source="player1.display_name")
    player2 = serializers.CharField(source="player2.display_name")


class ForbiddenPairingListCreateApi(APIView):
    """Pairs of players kept apart; a player is named by username, or a registered player
    (no account) by the name the event shows."""

    class InputSerializer(SwissInputSerializer):
        player1 = serializers.CharField(max_length=150)
        player2 = serializers.CharField(max_length=150)

    @extend_schema(responses={200: ForbiddenPairingOutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        pairs = selectors.forbidden_pairing_list(tournament=_tournament(tournament_id))
        return Response(ForbiddenPairingOutputSerializer(pairs, many=True).data)

    @extend_schema(
        request=InputSerializer, responses={201: ForbiddenPairingOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pair = forbidden.forbidden_pairing_add(
            tournament=tournament,
            user=user,
            player1=_entry(tournament, data.validated_data["player1"], "player1"),
            player2=_entry(tournament, data.validated_data["player2"], "player2"),
        )
        return Response(ForbiddenPairingOutputSerializer(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairingDeleteApi(APIView):
    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request: Request, tournament_id: int, pair_id: int) -> Response:
        user = authenticated_user(request)
        forbidden.forbidden_pairing_remove(
            tournament=_tournament(tournament_id), user=user, pair_id=pair_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegisteredEntryOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    fide_id = serializers.CharField()
    federation = serializers.CharField()
    title = serializers.CharField()
    birth_year = serializers.IntegerField(allow_null=True)
    sex = serializers.CharField()
    rating = serializers.IntegerField()
    rating_kind = serializers.CharField()
    username = serializers.CharField(
        source="user.username",
        allow_null=True,
        default=None,
        help_text="The user the entry is linked to (after a claim); null until then.",
    )


@extend_schema_field(
    {"oneOf": [{"type": "integer", "minimum": 0}, {"type": "string", "pattern": "^[0-9]*$"}]}
)
class WholeNumberField(serializers.Field):
    """A number of a registered row: a JSON integer, or its ASCII digits as text (a CSV's
    cells are text); the row's checks then bound it."""

    default_error_messages = {"invalid": "must be a whole number, as a number or digits."}

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, bool) or not isinstance(data, int | str):
            self.fail("invalid")
        return str(data)

    def to_representation(self, value: Any) -> Any:
        return value


class RegisteredRowSerializer(SwissInputSerializer):
    """One registered player, as the CSV's columns: text fields are strings on one line (no
    control characters), unknown keys refused; `registered_player` then checks the values."""

    name = serializers.CharField(max_length=ONE_LINE_MAX_LENGTH, trim_whitespace=False)
    fide_id = serializers.CharField(max_length=11, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    title = serializers.CharField(max_length=3, required=False, allow_blank=True)
    birth_year = WholeNumberField(required=False, allow_null=True)
    sex = serializers.CharField(max_length=1, required=False, allow_blank=True)
    rating = WholeNumberField(required=False, allow_null=True)
    rating_kind = serializers.CharField(max_length=8, required=False, allow_blank=True)


@extend_schema_field(RegisteredRowSerializer(many=True))
class RegisteredRowsField(serializers.ListField):
    """The rows, each checked as a CSV line is: its problems named `row N: field …`."""

    def to_internal_value(self, data: Any) -> list[registered.RegisteredPlayer]:
        rows = super().to_internal_value(data)
        players: list[registered.RegisteredPlayer] = []
        errors: list[str] = []
        for number, row in enumerate(rows, start=1):
            shape = RegisteredRowSerializer(data=row)
            if not shape.is_valid():
                errors += [
                    f"row {number}: {message}"
                    if name == "non_field_errors"
                    else f"row {number}: {name}: {message}"
                    for name, messages in shape.errors.items()
                    for message in (messages if isinstance(messages, list) else [messages])
                ]
                continue
            player, problems = registered.registered_player(shape.validated_data)
            errors += [f"row {number}: {field} {message}" for field, message in problems.items()]
            players += [player] if player is not None else []
        if errors:
            raise serializers.ValidationError(errors)
        return players


def _upload_text(upload: Any, field: str) -> str:
    """An uploaded file's text, under the limits of the same text sent in a JSON body: its
    size (DATA_UPLOAD_MAX_MEMORY_SIZE) and no control characters but line breaks and tabs."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and upload.size > limit:
        raise InvalidInput({field: [f"The file is larger than {limit} bytes."]})
    text = decode_upload(upload.read())
    if text_problem(text, multiline=True) is not None:
        raise InvalidInput(
            {field: ["The file holds control characters (other than line breaks and tabs)."]}
        )
    return text


UPLOAD_PARSERS = [DepthSafeJSONParser, LimitedMultiPartParser]


class RegisteredEntriesApi(APIView):
    """Leaders add players without an account: `players` (a list of rows), or a CSV with a
    header line, as text (`csv`) or as an uploaded `file` (a multipart body). All rows are
    saved or none. Anyone lists the event's registered entries (whom a user may claim)."""

    parser_classes = UPLOAD_PARSERS

    class InputSerializer(SwissInputSerializer):
        players = RegisteredRowsField(
            child=serializers.JSONField(), required=False, max_length=registered.MAX_ROWS
        )
        csv = serializers.CharField(required=False, trim_whitespace=False)
        file = serializers.FileField(required=False, help_text="A CSV file (multipart body).")

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            attrs = super().validate(attrs)
            if len(attrs) != 1:
                raise serializers.ValidationError("Give exactly one of players, csv and file.")
            return attrs

    @extend_schema(responses={200: RegisteredEntryOutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        entries = selectors.registered_entry_list(tournament=_tournament(tournament_id))
        return Response(RegisteredEntryOutputSerializer(entries, many=True).data)

    @extend_schema(
        request={
            "application/json": InputSerializer,
            "multipart/form-data": InputSerializer,
        },
        responses={201: RegisteredEntryOutputSerializer(many=True), **ERRORS},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        # Before the body is checked: a stranger learns nothing from its problems.
        _leader_required(tournament, user, "add registered players")
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if "players" in given:
            created = registered.registered_entries_add(
                tournament=tournament, leader=user, players=given["players"]
            )
        else:
            text = given.get("csv")
            if text is None:
                text = _upload_text(given["file"], "file")
            created = registered.registered_entries_from_csv(
                tournament=tournament, leader=user, text=text
            )
        body = RegisteredEntryOutputSerializer(created, many=True).data
        return Response(body, status=status.HTTP_201_CREATED)


class EntryClaimOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField(source="participant_id")
    name = serializers.CharField(source="participant.name")
    username = serializers.CharField(source="user.username")
    status = serializers.ChoiceField(
        choices=ClaimStatus.choices,
        help_text="`waiting` for a leader, `rejected` (shown to its claimant until dismissed), "
        "or `offered` by a leader, waiting for the user to confirm.",
    )
    created_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(
        allow_null=True, help_text="When a leader rejected the claim; null while it waits."
    )


class EntryClaimCreateApi(APIView):
    """A user claims a registered entry as theirs; the event's leaders approve or reject it."""

    @extend_schema(request=None, responses={201: EntryClaimOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        claim = registered.entry_claim_create(
            tournament=_tournament(tournament_id), user=user, entry_id=entry_id
        )
        return Response(EntryClaimOutputSerializer(claim).data, status=status.HTTP_201_CREATED)


class EntryClaimListApi(APIView):
    """Leaders get every claim waiting for a decision and their open offers; any other
    signed-in user gets their own, waiting, offered or rejected (so a claimant finds their
    claim, and its rejection, again)."""

    @extend_schema(responses={200: EntryClaimOutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        leader = team_id_is_leader(team_id=tournament.team_id, user=user)
        claims = selectors.entry_claim_list(tournament=tournament, user=None if leader else user)
        return Response(EntryClaimOutputSerializer(claims, many=True).data)


class EntryClaimApproveApi(APIView):
    """The second side agrees, and the entry is linked (its history unchanged): a leader
    approves a user's waiting claim, or the user confirms a leader's offer (`offered`)."""

    @extend_schema(
        request=None,
        responses={
            200: RegisteredEntryOutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="The event has finished"),
        },
    )
    def post(self, request: Request, tournament_id: int, claim_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        entry = registered.entry_claim_approve(
            tournament=_tournament(tournament_id), user=user, claim_id=claim_id
        )
        return Response(RegisteredEntryOutputSerializer(entry).data)


class EntryClaimDeleteApi(APIView):
    """Leaders reject a waiting claim (it is kept, as rejected, for its claimant to see) or
    withdraw their offer; its user deletes it (withdrawing it, dismissing its rejection, or
    declining an offer)."""

    @extend_schema(request=None, responses={204: None, **ERRORS})
    def delete(self, request: Request, tournament_id: int, claim_id: int) -> Response:
        user = authenticated_user(request)
        registered.entry_claim_remove(
            tournament=_tournament(tournament_id), user=user, claim_id=claim_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntryLinkApi(APIView):
    """Leaders offer a registered entry to a member of the team: an `offered` claim, linked
    once that user confirms it (POST …/claims/{id}/approve/) and never without them."""

    class InputSerializer(SwissInputSerializer):
        username = serializers.CharField(max_length=150)

    @extend_schema(
        request=InputSerializer,
        responses={
            201: EntryClaimOutputSerializer,
            **ERRORS,
            409: OpenApiResponse(description="Finished event, or already claimed or offered"),
        },
    )
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        leader = authenticated_user(request)
        tournament = _tournament(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data["username"]
        user = User.objects.filter(username__iexact=username.strip()).first()
        if user is None:
            raise InvalidInput({"username": [f"No user named {username!r}."]})
        claim = registered.entry_link_offer(
            tournament=tournament, leader=leader, entry_id=entry_id, user=user
        )
        return Response(EntryClaimOutputSerializer(claim).data, status=status.HTTP_201_CREATED)


class TrfImportApi(APIView):
    """Leaders create an over-the-board event from a TRF (TRF-2026, TRF-16 or extended), as
    text (`trf`) or an uploaded `file` (a multipart body); the answer lists where our
    standings differ from the file's. A file the reader refuses is a 400 with its line and
    column. A caller who does not lead `team` gets a 403 before the file is read."""

    parser_classes = UPLOAD_PARSERS

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
                raise serializers.ValidationError("Give the TRF as trf (text) or as file.")
            return _clock_checked(attrs)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField(source="tournament.id")
        differences = serializers.ListField(child=serializers.CharField())
        warnings = serializers.ListField(child=serializers.CharField())

    @extend_schema(
        request={
            "application/json": InputSerializer,
            "multipart/form-data": InputSerializer,
        },
        responses={201: OutputSerializer, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        slug = request.data.get("team") if hasattr(request.data, "get") else None
        team = Team.objects.filter(slug=slug).first() if isinstance(slug, str) else None
        if team is not None:  # before the body is checked, or the file read
            _team_leader_required(team, user, "import events")
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if team is None:
            raise NotFound("No such team.")
        text = values.get("trf")
        if text is None:
            text = _upload_text(values["file"], "file")
        imported = trf_import.event_from_trf(
            team=team,
            user=user,
            text=text,
            clock_limit_seconds=values["clock_limit_seconds"],
            clock_increment_seconds=values["clock_increment_seconds"],
        )
        return Response(self.OutputSerializer(imported).data, status=status.HTTP_201_CREATED)


@extend_schema_serializer(component_name="ManualBoard")
class ManualBoardSerializer(serializers.Serializer):
    white = serializers.CharField(max_length=150)
    black = serializers.CharField(max_length=150)


@extend_schema_field(ManualBoardSerializer(many=True))
class ManualBoardsField(serializers.ListField):
    """Boards in order, players by username (or a registered player's name). Read as a list of
    objects, each then checked by the view's board serializer."""


class ManualPairingApi(APIView):
    """Replace the pairing of the next round (or of the current one while no result is in).
    Players are named by username, or registered players (no account) by their name."""

    class BoardSerializer(SwissInputSerializer):
        white = serializers.CharField(max_length=150)
        black = serializers.CharField(max_length=150)

    class InputSerializer(SwissInputSerializer):
        boards = ManualBoardsField(child=serializers.DictField(), max_length=2000)
        bye = serializers.CharField(max_length=150, allow_null=True, required=False)

        def validate_boards(self, value: list[dict[str, Any]]) -> list[dict[str, str]]:
            board = ManualPairingApi.BoardSerializer(data=value, many=True)
            board.is_valid(raise_exception=True)
            return list(board.validated_data)

    @extend_schema(request=InputSerializer, responses={201: RoundDetailOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        boards = [
            (
                _entry(tournament, b["white"], "boards").id,
                _entry(tournament, b["black"], "boards").id,
            )
            for b in data.validated_data["boards"]
        ]
        bye_name = data.validated_data.get("bye")
        rnd = pairing.round_pair_manually(
            tournament=tournament,
            user=user,
            boards=boards,
            bye=_entry(tournament, bye_name, "bye").id if bye_name else None,
        )
        return Response(_round(tournament, rnd.number), status=status.HTTP_201_CREATED)


class StartNextRoundApi(APIView):
    @extend_schema(
        request=None,
        responses={
            201: RoundDetailOutputSerializer,
            200: TournamentOutputSerializer,
            409: OpenApiResponse(description="Another run is pairing this event now; retry"),
            503: OpenApiResponse(description="The pairing engine failed; retry"),
            **ERRORS,
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        tournament = _tournament(tournament_id)
        rnd = pairing.round_start_now(tournament=tournament, user=user)
        if rnd is None:  # the event ended instead (no valid pairing, too few players)
            return Response(payloads.tournament_payload(_tournament(tournament_id)))
        return Response(_round(tournament, rnd.number), status=status.HTTP_201_CREATED)


class NoShowBanLiftApi(APIView):
    @extend_schema(request=None, responses={204: None, **ERRORS})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        no_shows.no_show_ban_lift(
            tournament=_tournament(tournament_id), leader=leader, user=_user(username)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoShowBanListApi(APIView):
    """The hosting team's players whose no-show ban still runs (leaders only)."""

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField(source="user.username")
        banned_until = serializers.DateTimeField()

    @extend_schema(responses={200: OutputSerializer(many=True), **ERRORS})
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        _leader_required(tournament, user, "see the no-show bans")
        rows = selectors.no_show_bans_active(tournament=tournament)
        return Response(self.OutputSerializer(rows, many=True).data)


class PairingProposalApi(APIView):
    """What the manual-pairing editor starts from (leaders only; nothing is stored): the
    current round's boards while it is paired and no result is in, otherwise the engine's
    pairing of the next round."""

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField()
        boards = ManualBoardsField(
            child=serializers.DictField(child=serializers.CharField()),
            help_text="Boards in order: {white, black} display names.",
        )
        bye = serializers.CharField(allow_null=True)
        replaces_current = serializers.BooleanField()

    @extend_schema(
        responses={
            200: OutputSerializer,
            503: OpenApiResponse(description="The pairing engine failed; retry"),
            **ERRORS,
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        proposal = pairing.round_pairing_propose(tournament=_tournament(tournament_id), user=user)
        return Response(self.OutputSerializer(proposal).data)


class EntryConditionsApi(APIView):
    """What entering takes and what the event is, each checked for the signed-in viewer
    (`met` is null for a visitor)."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        code = serializers.ChoiceField(
            choices=["team", "rating", "password", "mode", "time_control", "draw"]
        )
        text = serializers.CharField()
        met = serializers.BooleanField(allow_null=True)
        detail = serializers.CharField(allow_blank=True)

    @extend_schema(responses={200: OutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        user = request.user if request.user.is_authenticated else None
        rows = selectors.entry_conditions(tournament=_tournament(tournament_id), user=user)
        return Response(self.OutputSerializer(rows, many=True).data)


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
            400: ERRORS[400],
            404: ERRORS[404],
        },
        parameters=[
            OpenApiParameter("tournament_id", int, OpenApiParameter.PATH),
            OpenApiParameter("format", str, enum=list(FORMATS), default=DEFAULT_FORMAT),
        ],
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        query = self.FilterSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        tournament = _tournament(tournament_id)
        text = tournament_trf(tournament=tournament, fmt=query.validated_data["format"])
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        name = trf_file_name(tournament=tournament, fmt=query.validated_data["format"])
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class ScheduleNextRoundApi(APIView):
    """Leaders set when the next round starts (manual mode; before the start it moves it)."""

    class InputSerializer(SwissInputSerializer):
        at = serializers.DateTimeField()

    @extend_schema(request=InputSerializer, responses={200: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        schedule.round_schedule(
            tournament=_tournament(tournament_id), user=user, at=data.validated_data["at"]
        )
        return Response(payloads.tournament_payload(_tournament(tournament_id)))
