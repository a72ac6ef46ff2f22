"""Teams on lichess's paths, as far as berserk and a Swiss need them: the team, its Swiss
events, its members, joining and leaving."""

from __future__ import annotations

from itertools import islice
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.common.parsers import query_int
from arbiter.lichess.http import LichessView, lichess_body, ndjson_response, ok
from arbiter.lichess.identity import light_user, user_id_of
from arbiter.lichess.schema import LichessOkSerializer
from arbiter.lichess.swiss.forms import lichess_fields, parse_bool
from arbiter.lichess.swiss.lookups import hidden, team_or_404
from arbiter.lichess.swiss.shapes import STATUS, millis, swiss_json
from arbiter.teams import read as team_selectors
from arbiter.teams import services as team_services
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.models import TournamentStatus
from arbiter.tournaments.read import selectors

OK = LichessOkSerializer
NDJSON_ROWS = OpenApiResponse(OpenApiTypes.STR, description="NDJSON, one object per line")
# lichess's caps: Swiss events listed by default, members listed at most.
SWISS_MAX = 100
MEMBERS_MAX = 5000


def _max(request: Request) -> int:
    value = query_int(request.query_params, "max", low=1)
    return SWISS_MAX if value is None else value


class TeamDetailApi(LichessView):
    """`GET /api/team/{teamId}`: `id` is the slug; `joined`/`requested` for a signed-in
    caller."""

    auth_required = False

    @extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="Team")})
    def get(self, request: Request, team_id: str) -> Response:
        team = team_or_404(team_id)
        leaders = [
            light_user(m.user)
            for m in team_selectors.membership_list(team=team)
            if m.role == Membership.Role.LEADER
        ]
        data: dict[str, Any] = {
            "id": team.slug,
            "name": team.name,
            "description": team.description,
            "open": team.join_policy == Team.JoinPolicy.OPEN,
        }
        if leaders:
            data["leader"] = leaders[0]
        data["nbMembers"] = getattr(team, "member_count", 0)
        data["leaders"] = leaders
        if request.user.is_authenticated:
            data["joined"] = team_selectors.team_is_member(team=team, user=request.user)
            pending = team_selectors.join_request_pending_get(team=team, user=request.user)
            data["requested"] = pending is not None
        return Response(data)


class TeamSwissListApi(LichessView):
    """`GET /api/team/{teamId}/swiss`: the team's Swiss events, latest start first, one per
    line with no blank line (berserk decodes the whole body). Filters: `max`, `status`,
    `createdBy`, `name` (exact). An unknown team has none."""

    auth_required = False

    @extend_schema(
        parameters=[
            OpenApiParameter("max", int, default=SWISS_MAX),
            OpenApiParameter("status", str, enum=["created", "started", "finished"]),
            OpenApiParameter("createdBy", str),
            OpenApiParameter("name", str),
        ],
        responses={(200, "application/x-ndjson"): NDJSON_ROWS},
    )
    def get(self, request: Request, team_id: str) -> HttpResponse:
        limit = _max(request)
        team = team_selectors.team_get_by_slug(slug=team_id)
        if team is None:
            return ndjson_response([])
        status = request.query_params.get("status")
        created_by = request.query_params.get("createdBy", "").lower()
        name = request.query_params.get("name")
        user = request.user if request.user.is_authenticated else None
        events = (
            t
            for t in selectors.tournament_list(team=team)
            if not hidden(t)
            and (not status or STATUS[TournamentStatus(t.status)] == status)
            and (not created_by or user_id_of(t.created_by.username) == created_by)
            and (name is None or t.name == name)
        )
        return ndjson_response(swiss_json(t, user=user) for t in islice(events, limit))


class TeamJoinApi(LichessView):
    """`POST /team/{teamId}/join` `{message, password}`: join an open team, or ask to join
    one by request (the request waits for a leader). Already in, or already asked: ok.
    Arbiter's teams have no password: it is ignored."""

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OK})
    def post(self, request: Request, team_id: str) -> Response:
        user = self.user()
        team = team_or_404(team_id)
        if team_selectors.team_is_member(team=team, user=user):
            return ok()
        if team_selectors.join_request_pending_get(team=team, user=user) is not None:
            return ok()
        message = lichess_body(request).get("message", "")
        with lichess_fields():  # a message too long for Arbiter: {"error": {"message": [..]}}
            team_services.team_join(team=team, user=user, message=message)
        return ok()


class TeamQuitApi(LichessView):
    """`POST /team/{teamId}/quit`: leave the team (not a member: ok)."""

    @extend_schema(request=None, responses={200: OK})
    def post(self, request: Request, team_id: str) -> Response:
        user = self.user()
        team = team_or_404(team_id)
        if not team_selectors.team_is_member(team=team, user=user):
            return ok()
        team_services.team_leave(team=team, user=user)
        return ok()


class TeamUsersApi(LichessView):
    """`GET /api/team/{teamId}/users`: the members, newest first, as NDJSON
    (`joinedTeamAt` ms, `id`, `name`; with `full`, their account dates too)."""

    auth_required = False

    @extend_schema(
        parameters=[OpenApiParameter("full", bool, default=False)],
        responses={(200, "application/x-ndjson"): NDJSON_ROWS},
    )
    def get(self, request: Request, team_id: str) -> HttpResponse:
        team = team_or_404(team_id)
        full = parse_bool(request.query_params.get("full", "")) is True
        members = team_selectors.membership_list(team=team).order_by("-joined_at", "-id")
        rows = []
        for membership in members[:MEMBERS_MAX]:
            row: dict[str, Any] = {"joinedTeamAt": millis(membership.joined_at)}
            row.update(light_user(membership.user))
            if full:
                member = membership.user
                row["username"] = member.username
                row["createdAt"] = millis(member.date_joined)
                row["seenAt"] = millis(member.last_login or member.date_joined)
            rows.append(row)
        return ndjson_response(rows)
