"""The caps of one event, the same for every kind and every way in (a registration, rows, a
CSV, a TRF import; individual and team Swiss): over one, a 400 that names its setting, before
anything is stored. The engine's time and memory grow with the square of the field or worse,
so a field over these caps cannot be paired in the engine's time limit (docs/security.md)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext, ngettext

# A squad's players (regulars and reserves) of a team event.
SQUAD_MAX = 30


def _over(count: str, cap: int, setting: str) -> str:
    return gettext("%(count)s: an event here holds at most %(cap)s (%(setting)s)") % {
        "count": count,
        "cap": cap,
        "setting": setting,
    }


def players_over_cap(count: str) -> str:
    """The refusal of a field over ARBITER_MAX_EVENT_PLAYERS; `count` says what was asked (in
    the request's language: "120 players + 5 new")."""
    return _over(count, settings.MAX_EVENT_PLAYERS, "ARBITER_MAX_EVENT_PLAYERS")


def teams_over_cap(count: str) -> str:
    """The refusal of a team event over ARBITER_MAX_EVENT_TEAMS."""
    return _over(count, settings.MAX_EVENT_TEAMS, "ARBITER_MAX_EVENT_TEAMS")


def event_caps_problems(*, players: int, teams: int | None = None) -> list[str]:
    """The caps a whole new event of `players` (and `teams`) would break, each named."""
    problems = []
    if teams is not None and teams > settings.MAX_EVENT_TEAMS:
        count = ngettext("%(count)s team", "%(count)s teams", teams) % {"count": teams}
        problems.append(teams_over_cap(count))
    if players > settings.MAX_EVENT_PLAYERS:
        count = ngettext("%(count)s player", "%(count)s players", players) % {"count": players}
        problems.append(players_over_cap(count))
    return problems
