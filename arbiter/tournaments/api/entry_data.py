"""Leaders correct an entry's FIDE data, where the rating report points at it."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.tournaments.api.common import SwissInputSerializer, tournament_or_404
from arbiter.tournaments.rules.fide_data import (
    BIRTH_YEAR_MIN,
    FIDE_ID_MAX,
    SEXES,
    TITLES,
    federation_problem,
    fide_id_problem,
)
from arbiter.tournaments.services import entry_data
from arbiter.users.authentication import authenticated_user

# The 001 record's name field (columns 15-47).
TRF_NAME_MAX = 33


class EntryFideDataOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(
        help_text='The name as FIDE lists it ("Lastname, Firstname"); blank on a user\'s '
        "entry that has none (the TRF then names the player by username)."
    )
    username = serializers.CharField(
        source="user.username", allow_null=True, default=None, help_text="null: no account."
    )
    fide_id = serializers.CharField()
    federation = serializers.CharField()
    title = serializers.CharField()
    birth_year = serializers.IntegerField(allow_null=True)
    sex = serializers.CharField()
    rating = serializers.IntegerField()


class EntryFideDataApi(APIView):
    """Leaders set an entry's FIDE data, the fields of its TRF 001 record (any of them; a
    finished event's too). Each change is in the audit log (`entry.edited`)."""

    class InputSerializer(SwissInputSerializer):
        name = serializers.CharField(
            max_length=TRF_NAME_MAX,
            allow_blank=True,
            required=False,
            help_text='"Lastname, Firstname", as FIDE lists the player (at most 33 characters).',
        )
        fide_id = serializers.CharField(max_length=FIDE_ID_MAX, allow_blank=True, required=False)
        federation = serializers.CharField(
            max_length=3, allow_blank=True, required=False, help_text="A FIDE code such as NOR."
        )
        title = serializers.CharField(
            max_length=3,
            allow_blank=True,
            required=False,
            help_text="One of " + ", ".join(sorted(TITLES)) + ", or blank.",
        )
        birth_year = serializers.IntegerField(
            min_value=BIRTH_YEAR_MIN, max_value=9999, allow_null=True, required=False
        )
        sex = serializers.CharField(
            max_length=1, allow_blank=True, required=False, help_text="m, w, or blank."
        )

        def validate_name(self, value: str) -> str:
            return " ".join(value.split())

        def validate_fide_id(self, value: str) -> str:
            value = value.strip()
            if (problem := fide_id_problem(value)) is not None:
                raise serializers.ValidationError(problem)
            return value

        def validate_federation(self, value: str) -> str:
            value = value.strip().upper()
            if (problem := federation_problem(value)) is not None:
                raise serializers.ValidationError(problem)
            return value

        def validate_title(self, value: str) -> str:
            value = value.strip().upper()
            if value and value not in TITLES:
                raise serializers.ValidationError(
                    _("One of %(titles)s, or blank.") % {"titles": ", ".join(sorted(TITLES))}
                )
            return value

        def validate_birth_year(self, value: int | None) -> int | None:
            if value is not None and value > date.today().year:
                raise serializers.ValidationError(_("A birth year cannot be in the future."))
            return value

        def validate_sex(self, value: str) -> str:
            value = value.strip().lower()
            if value not in SEXES:
                raise serializers.ValidationError(_("m, w, or blank."))
            return value

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            attrs = super().validate(attrs)
            if not attrs:
                raise serializers.ValidationError(_("Give at least one field to change."))
            return attrs

    @extend_schema(
        request=InputSerializer,
        responses={
            200: EntryFideDataOutputSerializer,
            **error_responses(
                {
                    403: "Only the team's leaders edit players' FIDE data.",
                    404: "No such event, or no such entry in it.",
                }
            ),
        },
    )
    def patch(self, request: Request, tournament_id: int, entry_id: int) -> Response:
        leader = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        # Before the body is checked: a stranger learns nothing from its problems.
        entry_data.entry_fide_editor_check(tournament=tournament, user=leader)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = entry_data.entry_fide_data_set(
            tournament=tournament,
            leader=leader,
            entry_id=entry_id,
            data=dict(data.validated_data),
        )
        return Response(EntryFideDataOutputSerializer(entry).data)
