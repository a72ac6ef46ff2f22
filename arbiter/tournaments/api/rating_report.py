"""The FIDE rating report of an event, for its leaders (docs/rating-report.md)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.ratingreport.findings import FIELDS
from arbiter.tournaments.api.common import tournament_or_404
from arbiter.tournaments.read.rating_report import event_rating_report
from arbiter.tournaments.read.serializers import ArbiterOutputSerializer
from arbiter.users.authentication import authenticated_user


class RatingReportEventSerializer(serializers.Serializer):
    """The event as the report reads it, with its FIDE data (edited with PATCH on the event)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    mode = serializers.CharField()
    venue = serializers.CharField(help_text="The TRF's 022 (an online event writes Online).")
    federation = serializers.CharField()
    chief_arbiter_name = serializers.CharField()
    chief_arbiter_fide_id = serializers.CharField()
    deputy_arbiters = ArbiterOutputSerializer(many=True)


class RatingReportFindingSerializer(serializers.Serializer):
    entry = serializers.IntegerField(
        source="entry_id",
        allow_null=True,
        help_text="The entry to correct (PATCH …/entries/{entry}/; a team event's squad "
        "player: PATCH /api/team-swiss/{id}/players/{entry}/); null: the event's finding.",
    )
    start_number = serializers.IntegerField(source="finding.start_number", allow_null=True)
    player = serializers.CharField(source="finding.player")
    field = serializers.ChoiceField(
        source="finding.field",
        choices=list(FIELDS),
        help_text="What the finding is about: an entry's field (fide_id, federation, "
        "birth_date, sex, title), a game, or the event's data.",
    )
    message = serializers.CharField(source="finding.message", help_text="What to fix.")
    rule = serializers.CharField(source="finding.rule", help_text="The rule's source.")
    severity = serializers.ChoiceField(
        source="finding.severity",
        choices=["error", "warning"],
        help_text="error: the rating officer or server refuses it; warning: look at it.",
    )


class RatingReportPlayerSerializer(serializers.Serializer):
    entry = serializers.IntegerField(source="entry.id")
    start_number = serializers.IntegerField()
    name = serializers.CharField(source="entry.name")
    username = serializers.CharField(allow_null=True, help_text="null: no account.")
    fide_id = serializers.CharField(source="entry.fide_id")
    federation = serializers.CharField(source="entry.federation")
    title = serializers.CharField(source="entry.title")
    birth_year = serializers.IntegerField(source="entry.birth_year", allow_null=True)
    sex = serializers.CharField(source="entry.sex")
    rating = serializers.IntegerField(
        source="entry.rating", allow_null=True, help_text="null: none (a team event's player)."
    )
    rated_games = serializers.IntegerField(help_text="The player's games FIDE will rate.")


class RatingReportApi(APIView):
    """What FIDE's rating officer or rating server would send back in the event's TRF-2026
    file (GET …/export/trf/) as it is now, each finding with the entry to correct."""

    class OutputSerializer(serializers.Serializer):
        tournament = RatingReportEventSerializer()
        clean = serializers.BooleanField(
            help_text="No error: nothing the rating officer would reject (warnings allowed)."
        )
        error_count = serializers.IntegerField(source="errors")
        warning_count = serializers.IntegerField(source="warnings")
        rated_games = serializers.IntegerField(help_text="Games FIDE will rate, in all.")
        findings = RatingReportFindingSerializer(many=True)
        players = RatingReportPlayerSerializer(many=True)

    @extend_schema(
        responses={
            200: OutputSerializer,
            **error_responses({403: "Only the team's leaders see the rating report."}),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        report = event_rating_report(tournament=tournament_or_404(tournament_id), user=user)
        return Response(self.OutputSerializer(report).data)
