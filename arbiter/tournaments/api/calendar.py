"""iCalendar feeds: an event's rounds, and a player's coming rounds (docs/api.md,
"Calendar feeds"). Public like the event page; calendar apps fetch them without a session."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView

from arbiter.tournaments.api.common import tournament_or_404, user_named
from arbiter.tournaments.read.calendar import player_calendar, tournament_calendar

ICS = "text/calendar"
ICS_RESPONSE = {(200, ICS): OpenApiResponse(description="iCalendar (RFC 5545)")}


class _AnyAccept(DefaultContentNegotiation):
    """A calendar app's Accept header names no JSON renderer: never a 406 for it."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _ics(body: bytes, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=f"{ICS}; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


def _site(request: Request) -> str:
    return f"{request.scheme}://{request.get_host()}"


class TournamentCalendarApi(APIView):
    """Every round of the event with a known time: played rounds as they were, the next
    round when due, later rounds at their listed times."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    content_negotiation_class = _AnyAccept

    @extend_schema(operation_id="tournaments_swiss_calendar", responses=ICS_RESPONSE)
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = tournament_or_404(tournament_id)
        body = tournament_calendar(tournament=tournament, site=_site(request))
        return _ics(body, f"swiss-{tournament.id}.ics")


class PlayerCalendarApi(APIView):
    """The rounds still to be played of every event the user entered that is not over."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    content_negotiation_class = _AnyAccept

    @extend_schema(operation_id="tournaments_swiss_player_calendar", responses=ICS_RESPONSE)
    def get(self, request: Request, username: str) -> HttpResponse:
        user = user_named(username)
        body = player_calendar(user=user, site=_site(request))
        return _ics(body, f"{user.username}-swiss.ics")


@extend_schema_view(get=extend_schema(operation_id="swiss_calendar_ics", responses=ICS_RESPONSE))
class TournamentCalendarRootApi(TournamentCalendarApi):
    """`/swiss/{id}.ics`: the event's feed on the path the event page links to."""


@extend_schema_view(
    get=extend_schema(operation_id="player_swiss_calendar_ics", responses=ICS_RESPONSE)
)
class PlayerCalendarRootApi(PlayerCalendarApi):
    """`/@/{username}/swiss.ics`: the player's feed on the path the profile links to."""
