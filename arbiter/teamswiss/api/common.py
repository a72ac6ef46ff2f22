"""What the team Swiss views share: the lookups that answer 404 and the input base."""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbiter.common.api import StrictInputSerializer
from arbiter.common.exceptions import InvalidInput, NotFound
from arbiter.teams.models import Team
from arbiter.teams.read import team_get_by_slug
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissRound, TeamSwissTeam
from arbiter.teamswiss.read import selectors
from arbiter.users.models import User
from arbiter.users.read import user_get_by_username


def event_or_404(event_id: int) -> TeamSwissEvent:
    event = selectors.event_get(event_id=event_id)
    if event is None:
        raise NotFound(_("No such team event."))
    return event


def team_or_404(event: TeamSwissEvent, tpn: int) -> TeamSwissTeam:
    team = selectors.team_get(event=event, tpn=tpn)
    if team is None:
        raise NotFound(_("No team with pairing number %(tpn)s.") % {"tpn": tpn})
    team.event = event
    return team


def round_or_404(event: TeamSwissEvent, number: int) -> TeamSwissRound:
    rnd = selectors.round_get(event=event, number=number)
    if rnd is None:
        raise NotFound(_("Round %(number)s has not been paired.") % {"number": number})
    return rnd


def host_in_body(slug: str, field: str = "team") -> Team:
    """A host team a body names: unknown is bad input (400 on the field)."""
    team = team_get_by_slug(slug=slug)
    if team is None:
        raise InvalidInput({field: [_("No team %(slug)s.") % {"slug": repr(slug)}]})
    return team


def user_in_body(username: str, field: str) -> User:
    user = user_get_by_username(username=username)
    if user is None:
        raise InvalidInput(
            {field: [_("No user named %(username)s.") % {"username": repr(username)}]}
        )
    return user


class TeamSwissInputSerializer(StrictInputSerializer):
    """Bodies refuse the fields they do not know."""


class TeamSwissFilterSerializer(StrictInputSerializer):
    """Query strings also carry the page parameters (and a client's cache-buster)."""

    refuse_unknown_fields = False
