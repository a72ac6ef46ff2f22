from django.conf import settings
from django.contrib.auth import authenticate, login
from django.middleware.csrf import get_token
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, extend_schema_serializer, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import (
    StrictInputSerializer,
    error_responses,
    paginated_response,
    reject_body,
)
from arbiter.common.exceptions import ApplicationError, NotFound, PermissionDenied
from arbiter.common.i18n import request_language_activate
from arbiter.common.pagination import DefaultPagination
from arbiter.common.throttling import ScopedRateThrottle
from arbiter.ratings.models import Rating, RatingChange
from arbiter.ratings.read import is_provisional, rating_history, user_ratings
from arbiter.ratings.speeds import Speed
from arbiter.users.authentication import authenticated_user
from arbiter.users.models import ApiToken, User
from arbiter.users.read import api_token_list, user_get_by_username
from arbiter.users.services import (
    api_token_create,
    api_token_revoke,
    socket_ticket_create,
    user_logout,
    user_register,
    user_settings_update,
)
from arbiter.users.usernames import username_rule_check


class UserOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    # Text, not EmailField: the address is optional, and "" is no email address to a schema.
    email = serializers.CharField(help_text="The address given at sign-up; empty if none.")
    is_staff = serializers.BooleanField()
    redirect_to_game = serializers.BooleanField(
        help_text="Take the user to their game page when a round starts."
    )
    language = serializers.ChoiceField(
        choices=settings.LANGUAGES,
        allow_blank=True,
        help_text="The interface language the user chose; empty: the browser's (the "
        "`arbiter_language` cookie, then Accept-Language). docs/i18n.md.",
    )


