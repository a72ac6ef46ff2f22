from django.contrib.auth import authenticate, login, logout
from django.middleware.csrf import get_token
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from arbiter.common.apis import authenticated_user, reject_body
from arbiter.common.exceptions import ApplicationError
from arbiter.users.selectors import api_token_list
from arbiter.users.services import api_token_create, api_token_revoke, user_register


class UserOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()
    is_staff = serializers.BooleanField()


class AuthThrottled(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class UserRegisterApi(AuthThrottled):
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        username = serializers.RegexField(r"^[\w.@+-]+\Z", max_length=150)
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

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=128, write_only=True)

    @extend_schema(request=InputSerializer, responses={200: UserOutputSerializer})
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise ApplicationError("Wrong username or password.")
        login(request._request, user)
        get_token(request._request)  # rotate and set the CSRF cookie for the new session
        return Response(UserOutputSerializer(user).data)


class AuthLogoutApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        reject_body(request)
        logout(request._request)
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


class ApiTokenOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField()
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)


class ApiTokenCreatedSerializer(ApiTokenOutputSerializer):
    token = serializers.CharField(help_text="The token itself. Shown once; store it now.")


class ApiTokenListCreateApi(APIView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100)

    @extend_schema(responses={200: ApiTokenOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        tokens = api_token_list(user=authenticated_user(request))
        return Response(ApiTokenOutputSerializer(tokens, many=True).data)

    @extend_schema(request=InputSerializer, responses={201: ApiTokenCreatedSerializer})
    def post(self, request: Request) -> Response:
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
