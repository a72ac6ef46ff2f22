"""Who may act is worded in one place: a refusal (403, `PermissionDenied`) that speaks of the
leaders, arbiters or captains who may act is raised only inside a permissions module
(`teams/permissions.py`, an app's `services/permissions.py`), by the one function of its rule,
which every service calls (docs/security.md). Every module under `arbiter/` is read with `ast`,
none imported: a new module that words such a refusal itself fails here."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser

from arbiter.common.exceptions import PermissionDenied
from arbiter.teams.permissions import (
    any_team_leader_required,
    board_player_or_arbiter_required,
    captain_or_leader_required,
    claimant_or_leader_required,
    event_arbiter_required,
    team_leader_required,
)

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "arbiter"
# Who may act, as a refusal names them.
WHO = re.compile(r"\b(leaders?|arbiters?|captains?)\b", re.IGNORECASE)


def is_permissions_module(path: Path) -> bool:
    return path.name == "permissions.py"


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module's top-level `NAME = "text"` assignments."""
    found: dict[str, str] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


# The translation functions a message is wrapped in (docs/i18n.md); the message is their
# last text argument (pgettext's first is a context, ngettext's second its plural).
GETTEXT_NAMES = frozenset(
    {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy", "ngettext", "ngettext_lazy"}
)


def _text(node: ast.expr, constants: dict[str, str]) -> str:
    """What a message expression says, as far as it can be read without running it: literal
    parts, f-string parts (a placeholder as `{}`), both branches of a conditional, the
    module's named constants, a translated text (`gettext("…") % {…}` reads as its text)."""
    if isinstance(node, ast.Call) and _called(node) in GETTEXT_NAMES:
        at = 1 if _called(node).startswith("pgettext") else 0
        return _text(node.args[at], constants) if len(node.args) > at else ""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _text(node.left, constants)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            _text(part, constants) if isinstance(part, ast.Constant) else "{}"
            for part in node.values
        )
    if isinstance(node, ast.IfExp):
        return f"{_text(node.body, constants)} | {_text(node.orelse, constants)}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text(node.left, constants) + _text(node.right, constants)
    if isinstance(node, ast.Name):
        return constants.get(node.id, "")
    return ""


