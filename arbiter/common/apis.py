"""Helpers for thin API views."""

from typing import TYPE_CHECKING

from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

if TYPE_CHECKING:
    from arbiter.users.models import User


def authenticated_user(request: Request) -> "User":
    """The request's user, typed; 401 when anonymous (views usually checked already)."""
    user = request.user
    if not user.is_authenticated:
        raise NotAuthenticated()
    return user
