"""The fair-play entry rules for the players of a team event: every account that would play for
a team (a squad line it holds, or one it is invited to) is checked by the rule an individual
event's join is (`arbiter.ratings.entry_rules`), each refusal naming the player."""

from __future__ import annotations

from collections.abc import Iterable

from arbiter.common.exceptions import InvalidInput
from arbiter.ratings.entry_rules import entry_rules_refusal
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read.selectors import event_speed
from arbiter.users.models import User


def entry_rules_set(event: TeamSwissEvent) -> bool:
    return bool(event.min_account_age_days or event.min_rated_games)


def squad_entry_rules_check(*, event: TeamSwissEvent, users: Iterable[User]) -> None:
    """400 with a field message per unmet rule and player (keyed by the rule's setting),
    unless every one of `users` meets the event's rules."""
    if not entry_rules_set(event):
        return
    speed = event_speed(event)
    unmet: dict[str, list[str]] = {}
    for user in users:
        refused = entry_rules_refusal(
            min_account_age_days=event.min_account_age_days,
            min_rated_games=event.min_rated_games,
            speed=speed,
            user=user,
            player=user.username,
        )
        for code, messages in refused.items():
            unmet.setdefault(code, []).extend(messages)
    if unmet:
        error = InvalidInput(unmet)
        # Every player and rule in the message too (as the individual join says them): a
        # client that shows only the message (the invitations list) misses none.
        error.message = " ".join(message for messages in unmet.values() for message in messages)
        raise error
