"""The arbiter inside a game (docs/games.md, "The arbiter"): a player's call, the calls'
queue, and the arbiters' actions. Each answers the game's state (or the call)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import StrictInputSerializer, error_responses, reject_body
from arbiter.common.exceptions import InvalidInput, NotFound
from arbiter.common.throttling import ScopedRateThrottle
from arbiter.games.api.play import _state
from arbiter.games.models import ArbiterCall
from arbiter.games.read import selectors
from arbiter.games.read.serializers import GameStateOutputSerializer
from arbiter.games.services import arbitration
from arbiter.teams.read import team_id_is_leader
from arbiter.users.authentication import authenticated_user

ERRORS = error_responses(
    {
        400: "Invalid input (field messages)",
        401: "Not authenticated",
        403: "Not one of the event's arbiters (or not the game's player, for a call)",
        404: "Unknown game or call",
        409: "The game is over, or the action does not fit its state",
        429: "Too many actions (the per-user game rate)",
    }
)


@extend_schema_serializer(component_name="ArbiterCall")
class ArbiterCallOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_id = serializers.IntegerField()
    tournament_id = serializers.SerializerMethodField(help_text="An individual event's game.")
    team_swiss_id = serializers.SerializerMethodField(help_text="A team event's game.")
    round = serializers.SerializerMethodField()
    table = serializers.SerializerMethodField(help_text="A team event's match (null otherwise).")
    board = serializers.SerializerMethodField()
    caller = serializers.CharField(source="caller.username")
    colour = serializers.SerializerMethodField()
    reason = serializers.ChoiceField(choices=ArbiterCall.Reason.choices)
    reason_label = serializers.CharField(source="get_reason_display")
    text = serializers.CharField(allow_blank=True)
    status = serializers.ChoiceField(choices=ArbiterCall.Status.choices)
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)

    def get_tournament_id(self, call: ArbiterCall) -> int | None:
        return selectors.game_place(game_id=call.game_id).tournament_id

    def get_team_swiss_id(self, call: ArbiterCall) -> int | None:
        return selectors.game_place(game_id=call.game_id).team_swiss_id

    def get_round(self, call: ArbiterCall) -> int:
        return selectors.game_place(game_id=call.game_id).round

    def get_table(self, call: ArbiterCall) -> int | None:
        return selectors.game_place(game_id=call.game_id).table

    def get_board(self, call: ArbiterCall) -> int:
        return selectors.game_place(game_id=call.game_id).board

    def get_colour(self, call: ArbiterCall) -> str:
        return "white" if call.caller_id == call.game.white_id else "black"


class _Action(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "game"


def _valid(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


class GameCallOpenApi(_Action):
    """A player of the running game calls the event's arbiters (one open call each)."""

    class InputSerializer(StrictInputSerializer):
        reason = serializers.ChoiceField(choices=ArbiterCall.Reason.choices)
        text = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses={201: ArbiterCallOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        data = _valid(self.InputSerializer, request)
        call = arbitration.game_call_open(
            game_id=game_id,
            user=authenticated_user(request),
            reason=data["reason"],
            text=data["text"],
        )
        call = (
            selectors.arbiter_calls_of_game(game_id=game_id).select_related("game").get(id=call.id)
        )
        return Response(ArbiterCallOutputSerializer(call).data, status=201)


class GameCallListApi(APIView):
    """A game's calls: a player sees their own, the event's arbiters all of them
    (`arbiter`: whether the user is one, so the game page shows them the arbiter's tools)."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        arbiter = serializers.BooleanField()
        calls = ArbiterCallOutputSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer, **ERRORS})
    def get(self, request: Request, game_id: int) -> Response:
        user = authenticated_user(request)
        team_id = selectors.game_host_team_id(game_id=game_id)
        if team_id is None:
            raise NotFound(_("No such game."))
        arbiter = team_id_is_leader(team_id=team_id, user=user)
        calls = selectors.arbiter_calls_of_game(
            game_id=game_id, user_id=None if arbiter else user.id
        )
        body = {"arbiter": arbiter, "calls": calls.select_related("game")}
        return Response(self.OutputSerializer(body).data)


def _event_id(request: Request, name: str) -> int | None:
    """An event's id in the query string (absent: None; not a whole number: 400 on it)."""
    raw = request.query_params.get(name)
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise InvalidInput({name: [_("Must be a whole number.")]}) from None


class ArbiterCallQueueApi(APIView):
    """The open calls of the games the user arbitrates, oldest first (`?tournament=`: one
    individual event's; `?team_swiss=`: one team event's)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("tournament", int, description="One event's calls only."),
            OpenApiParameter("team_swiss", int, description="One team event's calls only."),
        ],
        responses={200: ArbiterCallOutputSerializer(many=True), **ERRORS},
    )
    def get(self, request: Request) -> Response:
        calls = selectors.arbiter_calls_open_for(
            user=authenticated_user(request),
            tournament_id=_event_id(request, "tournament"),
            team_swiss_id=_event_id(request, "team_swiss"),
        )
        return Response(ArbiterCallOutputSerializer(calls, many=True).data)


class ArbiterCallCloseApi(_Action):
    @extend_schema(request=None, responses={200: ArbiterCallOutputSerializer, **ERRORS})
    def post(self, request: Request, call_id: int) -> Response:
        reject_body(request)
        call = arbitration.game_call_close(call_id=call_id, user=authenticated_user(request))
        call = ArbiterCall.objects.select_related("game", "caller").get(id=call.id)
        return Response(ArbiterCallOutputSerializer(call).data)


class GamePauseApi(_Action):
    @extend_schema(request=None, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        reject_body(request)
        arbitration.game_pause(game_id=game_id, user=authenticated_user(request))
        return _state(game_id)


class GameResumeApi(_Action):
    @extend_schema(request=None, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        reject_body(request)
        arbitration.game_resume(game_id=game_id, user=authenticated_user(request))
        return _state(game_id)


class GameTimeAddApi(_Action):
    class InputSerializer(StrictInputSerializer):
        colour = serializers.ChoiceField(choices=["white", "black"])
        seconds = serializers.IntegerField(min_value=1, max_value=arbitration.TIME_ADD_MAX_SECONDS)

    @extend_schema(request=InputSerializer, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        data = _valid(self.InputSerializer, request)
        arbitration.game_time_add(
            game_id=game_id,
            user=authenticated_user(request),
            colour=data["colour"],
            seconds=data["seconds"],
        )
        return _state(game_id)


class GameTakebackApi(_Action):
    @extend_schema(request=None, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        reject_body(request)
        arbitration.game_takeback(game_id=game_id, user=authenticated_user(request))
        return _state(game_id)


class GameAdjudicateApi(_Action):
    class InputSerializer(StrictInputSerializer):
        result = serializers.ChoiceField(choices=list(arbitration.ADJUDICATIONS))
        reason = serializers.CharField(max_length=200)

    @extend_schema(request=InputSerializer, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        data = _valid(self.InputSerializer, request)
        arbitration.game_adjudicate(
            game_id=game_id,
            user=authenticated_user(request),
            result=data["result"],
            reason=data["reason"],
        )
        return _state(game_id)
