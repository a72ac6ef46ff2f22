"""Teams REST API under /api/teams/: parse input, call one selector or service, serialise.

Anonymous callers get 401 on anything needing an account, signed-in callers without the right
role get 403, unknown teams, members and requests 404. Errors use the project's error shape.
"""

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import (
    StrictCharField,
    StrictInputSerializer,
    error_responses,
    paginated_response,
    reject_body,
)
from arbiter.common.exceptions import NotFound
from arbiter.common.pagination import DefaultPagination
from arbiter.common.text import name_validator
from arbiter.teams.models import (
    DESCRIPTION_MAX_LENGTH,
    MESSAGE_MAX_LENGTH,
    NAME_MAX_LENGTH,
    JoinRequest,
    Membership,
    Team,
)
from arbiter.teams.read import (
    join_request_get,
    join_request_pending_get,
    membership_get,
    membership_list,
    team_get_by_slug,
    team_list,
    team_role,
)
from arbiter.teams.services import (
    join_request_approve,
    join_request_refuse,
    join_requests_pending,
    membership_demote,
    membership_promote,
    membership_remove,
    team_create,
    team_join,
    team_leave,
    team_update,
)
from arbiter.users.authentication import authenticated_user

# --- Lookups ---------------------------------------------------------------------------------


def _team_or_404(slug: str) -> Team:
    team = team_get_by_slug(slug=slug)
    if team is None:
        raise NotFound(gettext("No such team."))
    return team


def _membership_or_404(team: Team, username: str) -> Membership:
    membership = membership_get(team=team, username=username)
    if membership is None:
        raise NotFound(
            gettext("No member named %(username)s in this team.") % {"username": repr(username)}
        )
    return membership


def _join_request_or_404(team: Team, request_id: int) -> JoinRequest:
    join_request = join_request_get(team=team, request_id=request_id)
    if join_request is None:
        raise NotFound(gettext("No such join request."))
    return join_request


# --- Output ---------------------------------------------------------------------------------


@extend_schema_serializer(component_name="Team")
class TeamOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.SlugField()
    description = serializers.CharField()
    join_policy = serializers.ChoiceField(choices=Team.JoinPolicy.choices)
    created_at = serializers.DateTimeField()
    member_count = serializers.IntegerField()


@extend_schema_serializer(component_name="TeamJoinRequest")
class JoinRequestOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(source="user.username")
    message = serializers.CharField()
    status = serializers.ChoiceField(choices=JoinRequest.Status.choices)
    created_at = serializers.DateTimeField()
    decided_by = serializers.CharField(source="decided_by.username", allow_null=True)
    decided_at = serializers.DateTimeField(allow_null=True)


@extend_schema_serializer(component_name="TeamDetail")
class TeamDetailOutputSerializer(TeamOutputSerializer):
    # The caller's view of Membership.Role. Labels of its own make it a choice set distinct from
    # `role`, so the schema names it MyRoleEnum rather than warning about two names for one set.
    my_role = serializers.ChoiceField(
        choices=[
            (Membership.Role.LEADER.value, _("You lead this team")),
            (Membership.Role.MEMBER.value, _("You are a member")),
        ],
        allow_null=True,
        help_text="The caller's role in the team; null when not a member or anonymous.",
    )
    my_request = JoinRequestOutputSerializer(
        allow_null=True,
        help_text="The caller's pending request to join; null when there is none.",
    )


@extend_schema_serializer(component_name="TeamMembership")
class MembershipOutputSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    joined_at = serializers.DateTimeField()


def _team_detail(team: Team, request: Request) -> dict[str, Any]:
    role = team_role(team=team, user=request.user)
    pending = None if role else join_request_pending_get(team=team, user=request.user)
    detail = {**_team_fields(team), "my_role": role, "my_request": pending}
    return dict(TeamDetailOutputSerializer(detail).data)


def _team_fields(team: Team) -> dict[str, Any]:
    return dict(TeamOutputSerializer(team).data)


