"""Entries: join, withdraw, rejoin, byes; leaders withdraw and reinstate players, lift no-show
bans and forbid pairings."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, reject_body
from arbiter.tournaments.api.common import (
    SwissInputSerializer,
    entry_named,
    team_in_body,
    tournament_or_404,
    user_named,
)
from arbiter.tournaments.models import SwissParticipant
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import PAUSE_REASON_FIELD, pause_reason
from arbiter.tournaments.services import (
    checkin,
    disqualification,
    entries,
    forbidden,
    no_shows,
    registered,
)
from arbiter.users.authentication import authenticated_user


class ParticipantOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="display_name")
    team = serializers.SlugField(
        source="team.slug", allow_null=True, help_text="The team played for; null = the host."
    )
    rating = serializers.IntegerField()
    status = serializers.CharField()
    pause_reason = serializers.SerializerMethodField(help_text=PAUSE_REASON_FIELD.help_text)
    joined_after_round = serializers.IntegerField()
    checked_in_at = serializers.DateTimeField(
        allow_null=True, help_text="When the player checked in for round 1; null: not yet."
    )

    @extend_schema_field(PAUSE_REASON_FIELD)
    def get_pause_reason(self, participant: SwissParticipant) -> str:
        return pause_reason(participant)


class TournamentJoinApi(APIView):
    # Password guesses: a per-user allowance (ARBITER_JOIN_THROTTLE_RATE), counted by the
    # service, which the lichess join calls too (docs/security.md).
    service_throttle = "join"

    class InputSerializer(SwissInputSerializer):
        password = serializers.CharField(
            max_length=128, allow_blank=True, required=False, default=""
        )
        team = serializers.SlugField(
            required=False,
            help_text="A co-hosted event: the team you play for (default: the host if you "
            "belong to it, else your only team of the event).",
        )

    @extend_schema(request=InputSerializer, responses={201: ParticipantOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        team = team_in_body(values.pop("team")) if "team" in values else None
        participant = entries.tournament_join(
            tournament=tournament_or_404(tournament_id), user=user, team=team, **values
        )
        return Response(
            ParticipantOutputSerializer(participant).data, status=status.HTTP_201_CREATED
        )


class TournamentWithdrawApi(APIView):
    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, 204: None})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        participant = entries.tournament_withdraw(
            tournament=tournament_or_404(tournament_id), user=user
        )
        if participant is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(ParticipantOutputSerializer(participant).data)


class TournamentRejoinApi(APIView):
    @extend_schema(request=None, responses={200: ParticipantOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        participant = entries.tournament_rejoin(
            tournament=tournament_or_404(tournament_id), user=user
        )
        return Response(ParticipantOutputSerializer(participant).data)


class PlayerWithdrawApi(APIView):
    """Leaders withdraw a player: paused (zero-point byes) once the event has started, the
    entry removed before it (204). A registered player is named by their name."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer, 204: None})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        participant = registered.player_status_set(
            tournament=tournament_or_404(tournament_id), leader=leader, name=username, playing=False
        )
        if participant is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(ParticipantOutputSerializer(participant).data)


class PlayerReinstateApi(APIView):
    """Leaders bring a withdrawn player back into the pairings (a registered player: by name)."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        participant = registered.player_status_set(
            tournament=tournament_or_404(tournament_id), leader=leader, name=username, playing=True
        )
        return Response(ParticipantOutputSerializer(participant).data)


class EntryDisqualifyApi(APIView):
    """Leaders disqualify an entry (by its id, the standing row's `id`) of a started event:
    never paired again, struck through, no prize; its unfinished board is lost by forfeit, and
    with the event's `disqualification_games = forfeit` every past game too."""

    class InputSerializer(SwissInputSerializer):
        reason = serializers.CharField(max_length=500)

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = serializers.CharField(source="display_name")
        status = serializers.CharField()
        disqualification_reason = serializers.CharField()
        disqualified_at = serializers.DateTimeField()
        points = serializers.DecimalField(max_digits=5, decimal_places=1)

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses(
                {
                    403: "Only the team's leaders disqualify players.",
                    404: "No such event, or no such entry in it.",
                }
            ),
        },
    )
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        leader = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = disqualification.entry_disqualify(
            tournament=tournament_or_404(tournament_id),
            user=leader,
            entry_id=entry_id,
            reason=data.validated_data["reason"],
        )
        entry.refresh_from_db(fields=["points"])
        return Response(self.OutputSerializer(entry).data)


