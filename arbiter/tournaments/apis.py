"""Thin REST views for Swiss tournaments: validate input, call a service, serialize."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.apis import authenticated_user, reject_body
from arbiter.common.exceptions import NotFound
from arbiter.common.pagination import DefaultPagination
from arbiter.teams.models import Team
from arbiter.teams.selectors import team_id_is_leader
from arbiter.tournaments import selectors
from arbiter.tournaments.models import GameResult, SwissTournament, TournamentStatus
from arbiter.tournaments.serializers import (
    ByeOutputSerializer,
    PairingOutputSerializer,
    RoundDetailOutputSerializer,
    RoundOutputSerializer,
    StandingOutputSerializer,
    TournamentOutputSerializer,
)
from arbiter.tournaments.services import entries, forbidden, results, rounds, schedule
from arbiter.tournaments.services import tournament as events
from arbiter.tournaments.trf_export import tournament_trf
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


def _user(username: str) -> User:
    user = User.objects.filter(username__iexact=username).first()
    if user is None:
        raise NotFound(f"No user named {username!r}.")
    return user


class TournamentSettingsSerializer(serializers.Serializer):
    """Every editable setting (create requires name, rounds, start and clock)."""

    name = serializers.CharField(max_length=120)
    description = serializers.CharField(max_length=5000, allow_blank=True, required=False)
    num_rounds = serializers.IntegerField(min_value=1, max_value=100)
    start_time = serializers.DateTimeField()
    clock_limit_seconds = serializers.IntegerField(min_value=0, max_value=3 * 3600)
    clock_increment_seconds = serializers.IntegerField(min_value=0, max_value=180)
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

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("clock_limit_seconds") == 0 and attrs.get("clock_increment_seconds") == 0:
            raise serializers.ValidationError({"clock_limit_seconds": "The clock cannot be 0+0."})
        low, high = attrs.get("min_rating"), attrs.get("max_rating")
        if low is not None and high is not None and low > high:
            raise serializers.ValidationError({"max_rating": "Must not be below min_rating."})
        return attrs


class TournamentListCreateApi(APIView):
    class InputSerializer(TournamentSettingsSerializer):
        team = serializers.SlugField()

    class FilterSerializer(serializers.Serializer):
        team = serializers.SlugField(required=False)
        status = serializers.ChoiceField(choices=TournamentStatus.values, required=False)

    @extend_schema(
        parameters=[FilterSerializer],
        responses={200: TournamentOutputSerializer(many=True), 400: ERRORS[400]},
    )
    def get(self, request: Request) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        team = None
        if "team" in filters.validated_data:
            team = Team.objects.filter(slug=filters.validated_data["team"]).first()
            if team is None:
                raise NotFound("No such team.")
        qs = selectors.tournament_list(team=team, status=filters.validated_data.get("status"))
        paginator = DefaultPagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response(TournamentOutputSerializer(page, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        team = Team.objects.filter(slug=values.pop("team")).first()
        if team is None:
            raise NotFound("No such team.")
        tournament = events.tournament_create(team=team, user=user, **values)
        return Response(
            TournamentOutputSerializer(_tournament(tournament.id)).data,
            status=status.HTTP_201_CREATED,
        )


class TournamentDetailApi(APIView):
    class InputSerializer(TournamentSettingsSerializer):
        pass

    @extend_schema(responses={200: TournamentOutputSerializer, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(TournamentOutputSerializer(_tournament(tournament_id)).data)

    @extend_schema(request=InputSerializer, responses={200: TournamentOutputSerializer, **ERRORS})
    def patch(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = _tournament(tournament_id)
        data = self.InputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        events.tournament_update(tournament=tournament, user=user, data=dict(data.validated_data))
        return Response(TournamentOutputSerializer(_tournament(tournament_id)).data)


class TournamentCancelApi(APIView):
    @extend_schema(request=None, responses={200: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        events.tournament_cancel(tournament=_tournament(tournament_id), user=user)
        return Response(TournamentOutputSerializer(_tournament(tournament_id)).data)


class ParticipantOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    rating = serializers.IntegerField()
    status = serializers.CharField()
    joined_after_round = serializers.IntegerField()


class TournamentJoinApi(APIView):
    class InputSerializer(serializers.Serializer):
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


class TournamentRequestByeApi(APIView):
    class InputSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1, max_value=100, required=False)

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

    @extend_schema(responses={200: StandingOutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(tournament_id)
        paginator = DefaultPagination()
        page = paginator.paginate_queryset(
            selectors.standings_queryset(tournament=tournament), request, view=self
        )
        rows = selectors.standings_sheets(tournament=tournament, participants=list(page or []))
        return paginator.get_paginated_response(StandingOutputSerializer(rows, many=True).data)


class RoundListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundOutputSerializer(many=True), 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int) -> Response:
        rows = selectors.round_list(tournament=_tournament(tournament_id))
        return Response(RoundOutputSerializer(rows, many=True).data)


def round_detail_data(tournament: SwissTournament, number: int) -> dict[str, Any]:
    rnd = selectors.round_get(tournament=tournament, number=number)
    if rnd is None:
        raise NotFound(f"Round {number} has not been paired.")
    data = dict(RoundOutputSerializer(rnd).data)
    data["pairings"] = PairingOutputSerializer(selectors.round_pairings(rnd=rnd), many=True).data
    data["byes"] = ByeOutputSerializer(selectors.round_byes(rnd=rnd), many=True).data
    return data


class RoundDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundDetailOutputSerializer, 404: ERRORS[404]})
    def get(self, request: Request, tournament_id: int, number: int) -> Response:
        return Response(round_detail_data(_tournament(tournament_id), number))


class PairingResultApi(APIView):
    """Players of the board report a result; the team's leaders set or correct any result
    (forfeits, double forfeits and no-shows included)."""

    class InputSerializer(serializers.Serializer):
        result = serializers.ChoiceField(choices=[c for c in GameResult.values if c])
        no_show = serializers.ChoiceField(
            choices=["white", "black"], required=False, allow_null=True
        )

    @extend_schema(request=InputSerializer, responses={200: PairingOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int, pairing_id: int) -> Response:
        user = authenticated_user(request)
        tournament = selectors.tournament_row_get(tournament_id=tournament_id)
        if tournament is None:
            raise NotFound("No such tournament.")
        pairing = selectors.pairing_get(tournament=tournament, pairing_id=pairing_id)
        if pairing is None:
            raise NotFound("No such pairing.")
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data.get("no_show") and not team_id_is_leader(
            team_id=tournament.team_id, user=user
        ):
            raise serializers.ValidationError({"no_show": "Only an arbiter records no-shows."})
        pairing = results.result_submit(pairing=pairing, user=user, **data.validated_data)
        # The board as the group commit left it; its players are already loaded.
        pairing.refresh_from_db(fields=["result", "disputed", "no_show"])
        return Response(PairingOutputSerializer(pairing).data)


class ForbiddenPairingOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player1 = serializers.CharField(source="player1.username")
    player2 = serializers.CharField(source="player2.username")


class ForbiddenPairingListCreateApi(APIView):
    class InputSerializer(serializers.Serializer):
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
            player1=_user(data.validated_data["player1"]),
            player2=_user(data.validated_data["player2"]),
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


class ManualPairingApi(APIView):
    """Replace the pairing of the next round (or of the current one while no result is in)."""

    class BoardSerializer(serializers.Serializer):
        white = serializers.CharField(max_length=150)
        black = serializers.CharField(max_length=150)

    class InputSerializer(serializers.Serializer):
        boards = serializers.ListField(child=serializers.DictField(), max_length=2000)
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
            (_user(b["white"]).id, _user(b["black"]).id) for b in data.validated_data["boards"]
        ]
        bye_name = data.validated_data.get("bye")
        rnd = rounds.round_pair_manually(
            tournament=tournament,
            user=user,
            boards=boards,
            bye=_user(bye_name).id if bye_name else None,
        )
        return Response(round_detail_data(tournament, rnd.number), status=status.HTTP_201_CREATED)


class StartNextRoundApi(APIView):
    @extend_schema(
        request=None,
        responses={
            201: RoundDetailOutputSerializer,
            200: TournamentOutputSerializer,
            503: OpenApiResponse(description="The pairing engine failed; retry"),
            **ERRORS,
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        tournament = _tournament(tournament_id)
        rnd = rounds.round_start_now(tournament=tournament, user=user)
        if rnd is None:  # the event ended instead (no valid pairing, too few players)
            return Response(TournamentOutputSerializer(_tournament(tournament_id)).data)
        return Response(round_detail_data(tournament, rnd.number), status=status.HTTP_201_CREATED)


class NoShowBanLiftApi(APIView):
    @extend_schema(request=None, responses={204: None, **ERRORS})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        entries.no_show_ban_lift(
            tournament=_tournament(tournament_id), leader=leader, user=_user(username)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class TrfExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(description="FIDE TRF-16 file"),
            404: ERRORS[404],
        },
        parameters=[OpenApiParameter("tournament_id", int, OpenApiParameter.PATH)],
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = _tournament(tournament_id)
        response = HttpResponse(
            tournament_trf(tournament=tournament), content_type="text/plain; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="swiss-{tournament.id}.trf"'
        return response


class ScheduleNextRoundApi(APIView):
    """Leaders set when the next round starts (manual mode; before the start it moves it)."""

    class InputSerializer(serializers.Serializer):
        at = serializers.DateTimeField()

    @extend_schema(request=InputSerializer, responses={200: TournamentOutputSerializer, **ERRORS})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        schedule.round_schedule(
            tournament=_tournament(tournament_id), user=user, at=data.validated_data["at"]
        )
        return Response(TournamentOutputSerializer(_tournament(tournament_id)).data)
