"""Create and edit an event (the host team's leaders)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import Conflict, InvalidInput
from arbiter.common.throttling import user_throttle
from arbiter.teams.models import Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teamswiss.models import DEFAULT_TIEBREAKS, TeamSwissEvent, TeamSwissPlayer
from arbiter.teamswiss.services.locking import event_locked
from arbiter.teamswiss.services.online import online_clock_required
from arbiter.tiebreaks.codes import UnknownTiebreak
from arbiter.tiebreaks.team_codes import parse_team_code
from arbiter.trf.team_event import Points, pab_match_points_default
from arbiter.users.models import User

TIEBREAKS_MAX = 8

# Settings that shape the pairing or the scores: fixed once round 1 is paired.
REGULATION = (
    "boards",
    "colour_model",
    "primary_score",
    "match_points",
    "game_points",
    "pab_match_points",
    "pab_game_points",
    "tiebreaks",
    "initial_colour",
    "mode",
)
# The fair-play entry rules too: as on an individual event, editable at any time before the
# end; they hold for the squad lines entered after the change (each acceptance included).
ALWAYS = (
    "name",
    "description",
    "lineup_minutes",
    "starts_at",
    "num_rounds",
    "min_account_age_days",
    "min_rated_games",
)
# The rating report's data: still editable once the event has finished, since the report is
# made and sent after the last round (as on an individual event).
FIDE_DATA = (
    "venue",
    "federation",
    "chief_arbiter_name",
    "chief_arbiter_fide_id",
    "deputy_arbiters",
    "clock_minutes",
    "clock_increment",
)


def _tiebreaks_checked(codes: list[str], primary: str) -> list[str]:
    """C.07 team codes as `arbiter.tiebreaks` reads them ("BH:GP/C1", "EDE", ...). None
    given, on create or edit, is the default order: an event always breaks its ties (an empty
    order ranked teams equal on the primary score equal, whatever their other score), as an
    individual event's empty order is its default too."""
    codes = codes or list(DEFAULT_TIEBREAKS)
    if len(codes) > TIEBREAKS_MAX:
        message = ngettext(
            "At most %(count)s tie-break.", "At most %(count)s tie-breaks.", TIEBREAKS_MAX
        )
        raise InvalidInput({"tiebreaks": [message % {"count": TIEBREAKS_MAX}]})
    try:
        codes = [parse_team_code(code, "m" if primary == "mp" else "g").text for code in codes]
    except UnknownTiebreak as exc:
        raise InvalidInput({"tiebreaks": [str(exc)]}) from exc
    if len(set(codes)) != len(codes):
        raise InvalidInput({"tiebreaks": [_("A tie-break is listed twice.")]})
    return codes


def _points_checked(field: str, points: dict[str, Decimal]) -> None:
    if not points["win"] >= points["draw"] >= points["loss"]:
        raise InvalidInput({field: [_("A win is worth at least a draw, a draw at least a loss.")]})
    if points["win"] <= points["loss"]:
        raise InvalidInput({field: [_("A win must be worth more than a loss.")]})


def _apply(event: TeamSwissEvent, values: dict[str, Any]) -> None:
    for key, value in values.items():
        if key == "match_points":
            _points_checked(key, value)
            event.match_win, event.match_draw, event.match_loss = (
                value["win"],
                value["draw"],
                value["loss"],
            )
        elif key == "game_points":
            _points_checked(key, value)
            event.game_win, event.game_draw, event.game_loss = (
                value["win"],
                value["draw"],
                value["loss"],
            )
        elif key == "tiebreaks":
            event.tiebreaks = _tiebreaks_checked(list(value), event.primary_score)
        else:
            setattr(event, key, value)


