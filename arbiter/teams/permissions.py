"""Who may act: one function per rule, the only place its refusal (403) is worded. The
services of every app call them (a view never asks); they take ids, not models, since the
teams app sits below every app that runs events. An event's arbiters are the leaders of its
host team. Where paths have always worded one rule differently, `wording` picks the text their
clients already read. A path that already chose its way by the same question
(`team_id_is_leader`: a decision or a report?) passes its answer, `as_arbiter`, and the rule
asks nothing again.

Rules that need an app's own tables stay in that app's `services/permissions.py` (team-Swiss
line-ups and registration, a game's arbiters); tests/test_permissions_one_place.py keeps such
refusals out of every other module.

Each refusal is one translated sentence (docs/i18n.md) with the caller's `action` (or `tool`)
in its place: callers pass it in the request's language (`gettext("edit the team")`, marked
with a "Translators:" comment naming the sentence it completes)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from django.utils.translation import gettext

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.read import AnyUser, team_id_is_leader, user_leads_a_team

EventWording = Literal["arbiters", "leaders", "an arbiter"]
BoardWording = Literal["arbiters", "event's leaders", "team's leaders"]


def team_leader_required(*, team_id: int, user: AnyUser, action: str) -> None:
    """Refuse (403) unless `user` leads the team; `action` completes "Only the team's leaders
    can …"."""
    if not team_id_is_leader(team_id=team_id, user=user):
        raise PermissionDenied(
            gettext("Only the team's leaders can %(action)s.") % {"action": action}
        )


def event_arbiter_required(
    *,
    team_id: int | None,
    user: AnyUser,
    action: str,
    wording: EventWording = "arbiters",
    as_arbiter: bool | None = None,
) -> None:
    """403 unless `user` arbitrates the event: leads its host team `team_id` (None: a game of
    no event, which no one arbitrates). `action` completes the refusal, as worded:
    "arbiters": "Only the event's arbiters (its host team's leaders) can …" (a game's arbiter
    actions; "Only the event's arbiters can …" for a game of no event); "leaders": "Only the
    event's leaders …" (a round's PGN upload); "an arbiter": "Only an arbiter …" (what a
    player's report cannot do)."""
    if as_arbiter is None:
        as_arbiter = team_id is not None and team_id_is_leader(team_id=team_id, user=user)
    if as_arbiter:
        return
    if wording == "leaders":
        raise PermissionDenied(gettext("Only the event's leaders %(action)s.") % {"action": action})
    if wording == "an arbiter":
        raise PermissionDenied(gettext("Only an arbiter %(action)s.") % {"action": action})
    if team_id is None:
        raise PermissionDenied(
            gettext("Only the event's arbiters can %(action)s.") % {"action": action}
        )
    raise PermissionDenied(
        gettext("Only the event's arbiters (its host team's leaders) can %(action)s.")
        % {"action": action}
    )


def board_player_or_arbiter_required(
    *,
    as_arbiter: bool,
    player_ids: Collection[int | None],
    user: AnyUser,
    action: str,
    wording: BoardWording,
) -> None:
    """403 unless `user` plays on the board (`player_ids`: its players' user ids) or
    arbitrates the event (`as_arbiter`: the path's answer, by which it told a decision from a
    report). `action` completes the refusal: "arbiters": "Only the board's players or the
    event's arbiters …"; "event's leaders" / "team's leaders": "Only the players of this board
    (or the event's / team's leaders) …"."""
    if as_arbiter or (user.is_authenticated and user.pk in player_ids):
        return
    if wording == "arbiters":
        raise PermissionDenied(
            gettext("Only the board's players or the event's arbiters %(action)s.")
            % {"action": action}
        )
    if wording == "event's leaders":
        raise PermissionDenied(
            gettext("Only the players of this board (or the event's leaders) %(action)s.")
            % {"action": action}
        )
    raise PermissionDenied(
        gettext("Only the players of this board (or the team's leaders) %(action)s.")
        % {"action": action}
    )


def captain_or_leader_required(
    *, captain_id: int | None, host_id: int, user: AnyUser, action: str
) -> None:
    """403 unless `user` captains the team (`captain_id`) or leads the event's host team
    (`host_id`)."""
    if user.is_authenticated and captain_id == user.pk:
        return
    if not team_id_is_leader(team_id=host_id, user=user):
        raise PermissionDenied(
            gettext("Only the team's captain or the event's arbiters can %(action)s.")
            % {"action": action}
        )


def claimant_or_leader_required(
    *, claimant_id: int, team_id: int, user: AnyUser, action: str
) -> None:
    """403 unless `user` made the claim (`claimant_id`) or leads the team."""
    if user.is_authenticated and claimant_id == user.pk:
        return
    if not team_id_is_leader(team_id=team_id, user=user):
        raise PermissionDenied(
            gettext("Only the team's leaders or the claimant can %(action)s.") % {"action": action}
        )


def any_team_leader_required(*, user: AnyUser, tool: str) -> None:
    """403 unless `user` leads some team (the people who run events): `tool` is theirs."""
    if not user_leads_a_team(user=user):
        raise PermissionDenied(
            gettext("%(tool)s is for team leaders (the arbiters of events).") % {"tool": tool}
        )
