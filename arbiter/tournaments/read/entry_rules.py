"""The fair-play entry rules of an event (lichess's "account age" and "rated games" conditions),
checked in one place: every join path refuses through `entry_rules_refusal`, and the entry
conditions shown before joining read the same `entry_rules_checked`."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from arbiter.ratings.models import Rating
from arbiter.tournaments.models import SwissTournament
from arbiter.users.models import User


@dataclass(frozen=True)
class EntryRule:
    """One rule the event sets, checked against a user (`met` None: no user to check)."""

    code: str  # the setting's name, which a refusal's field message is keyed by
    text: str
    met: bool | None
    detail: str
    refusal: str


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def account_age_days(*, user: User) -> int:
    """Whole days since the account was created."""
    return (timezone.now() - user.date_joined).days


def rated_games(*, user: User, speed: str) -> int:
    """The user's rated games at `speed` (their Glicko-2 record's count; none: 0)."""
    row = Rating.objects.filter(user_id=user.id, speed=speed).values_list("games", flat=True)
    return next(iter(row), 0)


def entry_rules_checked(*, tournament: SwissTournament, user: User | None) -> list[EntryRule]:
    """The rules the event sets (none set: an empty list), each checked against `user`."""
    rules: list[EntryRule] = []
    days = tournament.min_account_age_days
    if days:  # 0 asks nothing: every account is at least 0 days old
        age = account_age_days(user=user) if user is not None else None
        rules.append(
            EntryRule(
                "min_account_age_days",
                f"Account at least {_plural(days, 'day')} old",
                None if age is None else age >= days,
                "" if age is None else f"Your account: {_plural(age, 'day')} old",
                f"Your account must be at least {_plural(days, 'day')} old to join "
                f"(it is {_plural(age or 0, 'day')} old).",
            )
        )
    games = tournament.min_rated_games
    if games:
        speed = tournament.time_control.speed
        played = rated_games(user=user, speed=speed) if user is not None else None
        rules.append(
            EntryRule(
                "min_rated_games",
                f"At least {_plural(games, 'rated game')} at {speed}",
                None if played is None else played >= games,
                "" if played is None else f"You have played {_plural(played, 'rated game')}",
                f"You need at least {_plural(games, f'rated {speed} game')} to join "
                f"(you have {played or 0}).",
            )
        )
    return rules


def entry_rules_refusal(*, tournament: SwissTournament, user: User) -> dict[str, list[str]]:
    """The rules `user` does not meet, as field messages (empty: they may join)."""
    return {
        rule.code: [rule.refusal]
        for rule in entry_rules_checked(tournament=tournament, user=user)
        if not rule.met
    }
