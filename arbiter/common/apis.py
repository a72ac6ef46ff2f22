"""Helpers for thin API views."""

from typing import TYPE_CHECKING

from rest_framework.exceptions import NotAuthenticated, ValidationError
from rest_framework.request import Request

if TYPE_CHECKING:
    from arbiter.users.models import User


def authenticated_user(request: Request) -> "User":
    """The request's user, typed; 401 when anonymous (views usually checked already)."""
    user = request.user
    if not user.is_authenticated:
        raise NotAuthenticated()
    return user


def reject_body(request: Request) -> None:
    """Actions without input still refuse a body: a client sending one has made a mistake."""
    data = request.data  # a malformed JSON body raises ParseError (400) here
    empty = not request.body if hasattr(request, "body") else True
    if not empty and (not isinstance(data, dict) or data):
        raise ValidationError({"non_field_errors": ["This action takes no request body."]})
