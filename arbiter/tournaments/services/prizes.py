"""Leaders set an event's prize table and its rule for shared places (docs/prizes.md)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, InvalidInput
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import Prize, PrizeSharing, SwissTournament, TournamentStatus
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PRIZE_FIELDS = (
    "category",
    "place",
    "amount",
    "label",
    "rating_min",
    "rating_max",
    "born_from",
    "born_before",
)
MAX_PRIZES = 200


def _row(prize: Prize) -> dict[str, Any]:
    return {name: getattr(prize, name) for name in PRIZE_FIELDS}


def _group(values: Mapping[str, Any]) -> tuple[object, ...]:
    return tuple(values.get(k) for k in ("category", "rating_min", "rating_max", "born_from"))


@transaction.atomic
def prize_table_set(
    *,
    tournament: SwissTournament,
    user: User,
    prizes: Sequence[Mapping[str, Any]],
    sharing: str | None = None,
) -> list[Prize]:
    """The event's prize table becomes `prizes` (the whole table at once, as the form sends
    it), and its rule for shared places `sharing` if given. Refused on a cancelled event;
    allowed after the end (a table corrected at the prize-giving)."""
    tournament = tournament_lock(tournament=tournament)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("set the prizes"))
    if tournament.status == TournamentStatus.CANCELLED:
        raise ApplicationError(_("This tournament was cancelled."))
    if len(prizes) > MAX_PRIZES:
        raise InvalidInput({"prizes": [_("At most %(count)s prizes.") % {"count": MAX_PRIZES}]})
    if sharing is not None and sharing not in PrizeSharing.values:
        raise InvalidInput(
            {
                "sharing": [
                    _("Must be one of %(choices)s.") % {"choices": ", ".join(PrizeSharing.values)}
                ]
            }
        )
    seen: dict[tuple[object, ...], int] = {}
    rows: list[Prize] = []
    problems: dict[str, list[str]] = {}
    for i, values in enumerate(prizes):
        key = (*_group(values), values.get("born_before"), values.get("place"))
        if key in seen:
            problems[f"prizes[{i}]"] = [
                _("The same place of the same category as prizes[%(index)s].")
                % {"index": seen[key]}
            ]
            continue
        seen[key] = i
        prize = Prize(tournament=tournament, **{k: values.get(k) for k in PRIZE_FIELDS})
        prize.label = prize.label or ""
        try:
            prize.full_clean(exclude=["tournament"])
        except ValidationError as exc:
            problems[f"prizes[{i}]"] = [f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()]
        rows.append(prize)
    if problems:
        raise InvalidInput(problems)
    before = {
        "sharing": tournament.prize_sharing,
        "prizes": [_row(p) for p in Prize.objects.filter(tournament=tournament)],
    }
    Prize.objects.filter(tournament=tournament).delete()
    created = Prize.objects.bulk_create(rows)
    if sharing is not None and sharing != tournament.prize_sharing:
        tournament.prize_sharing = sharing
        tournament.save(update_fields=["prize_sharing"])
    # Read back in the model's order, as `before` was: a table sent in another order (the
    # form sends the displayed order) is the same table.
    after = {
        "sharing": tournament.prize_sharing,
        "prizes": [_row(p) for p in Prize.objects.filter(tournament=tournament)],
    }
    if before != after:
        audit_record(
            tournament=tournament,
            actor=user,
            action="prizes.edited",
            subject=f"{len(created)} prizes",
            before=before,
            after=after,
        )
        effects.prizes_push(tournament_id=tournament.id)
    logger.info("tournament %s: %s prizes set by %s", tournament.id, len(created), user)
    return created
