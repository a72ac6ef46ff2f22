"""Registered players (no account): leaders add them; users claim them, leaders offer them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import ONE_LINE_MAX_LENGTH, error_responses, reject_body
from arbiter.common.exceptions import InvalidInput
from arbiter.tournaments.api.common import (
    UPLOAD_PARSERS,
    SwissInputSerializer,
    tournament_or_404,
    upload_text,
)
from arbiter.tournaments.models import ClaimStatus
from arbiter.tournaments.read import selectors
from arbiter.tournaments.services import registered
from arbiter.users.authentication import authenticated_user
from arbiter.users.read import user_get_by_username


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

    default_error_messages = {
        "invalid": gettext_lazy("must be a whole number, as a number or digits.")
    }

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
                    _("row %(number)s: %(message)s") % {"number": number, "message": message}
                    if name == "non_field_errors"
                    else _("row %(number)s: %(name)s: %(message)s")
                    % {"number": number, "name": name, "message": message}
                    for name, messages in shape.errors.items()
                    for message in (messages if isinstance(messages, list) else [messages])
                ]
                continue
            player, problems = registered.registered_player(shape.validated_data)
            errors += [
                _("row %(number)s: %(field)s %(message)s")
                % {"number": number, "field": field, "message": message}
                for field, message in problems.items()
            ]
            players += [player] if player is not None else []
        if errors:
            raise serializers.ValidationError(errors)
        return players


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
                raise serializers.ValidationError(_("Give exactly one of players, csv and file."))
            return attrs

    @extend_schema(responses={200: RegisteredEntryOutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        entries = selectors.registered_entry_list(tournament=tournament_or_404(tournament_id))
        return Response(RegisteredEntryOutputSerializer(entries, many=True).data)

    @extend_schema(
        request={
            "application/json": InputSerializer,
            "multipart/form-data": InputSerializer,
        },
        responses={201: RegisteredEntryOutputSerializer(many=True)},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        # Before the body is checked: a stranger learns nothing from its problems.
        registered.registered_entries_adder_check(tournament=tournament, leader=user)
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
                text = upload_text(given["file"], "file")
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

    @extend_schema(request=None, responses={201: EntryClaimOutputSerializer})
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        claim = registered.entry_claim_create(
            tournament=tournament_or_404(tournament_id), user=user, entry_id=entry_id
        )
        return Response(EntryClaimOutputSerializer(claim).data, status=status.HTTP_201_CREATED)


class EntryClaimListApi(APIView):
    """Leaders get every claim waiting for a decision and their open offers; any other
    signed-in user gets their own, waiting, offered or rejected (so a claimant finds their
    claim, and its rejection, again)."""

    @extend_schema(responses={200: EntryClaimOutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        claims = selectors.entry_claims_seen_by(tournament=tournament, viewer=user)
        return Response(EntryClaimOutputSerializer(claims, many=True).data)


class EntryClaimApproveApi(APIView):
    """The second side agrees, and the entry is linked (its history unchanged): a leader
    approves a user's waiting claim, or the user confirms a leader's offer (`offered`)."""

    @extend_schema(
        request=None,
        responses={
            200: RegisteredEntryOutputSerializer,
            **error_responses({409: "The event has finished"}),
        },
    )
    def post(self, request: Request, tournament_id: int, claim_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        entry = registered.entry_claim_approve(
            tournament=tournament_or_404(tournament_id), user=user, claim_id=claim_id
        )
        return Response(RegisteredEntryOutputSerializer(entry).data)


class EntryClaimDeleteApi(APIView):
    """Leaders reject a waiting claim (it is kept, as rejected, for its claimant to see) or
    withdraw their offer; its user deletes it (withdrawing it, dismissing its rejection, or
    declining an offer)."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, tournament_id: int, claim_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        registered.entry_claim_remove(
            tournament=tournament_or_404(tournament_id), user=user, claim_id=claim_id
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
            **error_responses({409: "Finished event, or already claimed or offered"}),
        },
    )
    def post(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        leader = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username = data.validated_data["username"]
        user = user_get_by_username(username=username.strip())
        if user is None:
            raise InvalidInput(
                {"username": [_("No user named %(username)s.") % {"username": repr(username)}]}
            )
        claim = registered.entry_link_offer(
            tournament=tournament, leader=leader, entry_id=entry_id, user=user
        )
        return Response(EntryClaimOutputSerializer(claim).data, status=status.HTTP_201_CREATED)
