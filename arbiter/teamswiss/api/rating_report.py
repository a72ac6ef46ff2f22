"""The FIDE rating report of a team event, for its leaders (docs/rating-report.md)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.teamswiss.api.common import event_or_404
from arbiter.teamswiss.read.rating_report import team_rating_report
from arbiter.tournaments.api.rating_report import RatingReportApi
from arbiter.users.authentication import authenticated_user


class TeamSwissRatingReportApi(APIView):
    """What FIDE's rating officer or rating server would send back in the event's TRF-2026
    file (GET …/export/trf/) as it is now: the individual event's answer, each finding's
    `entry` the squad player to correct (PATCH …/players/{player}/)."""

    @extend_schema(
        operation_id="team_swiss_rating_report_retrieve",
        responses={
            200: RatingReportApi.OutputSerializer,
            **error_responses({403: "Only the host team's leaders see the rating report."}),
        },
    )
    def get(self, request: Request, event_id: int) -> Response:
        user = authenticated_user(request)
        report = team_rating_report(event=event_or_404(event_id), user=user)
        return Response(RatingReportApi.OutputSerializer(report).data)