class TournamentCheckInApi(APIView):
    """The player confirms presence in the check-in window before round 1 (again: no
    change). Refused with no window, before it opens, or once round 1 is paired."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        participant = checkin.entry_check_in(tournament=tournament_or_404(tournament_id), user=user)
        return Response(ParticipantOutputSerializer(participant).data)


class PlayerCheckInApi(APIView):
    """Leaders check a player in (a player present at the venue without the page open)."""

    @extend_schema(request=None, responses={200: ParticipantOutputSerializer})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        participant = checkin.player_check_in(
            tournament=tournament_or_404(tournament_id), leader=leader, name=username
        )
        return Response(ParticipantOutputSerializer(participant).data)


class TournamentRequestByeApi(APIView):
    class InputSerializer(SwissInputSerializer):
        round = serializers.IntegerField(min_value=1, max_value=100)

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField(source="round_number")

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        bye = entries.bye_request_create(
            tournament=tournament_or_404(tournament_id),
            user=user,
            round_number=data.validated_data.get("round"),
        )
        return Response(self.OutputSerializer(bye).data, status=status.HTTP_201_CREATED)


class NoShowBanLiftApi(APIView):
    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, tournament_id: int, username: str) -> Response:
        leader = authenticated_user(request)
        reject_body(request)
        no_shows.no_show_ban_lift(
            tournament=tournament_or_404(tournament_id), leader=leader, user=user_named(username)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoShowBanListApi(APIView):
    """The hosting team's players whose no-show ban still runs (leaders only)."""

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField(source="user.username")
        banned_until = serializers.DateTimeField()

    @extend_schema(
        responses={
            200: OutputSerializer(many=True),
            **error_responses({403: "Only the team's leaders see the bans."}),
        }
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        rows = no_shows.no_show_bans_list(tournament=tournament_or_404(tournament_id), leader=user)
        return Response(self.OutputSerializer(rows, many=True).data)


class NoShowBanPreviewApi(APIView):
    """What a no-show by this entry (the standing row's `id`) would do now: the ban it would
    get from the hosting team's events by the ladder (leaders only; docs/swiss.md)."""

    class OutputSerializer(serializers.Serializer):
        player = serializers.CharField()
        team_name = serializers.CharField(
            help_text="The hosting team, whose events the ban covers."
        )
        ban_seconds = serializers.IntegerField(
            allow_null=True,
            help_text="The ban a no-show would give now; null: a player without an account "
            "(paused, not banned).",
        )
        banned_until = serializers.DateTimeField(
            allow_null=True, help_text="The end of a ban already running; null: none."
        )

    @extend_schema(
        responses={
            200: OutputSerializer,
            **error_responses(
                {
                    403: "Only the team's leaders see the bans.",
                    404: "No such event, or no such entry in it.",
                }
            ),
        }
    )
    def get(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        leader = authenticated_user(request)
        preview = no_shows.no_show_ban_preview(
            tournament=tournament_or_404(tournament_id), leader=leader, entry_id=entry_id
        )
        return Response(self.OutputSerializer(preview).data)


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

    @extend_schema(responses={200: ForbiddenPairingOutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        pairs = selectors.forbidden_pairing_list(tournament=tournament_or_404(tournament_id))
        return Response(ForbiddenPairingOutputSerializer(pairs, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: ForbiddenPairingOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pair = forbidden.forbidden_pairing_add(
            tournament=tournament,
            user=user,
            player1=entry_named(tournament, data.validated_data["player1"], "player1"),
            player2=entry_named(tournament, data.validated_data["player2"], "player2"),
        )
        return Response(ForbiddenPairingOutputSerializer(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairingDeleteApi(APIView):
    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, tournament_id: int, pair_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        forbidden.forbidden_pairing_remove(
            tournament=tournament_or_404(tournament_id), user=user, pair_id=pair_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