class AuthThrottled(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class UserRegisterApi(AuthThrottled):
    permission_classes = [AllowAny]

    class InputSerializer(StrictInputSerializer):
        username = serializers.CharField(max_length=150, validators=[username_rule_check])
        email = serializers.EmailField(required=False, allow_blank=True, default="")
        password = serializers.CharField(max_length=128, write_only=True)

    @extend_schema(request=InputSerializer, responses={201: UserOutputSerializer})
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_register(**data.validated_data)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response(UserOutputSerializer(user).data, status=status.HTTP_201_CREATED)


class AuthLoginApi(AuthThrottled):
    permission_classes = [AllowAny]

    class InputSerializer(StrictInputSerializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=128, write_only=True)

    @extend_schema(request=InputSerializer, responses={200: UserOutputSerializer})
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise ApplicationError(gettext("Wrong username or password."))
        login(request._request, user)
        get_token(request._request)  # rotate and set the CSRF cookie for the new session
        return Response(UserOutputSerializer(user).data)


class AuthLogoutApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        reject_body(request)
        user_logout(request=request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AuthCsrfApi(APIView):
    """Sets the CSRF cookie; browsers call it once before their first unsafe request."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: inline_serializer("Csrf", {"csrf_token": serializers.CharField()})}
    )
    def get(self, request: Request) -> Response:
        return Response({"csrf_token": get_token(request._request)})


class AuthMeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UserOutputSerializer})
    def get(self, request: Request) -> Response:
        return Response(UserOutputSerializer(request.user).data)


class AuthSessionApi(APIView):
    """Who the browser is signed in as, answered 200 to visitors too (`user` null): the SPA asks
    on every page, and a 401 there would be an error in every visitor's console. API clients
    keep `GET /api/auth/me/`, which answers 401 without credentials."""

    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="AuthSession")
    class OutputSerializer(serializers.Serializer):
        user = UserOutputSerializer(allow_null=True, help_text="Null for a visitor.")

    @extend_schema(operation_id="auth_session_retrieve", responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        user = request.user if request.user.is_authenticated else None
        return Response(self.OutputSerializer({"user": user}).data)


class AuthMeSettingsApi(APIView):
    """The signed-in user's settings (PATCH: only the fields sent change)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        redirect_to_game = serializers.BooleanField(required=False)
        language = serializers.ChoiceField(
            choices=settings.LANGUAGES,
            allow_blank=True,
            required=False,
            help_text='One of the interface languages, or "" to follow the browser.',
        )

    @extend_schema(request=InputSerializer, responses={200: UserOutputSerializer})
    def patch(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = user_settings_update(user=authenticated_user(request), **serializer.validated_data)
        # The answer to the change is in the language it chose.
        request_language_activate(request._request, user=user)
        return Response(UserOutputSerializer(user).data)


class ApiTokenOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    expires_at = serializers.DateTimeField(
        help_text="After this the token is refused (401); ARBITER_API_TOKEN_LIFETIME_DAYS."
    )


class ApiTokenCreatedSerializer(ApiTokenOutputSerializer):
    token = serializers.CharField(help_text="The token itself. Shown once; store it now.")


class ApiTokenListCreateApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(StrictInputSerializer):
        name = serializers.CharField(max_length=100)

    @extend_schema(responses={200: ApiTokenOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        tokens = api_token_list(user=authenticated_user(request))
        return Response(ApiTokenOutputSerializer(tokens, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={
            201: ApiTokenCreatedSerializer,
            **error_responses({403: "Only a password sign-in (session) can create tokens."}),
        },
    )
    def post(self, request: Request) -> Response:
        # A token must not mint tokens: one leaked would otherwise outlive its own revocation.
        if isinstance(request.auth, ApiToken):
            raise PermissionDenied(gettext("Sign in with your password to create tokens."))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token, plain = api_token_create(
            user=authenticated_user(request), name=data.validated_data["name"]
        )
        out = ApiTokenOutputSerializer(token).data | {"token": plain}
        return Response(out, status=status.HTTP_201_CREATED)


class ApiTokenRevokeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        reject_body(request)
        api_token_revoke(user=authenticated_user(request), token_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SocketTicketOutputSerializer(serializers.Serializer):
    ticket = serializers.CharField(help_text="Open one WebSocket with `?ticket=…`, once.")
    expires_in = serializers.IntegerField(help_text="Seconds the ticket stays valid.")


class SocketTicketCreateApi(APIView):
    """A single-use, short-lived ticket to open a WebSocket, for clients that can set neither
    a header nor a cookie on it. It stands for how this request was authenticated."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: SocketTicketOutputSerializer})
    def post(self, request: Request) -> Response:
        reject_body(request)
        token = request.auth if isinstance(request.auth, ApiToken) else None
        ticket, expires_in = socket_ticket_create(
            user=authenticated_user(request),
            token=token,
            session_key=request._request.session.session_key,
        )
        out = SocketTicketOutputSerializer({"ticket": ticket, "expires_in": expires_in}).data
        return Response(out, status=status.HTTP_201_CREATED)


# --- Public profiles ------------------------------------------------------------------------


class SpeedRatingOutputSerializer(serializers.Serializer):
    speed = serializers.ChoiceField(choices=Speed.values)
    rating = serializers.SerializerMethodField()
    deviation = serializers.SerializerMethodField()
    provisional = serializers.SerializerMethodField(
        help_text='Deviation at or above 110: shown with "?".'
    )
    games = serializers.IntegerField(help_text="Rated games played in this speed.")
    last_rated_at = serializers.DateTimeField(allow_null=True)

    def get_rating(self, row: Rating) -> int:
        return round(row.rating)

    def get_deviation(self, row: Rating) -> int:
        return round(row.deviation)

    def get_provisional(self, row: Rating) -> bool:
        return is_provisional(row.deviation)


class ProfileOutputSerializer(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    ratings = SpeedRatingOutputSerializer(many=True, help_text="One per speed, fastest first.")


def _profile_user(username: str) -> User:
    user = user_get_by_username(username=username)
    if user is None:
        raise NotFound(gettext("No such user."))
    return user


class UserProfileApi(APIView):
    """A player's public profile: their rating in each speed."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="users_profile_retrieve",
        responses={200: ProfileOutputSerializer, **error_responses({404: "No such user."})},
    )
    def get(self, request: Request, username: str) -> Response:
        user = _profile_user(username)
        ratings = user_ratings(user_id=user.id)
        return Response(
            ProfileOutputSerializer(
                {"username": user.username, "date_joined": user.date_joined, "ratings": ratings}
            ).data
        )


class RatingHistoryOutputSerializer(serializers.Serializer):
    speed = serializers.ChoiceField(choices=Speed.values)
    rated_at = serializers.DateTimeField(help_text="When the game's round started.")
    rating_before = serializers.SerializerMethodField()
    rating_after = serializers.SerializerMethodField()
    diff = serializers.SerializerMethodField(help_text="rating_after − rating_before")
    deviation_after = serializers.SerializerMethodField()
    score = serializers.FloatField(help_text="1, 0.5 or 0")
    opponent = serializers.CharField(source="opponent.username")
    tournament_id = serializers.IntegerField(source="pairing.round.tournament_id")
    tournament_name = serializers.CharField(source="pairing.round.tournament.name")
    round = serializers.IntegerField(source="pairing.round.number")

    def get_rating_before(self, change: RatingChange) -> int:
        return round(change.rating_before)

    def get_rating_after(self, change: RatingChange) -> int:
        return round(change.rating_after)

    def get_diff(self, change: RatingChange) -> int:
        return round(change.rating_after) - round(change.rating_before)

    def get_deviation_after(self, change: RatingChange) -> int:
        return round(change.deviation_after)


class RatingHistoryApi(APIView):
    """A player's rated games, newest first, with the rating before and after each."""

    permission_classes = [AllowAny]
    pagination_class = DefaultPagination

    class FilterSerializer(StrictInputSerializer):
        refuse_unknown_fields = False  # page and page_size are the paginator's
        speed = serializers.ChoiceField(
            choices=Speed.values, required=False, help_text="Only this speed's games."
        )

    @extend_schema(
        operation_id="users_rating_history_list",
        parameters=[FilterSerializer],
        responses={
            200: RatingHistoryOutputSerializer(many=True),
            **error_responses({400: "Unknown speed.", 404: "No such user."}),
        },
    )
    def get(self, request: Request, username: str) -> Response:
        filters = self.FilterSerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        user = _profile_user(username)
        history = rating_history(user_id=user.id, speed=filters.validated_data.get("speed"))
        return paginated_response(
            queryset=history,
            serializer_class=RatingHistoryOutputSerializer,
            request=request,
            view=self,
        )
