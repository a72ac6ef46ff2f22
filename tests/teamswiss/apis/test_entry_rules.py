"""Fair-play entry rules on team Swiss events (issue 43): the individual event's rule
(`arbiter.ratings.entry_rules`), a minimum account age and a minimum of rated games at the
event's speed, checked for every account that would play for a team, on every path that puts
an account on a squad, and listed on the event before a team registers."""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
import textwrap
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

import arbiter.teamswiss.services
from arbiter.ratings.models import Rating
from arbiter.ratings.speeds import Speed
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer
from arbiter.teamswiss.services.teams import SquadEntry, team_register
from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import Built, event_with_teams
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

Outcome = tuple[bool, Any]


def _aged(user: Any, days: int) -> Any:
    user.date_joined = timezone.now() - timedelta(days=days, hours=1)
    user.save(update_fields=["date_joined"])
    return user


def _eligible() -> Any:
    """An account any rule here lets in: old, with games at every speed."""
    user = _aged(UserFactory(), 3650)
    for speed in Speed.values:
        Rating.objects.create(user=user, speed=speed, games=1000)
    return user


def _answer(response: Any, ok: int) -> Outcome:
    assert response.status_code in (ok, 400), response.json()
    return response.status_code == ok, response.json()


def _register(built: Built, user: Any) -> Outcome:
    """A captain registers their team, themselves on its squad."""
    body = {"name": f"Team {user.username}", "players": [{"username": user.username}]}
    return _answer(
        client_of(user).post(f"/api/team-swiss/{built.event.id}/teams/", body, format="json"), 201
    )


def _added_to_squad(built: Built, user: Any) -> Outcome:
    """A captain adds the account to their squad (an invitation: refused at once)."""
    captain = _eligible()
    team = team_register(
        event=built.event,
        user=captain,
        name=f"Team {captain.username}",
        captain=captain,
        squad=[SquadEntry(user=captain)],
    )
    line = team.players.get()
    body = {"name": team.name, "players": [{"id": line.id}, {"username": user.username}]}
    url = f"/api/team-swiss/{built.event.id}/teams/{team.tpn}/"
    return _answer(client_of(captain).put(url, body, format="json"), 200)


def _accepted(built: Built, user: Any) -> Outcome:
    """The account accepts an invitation sent before the rules were set: checked again."""
    event = built.event
    event.refresh_from_db()
    rules = {"min_account_age_days": event.min_account_age_days}
    rules["min_rated_games"] = event.min_rated_games
    TeamSwissEvent.objects.filter(id=event.id).update(
        min_account_age_days=None, min_rated_games=None
    )
    event.refresh_from_db()
    captain = _eligible()
    team_register(
        event=event,
        user=captain,
        name=f"Team {captain.username}",
        captain=captain,
        squad=[SquadEntry(user=captain), SquadEntry(user=user)],
    )
    edited = client_of(built.leader).patch(f"/api/team-swiss/{event.id}/", rules, format="json")
    assert edited.status_code == 200, edited.json()
    line = TeamSwissPlayer.objects.get(event=event, invited=user)
    url = f"/api/team-swiss/{event.id}/invitations/{line.id}/accept/"
    return _answer(client_of(user).post(url), 200)


# Every route by which an account comes onto a team event's squad, by URL name: a new one must
# be added here (test_every_squad_route_is_listed), and is then tested against every rule.
SQUAD_PATHS: dict[str, Callable[[Built, Any], Outcome]] = {
    "api:team-swiss:teams": _register,
    "api:team-swiss:team": _added_to_squad,
    "api:team-swiss:invitation-accept": _accepted,
}

SERVICES = Path(inspect.getfile(arbiter.teamswiss.services)).parent
WRITE_CALLS = {"TeamSwissPlayer", "create", "bulk_create", "update", "get_or_create"}


