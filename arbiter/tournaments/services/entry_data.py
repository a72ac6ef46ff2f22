"""A leader corrects an entry's FIDE data (name, FIDE ID, federation, title, birth year,
sex): what the TRF's 001 record and the rating report read (docs/rating-report.md, "In the
web app"). The data lives on the entry itself, a registered player's or a user's alike, so
this is the one place it is edited; finished events included, since the report is made after
the last round."""

from __future__ import annotations

import logging
from typing import Any, Final

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import InvalidInput
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.entry_lookup import entry_of_event
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.standings import standings_version_bump
from arbiter.users.models import User

logger = logging.getLogger(__name__)

ENTRY_FIDE_FIELDS: Final = ("name", "fide_id", "federation", "title", "birth_year", "sex")


def entry_fide_editor_check(*, tournament: SwissTournament, user: User) -> None:
    """Asked before the body is read: a stranger learns nothing from its problems."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("edit players' FIDE data"),
    )


@transaction.atomic
def entry_fide_data_set(
    *, tournament: SwissTournament, leader: User, entry_id: int, data: dict[str, Any]
) -> SwissParticipant:
    """Set the given fields (each already checked for its form by the API) on the entry.
    A registered player keeps a name (it has no username to show instead); a user's entry may
    clear it, and the TRF then names the player by username. Readers get a new version: the
    names and titles are in the standings, birth years and sex decide age and women's prizes."""
    unknown = set(data) - set(ENTRY_FIDE_FIELDS)
    if unknown:
        raise ValueError(f"not FIDE data of an entry: {sorted(unknown)}")
    entry_fide_editor_check(tournament=tournament, user=leader)
    tournament = tournament_lock(tournament=tournament)
    entry = entry_of_event(tournament=tournament, entry_id=entry_id, with_user=True)
    if data.get("name") == "" and entry.user_id is None:
        raise InvalidInput({"name": [_("A player without an account needs a name.")]})
    changed = [n for n in ENTRY_FIDE_FIELDS if n in data and getattr(entry, n) != data[n]]
    if not changed:
        return entry
    before = {name: getattr(entry, name) for name in changed}
    for name in changed:
        setattr(entry, name, data[name])
    entry.full_clean()
    entry.save(update_fields=changed)
    audit_record(
        tournament=tournament,
        actor=leader,
        action="entry.edited",
        subject=entry.display_name,
        before=before,
        after={name: data[name] for name in changed},
    )
    standings_version_bump(tournament=tournament)
    effects.live_push(tournament_id=tournament.id)
    logger.info("tournament %s: entry %s FIDE data edited: %s", tournament.id, entry.id, changed)
    return entry
