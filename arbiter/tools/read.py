"""Reads of the arbiters' tools."""

from django.contrib.auth.models import AnonymousUser

from arbiter.teams.models import Membership
from arbiter.users.models import User


def trf_check_allowed(*, user: User | AnonymousUser) -> bool:
    """Leaders of a team (the people who run events) may check files on the server."""
    return bool(
        user.is_authenticated
        and Membership.objects.filter(user=user, role=Membership.Role.LEADER).exists()
    )