def _called(node: ast.AST) -> set[str]:
    names = set()
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            func = call.func
            names.add(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", ""))
    return names


def _puts_an_account_on_a_line(fn: ast.AST) -> bool:
    """Sets a squad line's `user` (an assignment, or a write naming it)."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets for t in getattr(target, "elts", [target])]
            if any(isinstance(t, ast.Attribute) and t.attr in ("user", "user_id") for t in targets):
                return True
        if isinstance(node, ast.Call) and any(k.arg in ("user", "user_id") for k in node.keywords):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in WRITE_CALLS:
                return True
    return False


def _squad_services() -> dict[str, Any]:
    """The public services of team Swiss that reach a write putting an account on a squad, by
    name, with the function itself (callers are followed by name within the services)."""
    functions: dict[str, tuple[str, ast.AST]] = {}
    for path in SERVICES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                functions[node.name] = (path.stem, node)
    reach = {name for name, (_, fn) in functions.items() if _puts_an_account_on_a_line(fn)}
    grown = True
    while grown:  # the callers of the callers, within the services
        more = {name for name, (_, fn) in functions.items() if _called(fn) & reach} - reach
        reach |= more
        grown = bool(more)
    return {
        name: getattr(
            importlib.import_module(f"arbiter.teamswiss.services.{functions[name][0]}"), name
        )
        for name in reach
        if not name.startswith("_")
    }


def _routes(resolver: URLResolver, namespace: str = "") -> list[tuple[str, Any]]:
    found = []
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}:{pattern.namespace}" if pattern.namespace else namespace
            found += _routes(pattern, inner.strip(":"))
        elif isinstance(pattern, URLPattern) and pattern.name:
            view = getattr(pattern.callback, "view_class", pattern.callback)
            found.append((f"{namespace}:{pattern.name}".strip(":"), view))
    return found


def _view_calls(view: Any) -> list[Any]:
    """The functions a view calls, resolved in its module (`teams.team_update` there is the
    team Swiss service, not the club team's of the same name)."""
    try:
        sources = [inspect.getsource(view)]
    except OSError:  # a class built at run time: its methods' sources
        methods = [f for f in vars(view).values() if inspect.isfunction(f)]
        sources = [inspect.getsource(f) for f in methods]
    scope = vars(sys.modules[view.__module__])
    called: list[Any] = []  # a list: a module's names may be unhashable values
    for source in sources:
        for node in ast.walk(ast.parse(textwrap.dedent(source))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name):
                called.append(scope.get(func.id))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                called.append(getattr(scope.get(func.value.id), func.attr, None))
    return called


def test_every_squad_route_is_listed() -> None:
    services = _squad_services()
    assert set(services) == {"team_register", "team_update", "squad_invitation_accept"}
    routes = set()
    for name, view in _routes(get_resolver()):
        if not getattr(view, "__module__", "").startswith("arbiter."):
            continue  # Django's own (admin) and libraries' views
        if any(fn in _view_calls(view) for fn in services.values()):
            routes.add(name)
    assert routes == set(SQUAD_PATHS)


def _event(**rules: Any) -> Built:
    return event_with_teams(teams=0, boards=1, **rules)


@pytest.mark.parametrize("path", sorted(SQUAD_PATHS))
def test_account_age_is_refused_then_accepted_on_every_squad_path(path: str) -> None:
    built = _event(min_account_age_days=30)
    young, old = _aged(UserFactory(), 29), _aged(UserFactory(), 30)
    joined, body = SQUAD_PATHS[path](built, young)
    assert not joined
    assert body["extra"]["fields"] == {
        "min_account_age_days": [
            f"{young.username}'s account must be at least 30 days old to play in this event "
            "(it is 29 days old)."
        ]
    }
    assert not TeamSwissPlayer.objects.filter(event=built.event, user=young).exists()
    assert SQUAD_PATHS[path](built, old)[0]


@pytest.mark.parametrize("path", sorted(SQUAD_PATHS))
def test_rated_games_at_the_event_s_speed_are_refused_then_accepted_on_every_squad_path(
    path: str,
) -> None:
    built = _event(min_rated_games=10, clock_minutes=3, clock_increment=2)  # 3+2: blitz
    novice, regular = UserFactory(), UserFactory()
    Rating.objects.create(user=novice, speed="blitz", games=9)
    Rating.objects.create(user=novice, speed="classical", games=500)  # another speed counts not
    Rating.objects.create(user=regular, speed="blitz", games=10)
    joined, body = SQUAD_PATHS[path](built, novice)
    assert not joined
    assert body["extra"]["fields"] == {
        "min_rated_games": [
            f"{novice.username} needs at least 10 rated blitz games to play in this event "
            "(they have 9)."
        ]
    }
    assert SQUAD_PATHS[path](built, regular)[0]


def test_a_squad_names_every_player_who_falls_short_and_enters_no_one() -> None:
    built = _event(min_account_age_days=7, min_rated_games=1)  # no clock: classical
    captain, ann, bob = _eligible(), _aged(UserFactory(), 2), _aged(UserFactory(), 8)
    body = {
        "name": "Short",
        "players": [{"username": u.username} for u in (captain, ann, bob)],
    }
    url = f"/api/team-swiss/{built.event.id}/teams/"
    refused = client_of(captain).post(url, body, format="json")
    assert refused.status_code == 400
    assert refused.json()["extra"]["fields"] == {
        "min_account_age_days": [
            f"{ann.username}'s account must be at least 7 days old to play in this event "
            "(it is 2 days old)."
        ],
        "min_rated_games": [
            f"{ann.username} needs at least 1 rated classical game to play in this event "
            "(they have 0).",
            f"{bob.username} needs at least 1 rated classical game to play in this event "
            "(they have 0).",
        ],
    }
    # The message says them all too, for a client that shows only it.
    assert (
        refused.json()["message"].count(ann.username) == 2
        and bob.username in (refused.json()["message"])
    )
    assert not built.event.teams.exists()


def test_with_rules_set_a_new_line_needs_an_account() -> None:
    built = _event(min_account_age_days=1)
    captain = _eligible()
    body = {"name": "Names", "players": [{"username": captain.username}, {"name": "Friend"}]}
    url = f"/api/team-swiss/{built.event.id}/teams/"
    refused = client_of(captain).post(url, body, format="json")
    assert refused.status_code == 400
    (message,) = refused.json()["extra"]["fields"]["players"]
    assert message.startswith("2: ") and "give a username" in message


def test_the_event_lists_its_rules_before_a_team_registers() -> None:
    built = _event(min_account_age_days=7, min_rated_games=5, clock_minutes=3, clock_increment=2)
    detail = client_of(None).get(f"/api/team-swiss/{built.event.id}/").json()
    assert (detail["min_account_age_days"], detail["min_rated_games"]) == (7, 5)
    assert detail["entry_rules"] == [
        {"code": "min_account_age_days", "text": "Account at least 7 days old"},
        {"code": "min_rated_games", "text": "At least 5 rated games at blitz"},
    ]
    plain = _event()
    detail = client_of(None).get(f"/api/team-swiss/{plain.event.id}/").json()
    assert detail["entry_rules"] == [] and detail["min_rated_games"] is None


def test_settings_are_created_edited_validated_and_cleared() -> None:
    membership = LeaderFactory()
    leader = client_of(membership.user)
    ok = {"team": membership.team.slug, "name": "League", "boards": 2, "num_rounds": 5}
    bad = leader.post(
        "/api/team-swiss/",
        {**ok, "min_rated_games": -1, "min_account_age_days": 36501},
        format="json",
    )
    assert bad.status_code == 400
    assert set(bad.json()["extra"]["fields"]) == {"min_rated_games", "min_account_age_days"}
    created = leader.post("/api/team-swiss/", {**ok, "min_account_age_days": 3}, format="json")
    assert created.status_code == 201, created.json()
    event = created.json()
    assert (event["min_account_age_days"], event["min_rated_games"]) == (3, None)
    url = f"/api/team-swiss/{event['id']}/"
    bad = leader.patch(url, {"min_rated_games": 100001, "min_account_age_days": "x"}, format="json")
    assert bad.status_code == 400
    assert set(bad.json()["extra"]["fields"]) == {"min_rated_games", "min_account_age_days"}
    edited = leader.patch(url, {"min_rated_games": 20, "min_account_age_days": None}, format="json")
    assert edited.status_code == 200, edited.json()
    assert (edited.json()["min_rated_games"], edited.json()["min_account_age_days"]) == (20, None)
    assert [rule["code"] for rule in edited.json()["entry_rules"]] == ["min_rated_games"]