def _called(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _is_permission_denied(call: ast.Call) -> bool:
    return _called(call) == "PermissionDenied"


def refusals(path: Path) -> Iterator[tuple[int, str]]:
    """(line, message) of every `PermissionDenied(...)` built in the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    constants = _constants(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_permission_denied(node):
            message = node.args[0] if node.args else None
            for keyword in node.keywords:
                if keyword.arg in ("message", "detail"):
                    message = keyword.value
            yield node.lineno, _text(message, constants) if message is not None else ""


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def worded_refusals() -> list[tuple[str, int, str]]:
    """(path, line, message) of every refusal that names who may act."""
    return [
        (path.relative_to(ROOT).as_posix(), line, message)
        for path in modules()
        for line, message in refusals(path)
        if WHO.search(message)
    ]


def test_refusals_naming_who_may_act_live_in_permissions_modules() -> None:
    outside = [
        f"{path}:{line}: {message!r}"
        for path, line, message in worded_refusals()
        if not is_permissions_module(Path(path))
    ]
    assert not outside, (
        "A refusal that names who may act is worded outside a permissions module; call the "
        "rule's function (arbiter/teams/permissions.py, or the app's services/permissions.py) "
        "instead:\n" + "\n".join(outside)
    )


def test_the_guard_reads_the_permissions_modules() -> None:
    """Not vacuous: the rules' own refusals are found, and read as naming who may act."""
    inside = {path for path, _, _ in worded_refusals() if is_permissions_module(Path(path))}
    assert {"arbiter/teams/permissions.py", "arbiter/teamswiss/services/permissions.py"} <= inside


def test_the_reader_sees_each_form_of_message(tmp_path: Path) -> None:
    module = tmp_path / "refuse.py"
    module.write_text(
        "TEXT = 'Only the leaders can.'\n"
        "def f(x):\n"
        "    raise PermissionDenied(TEXT)\n"
        "def g(x):\n"
        "    raise exceptions.PermissionDenied(f'Only the {x} arbiters can.')\n"
        "def h(x):\n"
        "    raise PermissionDenied('Only you.' if x else 'Only a captain.')\n"
        "def i(x):\n"
        "    raise PermissionDenied(message='Not yours.')\n"
        "def j(x):\n"
        "    raise PermissionDenied(gettext('Only the %(who)s leaders can.') % {'who': x})\n"
        "def k(x):\n"
        "    raise PermissionDenied(_('Only a captain.'))\n",
        encoding="utf-8",
    )
    found = [message for _, message in refusals(module)]
    assert found == [
        "Only the leaders can.",
        "Only the {} arbiters can.",
        "Only you. | Only a captain.",
        "Not yours.",
        "Only the %(who)s leaders can.",
        "Only a captain.",
    ]
    assert [bool(WHO.search(message)) for message in found] == [
        True,
        True,
        True,
        False,
        True,
        True,
    ]


def _refusal(call: Callable[[], None]) -> str:
    with pytest.raises(PermissionDenied) as refused:
        call()
    assert refused.value.status_code == 403
    return refused.value.message


def test_each_rule_words_its_refusals_as_clients_have_read_them() -> None:
    """The texts each path answered before the rules were gathered here (no query: the
    caller's answer, an anonymous user, or no host team)."""
    nobody = AnonymousUser()
    assert _refusal(
        lambda: event_arbiter_required(team_id=None, user=nobody, action="pause the clocks")
    ) == ("Only the event's arbiters can pause the clocks.")
    assert _refusal(
        lambda: event_arbiter_required(team_id=1, user=nobody, action="add time", as_arbiter=False)
    ) == ("Only the event's arbiters (its host team's leaders) can add time.")
    assert _refusal(
        lambda: event_arbiter_required(
            team_id=1, user=nobody, action="upload a round's games", wording="leaders"
        )
    ) == ("Only the event's leaders upload a round's games.")
    assert _refusal(
        lambda: event_arbiter_required(
            team_id=1, user=nobody, action="decides a forfeit", wording="an arbiter"
        )
    ) == ("Only an arbiter decides a forfeit.")
    event_arbiter_required(team_id=1, user=nobody, action="add time", as_arbiter=True)
    board = {"as_arbiter": False, "player_ids": (7, None), "user": nobody}
    assert _refusal(
        lambda: board_player_or_arbiter_required(**board, action="report it", wording="arbiters")
    ) == ("Only the board's players or the event's arbiters report it.")
    assert _refusal(
        lambda: board_player_or_arbiter_required(
            **board, action="enter its game", wording="event's leaders"
        )
    ) == ("Only the players of this board (or the event's leaders) enter its game.")
    assert _refusal(
        lambda: board_player_or_arbiter_required(
            **board, action="can report", wording="team's leaders"
        )
    ) == ("Only the players of this board (or the team's leaders) can report.")
    assert _refusal(
        lambda: captain_or_leader_required(
            captain_id=7, host_id=1, user=nobody, action="edit the team"
        )
    ) == ("Only the team's captain or the event's arbiters can edit the team.")
    assert _refusal(
        lambda: claimant_or_leader_required(
            claimant_id=7, team_id=1, user=nobody, action="remove a claim"
        )
    ) == ("Only the team's leaders or the claimant can remove a claim.")
    assert _refusal(
        lambda: team_leader_required(team_id=1, user=nobody, action="see the audit log")
    ) == ("Only the team's leaders can see the audit log.")
    assert _refusal(lambda: any_team_leader_required(user=nobody, tool="The TRF checker")) == (
        "The TRF checker is for team leaders (the arbiters of events)."
    )
