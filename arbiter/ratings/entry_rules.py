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
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

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


def _days(n: int) -> str:
    return ngettext("%(count)s day", "%(count)s days", n) % {"count": n}


def _speed_name(speed: str) -> str:
    """A speed's name inside a sentence ("rated blitz games"); an unknown one as it is."""
    names = {
        "bullet": pgettext("speed in a sentence", "bullet"),
        "blitz": pgettext("speed in a sentence", "blitz"),
        "rapid": pgettext("speed in a sentence", "rapid"),
        "classical": pgettext("speed in a sentence", "classical"),
    }
    return names.get(speed, speed)


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
    addressing the user who joins. Worded in the language active now."""
    rules: list[EntryRule] = []
    days = min_account_age_days
    if days:  # 0 asks nothing: every account is at least 0 days old
        age = account_age_days(user=user) if user is not None else None
        rules.append(
            EntryRule(
                "min_account_age_days",
                ngettext(
                    "Account at least %(count)s day old",
                    "Account at least %(count)s days old",
                    days,
                )
                % {"count": days},
                None if age is None else age >= days,
                ""
                if age is None
                else ngettext(
                    "Your account: %(count)s day old", "Your account: %(count)s days old", age
                )
                % {"count": age},
                _age_refusal(days=days, age=age or 0, player=player),
            )
        )
    games = min_rated_games
    if games:
        played = rated_games(user=user, speed=speed) if user is not None else None
        rules.append(
            EntryRule(
                "min_rated_games",
                ngettext(
                    "At least %(count)s rated game at %(speed)s",
                    "At least %(count)s rated games at %(speed)s",
                    games,
                )
                % {"count": games, "speed": _speed_name(speed)},
                None if played is None else played >= games,
                ""
                if played is None
                else ngettext(
                    "You have played %(count)s rated game",
                    "You have played %(count)s rated games",
                    played,
                )
                % {"count": played},
                _games_refusal(games=games, played=played or 0, speed=speed, player=player),
            )
        )
    return rules


def _age_refusal(*, days: int, age: int, player: str | None) -> str:
    """To the user who joins, or (`player`) to the captain of a squad's line."""
    values = {"days": _days(days), "age": _days(age), "player": player}
    if player is None:
        return _("Your account must be at least %(days)s old to join (it is %(age)s old).") % values
    return (
        _(
            "%(player)s's account must be at least %(days)s old to play in this event "
            "(it is %(age)s old)."
        )
        % values
    )


def _games_refusal(*, games: int, played: int, speed: str, player: str | None) -> str:
    values = {"count": games, "played": played, "speed": _speed_name(speed), "player": player}
    if player is None:
        message = ngettext(
            "You need at least %(count)s rated %(speed)s game to join (you have %(played)s).",
            "You need at least %(count)s rated %(speed)s games to join (you have %(played)s).",
            games,
        )
    else:
        message = ngettext(
            "%(player)s needs at least %(count)s rated %(speed)s game to play in this event "
            "(they have %(played)s).",
            "%(player)s needs at least %(count)s rated %(speed)s games to play in this event "
            "(they have %(played)s).",
            games,
        )
    return message % values


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