@transaction.atomic
def event_create(
    *,
    host: Team,
    user: User,
    name: str,
    boards: int,
    num_rounds: int,
    description: str = "",
    colour_model: str = TeamSwissEvent.ColourModel.TYPEA,
    primary_score: str = TeamSwissEvent.PrimaryScore.MATCH_POINTS,
    match_points: dict[str, Decimal] | None = None,
    game_points: dict[str, Decimal] | None = None,
    pab_match_points: Decimal | None = None,
    pab_game_points: Decimal | None = None,
    tiebreaks: list[str] | None = None,
    initial_colour: str = TeamSwissEvent.InitialColour.WHITE,
    lineup_minutes: int = 10,
    starts_at: datetime | None = None,
    mode: str = TeamSwissEvent.Mode.OTB,
    min_account_age_days: int | None = None,
    min_rated_games: int | None = None,
    **fide_data: Any,
) -> TeamSwissEvent:
    """`fide_data`: any of FIDE_DATA (checked for their form by the API)."""
    unknown = set(fide_data) - set(FIDE_DATA)
    if unknown:
        raise TypeError(f"unknown settings: {sorted(unknown)}")
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=host.id, user=user, action=gettext("create team events"))
    user_throttle(scope="create", user_id=user.id)  # every path's creations, one allowance
    event = TeamSwissEvent(
        host=host,
        created_by=user,
        name=name,
        description=description,
        boards=boards,
        num_rounds=num_rounds,
        colour_model=colour_model,
        primary_score=primary_score,
        initial_colour=initial_colour,
        lineup_minutes=lineup_minutes,
        starts_at=starts_at,
        pab_game_points=pab_game_points,
        mode=mode,
        min_account_age_days=min_account_age_days,
        min_rated_games=min_rated_games,
    )
    # None given: `_tiebreaks_checked` puts in the default order (the browser's form and an
    # API client alike).
    values: dict[str, Any] = {"tiebreaks": tiebreaks or [], **fide_data}
    if match_points is not None:
        values["match_points"] = match_points
    if game_points is not None:
        values["game_points"] = game_points
    if pab_match_points is not None:
        values["pab_match_points"] = pab_match_points
    elif match_points is not None:
        # The event's own draw; with no points given, the model's PAB_MATCH_POINTS_DEFAULT.
        values["pab_match_points"] = pab_match_points_default(match=Points(**match_points))
    _apply(event, values)
    online_clock_required(event=event)
    event.full_clean()
    event.save()
    return event


@transaction.atomic
def event_edit(*, event: TeamSwissEvent, user: User, values: dict[str, Any]) -> TeamSwissEvent:
    """Edit `values` (names as in event_create). The regulation is fixed once round 1 is
    paired; the number of rounds never drops below the rounds paired."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=event.host_id, user=user, action=gettext("edit the event"))
    event = event_locked(event=event)
    if event.status == TeamSwissEvent.Status.FINISHED and set(values) - set(FIDE_DATA):
        raise Conflict(_("The event has finished: only its FIDE data can be edited."))
    paired = event.rounds.count()
    if paired:
        fixed = sorted(key for key in values if key in REGULATION)
        if fixed:
            raise InvalidInput({key: [_("Fixed once round 1 is paired.")] for key in fixed})
    if "num_rounds" in values and values["num_rounds"] < paired:
        message = ngettext(
            "%(count)s round has been paired already.",
            "%(count)s rounds have been paired already.",
            paired,
        )
        raise InvalidInput({"num_rounds": [message % {"count": paired}]})
    if "boards" in values:
        smallest = min(
            (TeamSwissPlayer.objects.filter(team=team).count() for team in event.teams.all()),
            default=values["boards"],
        )
        if values["boards"] > smallest:
            # The English singular keeps the wording the API always gave ("only 1 players").
            message = ngettext(
                "A registered team has only %(count)s players.",
                "A registered team has only %(count)s players.",
                smallest,
            )
            raise InvalidInput({"boards": [message % {"count": smallest}]})
    _apply(event, values)
    online_clock_required(event=event)
    event.full_clean()
    event.save()
    return event
