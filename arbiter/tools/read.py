"""Reads of the arbiters' tools."""

from django.contrib.auth.models import AnonymousUser

from arbiter.teams.read import user_leads_a_team
from arbiter.users.models import User


def trf_check_allowed(*, user: User | AnonymousUser) -> bool:
    """Leaders of a team (the people who run events) may check files on the server."""
    return user_leads_a_team(user=user)