# --- Views ----------------------------------------------------------------------------------


class TeamListCreateApi(APIView):
    pagination_class = DefaultPagination

    @extend_schema_serializer(component_name="TeamListFilter")
    class FilterSerializer(serializers.Serializer):
        search = StrictCharField(
            required=False, allow_blank=True, max_length=NAME_MAX_LENGTH, default=""
        )
        mine = serializers.BooleanField(required=False, default=False)

    @extend_schema_serializer(component_name="TeamCreateInput")
    class InputSerializer(StrictInputSerializer):
        name = StrictCharField(max_length=NAME_MAX_LENGTH, validators=[name_validator])
        description = StrictCharField(
            required=False, allow_blank=True, max_length=DESCRIPTION_MAX_LENGTH, default=""
        )
        join_policy = serializers.ChoiceField(
            choices=Team.JoinPolicy.choices, required=False, default=Team.JoinPolicy.OPEN
        )

    @extend_schema(
        operation_id="teams_list",
        summary="List teams",
        parameters=[
            OpenApiParameter("search", str, description="Part of the team name, any case."),
            OpenApiParameter(
                "mine", bool, description="Only the caller's teams (401 if anonymous)."
            ),
        ],
        responses={200: TeamOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        serializer = self.FilterSerializer(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        filters = serializer.validated_data
        if filters["mine"] and not request.user.is_authenticated:
            raise NotAuthenticated()
        teams = team_list(search=filters["search"], mine=filters["mine"], user=request.user)
        return paginated_response(
            queryset=teams, serializer_class=TeamOutputSerializer, request=request, view=self
        )

    @extend_schema(
        operation_id="teams_create",
        summary="Create a team (the caller becomes its leader)",
        request=InputSerializer,
        responses={201: TeamDetailOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = team_create(user=authenticated_user(request), **data)
        # Re-read for member_count, computed by the selector.
        created = _team_or_404(team.slug)
        return Response(_team_detail(created, request), status=status.HTTP_201_CREATED)


class TeamDetailApi(APIView):
    @extend_schema_serializer(component_name="TeamUpdateInput")
    class InputSerializer(StrictInputSerializer):
        description = StrictCharField(
            required=False, allow_blank=True, max_length=DESCRIPTION_MAX_LENGTH
        )
        join_policy = serializers.ChoiceField(choices=Team.JoinPolicy.choices, required=False)

    @extend_schema(
        operation_id="teams_retrieve",
        summary="Team detail, with member count and the caller's role",
        responses={200: TeamDetailOutputSerializer},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(_team_detail(_team_or_404(slug), request))

    @extend_schema(
        operation_id="teams_update",
        summary="Change description or join policy (leaders)",
        request=InputSerializer,
        responses={200: TeamDetailOutputSerializer},
    )
    def patch(self, request: Request, slug: str) -> Response:
        team = _team_or_404(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = team_update(team=team, user=authenticated_user(request), **data)
        return Response(_team_detail(team, request))


class TeamJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema_serializer(component_name="TeamJoinInput")
    class InputSerializer(StrictInputSerializer):
        message = StrictCharField(
            required=False,
            allow_blank=True,
            max_length=MESSAGE_MAX_LENGTH,
            default="",
            help_text="For by-request teams: a note to the leaders. Ignored for open teams.",
        )

    @extend_schema(
        operation_id="teams_join",
        summary="Join an open team, or ask to join a by-request team",
        request=InputSerializer,
        responses={
            201: OpenApiResponse(MembershipOutputSerializer, description="Joined."),
            202: OpenApiResponse(JoinRequestOutputSerializer, description="Request pending."),
        },
    )
    def post(self, request: Request, slug: str) -> Response:
        team = _team_or_404(slug)
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = team_join(team=team, user=authenticated_user(request), message=data["message"])
        if isinstance(result, Membership):
            body = MembershipOutputSerializer(result).data
            return Response(body, status=status.HTTP_201_CREATED)
        body = JoinRequestOutputSerializer(result).data
        return Response(body, status=status.HTTP_202_ACCEPTED)


class TeamLeaveApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_leave",
        summary="Leave a team",
        request=None,
        responses={204: None},
    )
    def post(self, request: Request, slug: str) -> Response:
        team = _team_or_404(slug)
        reject_body(request)
        team_leave(team=team, user=authenticated_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class MembershipListApi(APIView):
    pagination_class = DefaultPagination

    @extend_schema(
        operation_id="teams_members_list",
        summary="Members of a team, leaders first",
        responses={200: MembershipOutputSerializer(many=True)},
    )
    def get(self, request: Request, slug: str) -> Response:
        team = _team_or_404(slug)
        return paginated_response(
            queryset=membership_list(team=team),
            serializer_class=MembershipOutputSerializer,
            request=request,
            view=self,
        )


class MembershipPromoteApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_members_promote",
        summary="Make a member a leader (leaders)",
        request=None,
        responses={200: MembershipOutputSerializer},
    )
    def post(self, request: Request, slug: str, username: str) -> Response:
        membership = _membership_or_404(_team_or_404(slug), username)
        reject_body(request)
        membership = membership_promote(membership=membership, actor=authenticated_user(request))
        return Response(MembershipOutputSerializer(membership).data)


class MembershipDemoteApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_members_demote",
        summary="Make a leader a plain member (leaders; never the last leader)",
        request=None,
        responses={200: MembershipOutputSerializer},
    )
    def post(self, request: Request, slug: str, username: str) -> Response:
        membership = _membership_or_404(_team_or_404(slug), username)
        reject_body(request)
        membership = membership_demote(membership=membership, actor=authenticated_user(request))
        return Response(MembershipOutputSerializer(membership).data)


class MembershipRemoveApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_members_remove",
        summary="Remove a member (leaders), or yourself (= leave)",
        request=None,
        responses={204: None},
    )
    def delete(self, request: Request, slug: str, username: str) -> Response:
        membership = _membership_or_404(_team_or_404(slug), username)
        reject_body(request)
        membership_remove(membership=membership, actor=authenticated_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class JoinRequestListApi(APIView):
    permission_classes = [IsAuthenticated]
    pagination_class = DefaultPagination

    @extend_schema(
        operation_id="teams_requests_list",
        summary="Pending join requests (leaders)",
        responses={
            200: JoinRequestOutputSerializer(many=True),
            **error_responses({403: "Only the team's leaders see join requests."}),
        },
    )
    def get(self, request: Request, slug: str) -> Response:
        requests = join_requests_pending(
            team=_team_or_404(slug), leader=authenticated_user(request)
        )
        return paginated_response(
            queryset=requests,
            serializer_class=JoinRequestOutputSerializer,
            request=request,
            view=self,
        )


class JoinRequestApproveApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_requests_approve",
        summary="Approve a pending join request (leaders)",
        request=None,
        responses={200: JoinRequestOutputSerializer},
    )
    def post(self, request: Request, slug: str, request_id: int) -> Response:
        join_request = _join_request_or_404(_team_or_404(slug), request_id)
        reject_body(request)
        join_request = join_request_approve(
            join_request=join_request, actor=authenticated_user(request)
        )
        return Response(JoinRequestOutputSerializer(join_request).data)


class JoinRequestRefuseApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="teams_requests_refuse",
        summary="Refuse a pending join request (leaders)",
        request=None,
        responses={200: JoinRequestOutputSerializer},
    )
    def post(self, request: Request, slug: str, request_id: int) -> Response:
        join_request = _join_request_or_404(_team_or_404(slug), request_id)
        reject_body(request)
        join_request = join_request_refuse(
            join_request=join_request, actor=authenticated_user(request)
        )
        return Response(JoinRequestOutputSerializer(join_request).data)
