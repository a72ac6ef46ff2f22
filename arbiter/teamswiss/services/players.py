"""A squad player's FIDE data (FIDE ID, federation, title, birth year, sex, whether the
rating is FIDE's): what the TRF's 001 record and the rating report read (docs/rating-report.md,
"Team events"). Set by the event's leaders, or by the team's captain for their own squad, as
squads are edited; finished events included, since the report is made after the last round."""

from __future__ import annotations

import logging
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import NotFound
from arbiter.teams.permissions import captain_or_leader_required
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer
from arbiter.teamswiss.services.locking import event_locked
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PLAYER_FIDE_FIELDS: Final = ("fide_id", "federation", "title", "birth_year", "sex", "rating_kind")
RATING_KINDS: Final = ("fide", "national", "arbiter")


def _player_of(event: TeamSwissEvent, player_id: int) -> TeamSwissPlayer:
    player = (
        TeamSwissPlayer.objects.select_related("team").filter(event=event, id=player_id).first()
    )
    if player is None:
        raise NotFound(_("No such player in this event."))
    player.team.event = event
    return player


def player_fide_editor_check(*, event: TeamSwissEvent, player_id: int, user: User) -> None:
    """Asked before the body is read: a stranger learns nothing from its problems."""
    player = _player_of(event, player_id)
    captain_or_leader_required(
        captain_id=player.team.captain_id,
        host_id=event.host_id,
        user=user,
        # Translators: completes "Only the team's captain or the event's arbiters can …".
        action=gettext("edit players' FIDE data"),
    )


@transaction.atomic
def player_fide_data_set(
    *, event: TeamSwissEvent, user: User, player_id: int, data: dict[str, Any]
) -> TeamSwissPlayer:
    """Set the given fields (each already checked for its form by the API). Readers get a
    new version: the titles show on the event's pages."""
    unknown = set(data) - set(PLAYER_FIDE_FIELDS)
    if unknown:
        raise ValueError(f"not FIDE data of a player: {sorted(unknown)}")
    player_fide_editor_check(event=event, player_id=player_id, user=user)
    event = event_locked(event=event)
    player = _player_of(event, player_id)
    changed = [n for n in PLAYER_FIDE_FIELDS if n in data and getattr(player, n) != data[n]]
    if not changed:
        return player
    for name in changed:
        setattr(player, name, data[name])
    player.full_clean(validate_constraints=False)  # none of these fields is in one
    player.save(update_fields=changed)
    logger.info("team event %s: player %s FIDE data edited: %s", event.id, player.id, changed)
    return player
