"""The fair-play entry rules of an event (lichess's "account age" and "rated games" conditions):
a minimum account age in days and a minimum of rated games at the event's speed. One rule for
both kinds of event: the individual Swiss' join service and the team Swiss' squad services
refuse through `entry_rules_refusal`, and what is shown before entering reads the same
`entry_rules_checked`. It lives here, beside the ratings it counts, so that both apps import
it (neither imports the other's services)."""

from __future__ import annotations

from dataclasses import dataclass

# The project's user by its base class: ratings sits below the users app and never imports it.
from django.contrib.auth.models import AbstractUser as User
from django.utils import timezone

from arbiter.ratings.models import Rating

# The settings' limits, the same for every kind of event (each API's serializer reads them).
ACCOUNT_AGE_DAYS_MAX = 36500
RATED_GAMES_MAX = 100000


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
    row = Rating.objects.filter(user_id=user.pk, speed=speed).values_list("games", flat=True)
    return next(iter(row), 0)


def entry_rules_checked(
    *,
    min_account_age_days: int | None,
    min_rated_games: int | None,
    speed: str,
    user: User | None,
    player: str | None = None,
) -> list[EntryRule]:
    """The rules the event sets (none set: an empty list), each checked against `user`.
    `player`: the refusal names this player (a squad's line, told to their captain) instead of
    addressing the user who joins."""
    your = "Your account" if player is None else f"{player}'s account"
    you_need = "You need" if player is None else f"{player} needs"
    you_have = "you have" if player is None else "they have"
    to_enter = "to join" if player is None else "to play in this event"
    rules: list[EntryRule] = []
    days = min_account_age_days
    if days:  # 0 asks nothing: every account is at least 0 days old
        age = account_age_days(user=user) if user is not None else None
        rules.append(
            EntryRule(
                "min_account_age_days",
                f"Account at least {_plural(days, 'day')} old",
                None if age is None else age >= days,
                "" if age is None else f"Your account: {_plural(age, 'day')} old",
                f"{your} must be at least {_plural(days, 'day')} old {to_enter} "
                f"(it is {_plural(age or 0, 'day')} old).",
            )
        )
    games = min_rated_games
    if games:
        played = rated_games(user=user, speed=speed) if user is not None else None
        rules.append(
            EntryRule(
                "min_rated_games",
                f"At least {_plural(games, 'rated game')} at {speed}",
                None if played is None else played >= games,
                "" if played is None else f"You have played {_plural(played, 'rated game')}",
                f"{you_need} at least {_plural(games, f'rated {speed} game')} {to_enter} "
                f"({you_have} {played or 0}).",
            )
        )
    return rules


def entry_rules_refusal(
    *,
    min_account_age_days: int | None,
    min_rated_games: int | None,
    speed: str,
    user: User,
    player: str | None = None,
) -> dict[str, list[str]]:
    """The rules `user` does not meet, as field messages (empty: they may enter)."""
    return {
        rule.code: [rule.refusal]
        for rule in entry_rules_checked(
            min_account_age_days=min_account_age_days,
            min_rated_games=min_rated_games,
            speed=speed,
            user=user,
            player=player,
        )
        if not rule.met
    }
