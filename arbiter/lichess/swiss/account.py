"""`GET /api/account`: the token's user as lichess describes an account."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.lichess.http import LichessView
from arbiter.lichess.identity import user_id_of
from arbiter.lichess.swiss.shapes import millis, perfs
from arbiter.ratings.read import user_ratings


class AccountApi(LichessView):
    """`id` is the lowercased username (Board clients compare it with a game's players);
    `perfs` are the Glicko-2 ratings per speed; dates in epoch ms."""

    @extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="Account")})
    def get(self, request: Request) -> Response:
        user = self.user()
        data: dict[str, Any] = {
            "id": user_id_of(user.username),
            "username": user.username,
            "perfs": perfs(user_ratings(user_id=user.id)),
            "createdAt": millis(user.date_joined),
            "seenAt": millis(user.last_login or user.date_joined),
            "url": request.build_absolute_uri(f"/@/{user.username}"),
        }
        return Response(data)
