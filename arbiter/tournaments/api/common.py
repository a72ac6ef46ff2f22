"""What the event views share: the lookups that answer 404, the input base, the upload
reader."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import serializers

from arbiter.common.api import StrictInputSerializer, text_problem
from arbiter.common.event_settings import (
    CLOCK_ZERO,
    DESCRIPTION_MAX,
    NAME_MAX,
    clock_is_zero,
)
from arbiter.common.exceptions import InvalidInput, NotFound
from arbiter.common.parsers import DepthSafeJSONParser, LimitedMultiPartParser
from arbiter.common.text import name_validator
from arbiter.teams.models import Team
from arbiter.teams.read import team_get_by_slug
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.tournaments.read import selectors
from arbiter.trf.reader import decode_trf_bytes as decode_upload
from arbiter.users.models import User
from arbiter.users.read import user_get_by_username


def tournament_or_404(tournament_id: int) -> SwissTournament:
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    if tournament is None:
        raise NotFound(_("No such tournament."))
    return tournament


def round_or_404(tournament: SwissTournament, number: int) -> dict[str, Any]:
    data = payloads.round_payload(tournament=tournament, number=number)
    if data is None:
        raise NotFound(_("Round %(number)s has not been paired.") % {"number": number})
    return data


def entry_named(tournament: SwissTournament, name: str, field: str) -> SwissParticipant:
    """The entry a leader names (a username, or a registered player's name)."""
    found = selectors.entries_named(tournament=tournament, name=name)
    if not found:
        raise InvalidInput(
            {field: [_("%(name)s is not a player of this tournament.") % {"name": repr(name)}]}
        )
    if len(found) > 1:
        raise InvalidInput(
            {
                field: [
                    _("Several players are named %(name)s: rename one of them first.")
                    % {"name": repr(name)}
                ]
            }
        )
    return found[0]


def team_or_404(slug: str) -> Team:
    team = team_get_by_slug(slug=slug)
    if team is None:
        raise NotFound(_("No such team."))
    return team


def team_in_body(slug: str, field: str = "team") -> Team:
    """A team a request body names: unknown is bad input (400 on the field), not a 404."""
    team = team_get_by_slug(slug=slug)
    if team is None:
        raise InvalidInput({field: [_("No team %(slug)s.") % {"slug": repr(slug)}]})
    return team


def user_named(username: str) -> User:
    user = user_get_by_username(username=username)
    if user is None:
        raise NotFound(_("No user named %(username)s.") % {"username": repr(username)})
    return user


class SwissInputSerializer(StrictInputSerializer):
    """Swiss bodies refuse fields they do not know, like the rest of the API (a read-only
    field such as `status` in a PATCH is refused, not ignored)."""


class SwissFilterSerializer(SwissInputSerializer):
    """Query strings also carry the page parameters (and a client's cache-buster)."""

    refuse_unknown_fields = False


def event_name_field() -> serializers.CharField:
    """An event's name, either kind of event: one line of visible text (`common.text`)."""
    return serializers.CharField(max_length=NAME_MAX, validators=[name_validator])


def event_description_field() -> serializers.CharField:
    """An event's description, either kind of event: its line breaks kept."""
    return serializers.CharField(max_length=DESCRIPTION_MAX, allow_blank=True, required=False)


def clock_checked(attrs: dict[str, Any]) -> dict[str, Any]:
    if clock_is_zero(attrs.get("clock_limit_seconds"), attrs.get("clock_increment_seconds")):
        raise serializers.ValidationError({"clock_limit_seconds": CLOCK_ZERO})
    return attrs


def upload_text(upload: Any, field: str) -> str:
    """An uploaded file's text, under the limits of the same text sent in a JSON body: its
    size (DATA_UPLOAD_MAX_MEMORY_SIZE) and no control characters but line breaks and tabs."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and upload.size > limit:
        raise InvalidInput(
            {field: [_("The file is larger than %(limit)s bytes.") % {"limit": limit}]}
        )
    text = decode_upload(upload.read())
    if text_problem(text, multiline=True) is not None:
        raise InvalidInput(
            {field: [_("The file holds control characters (other than line breaks and tabs).")]}
        )
    return text


UPLOAD_PARSERS = [DepthSafeJSONParser, LimitedMultiPartParser]
