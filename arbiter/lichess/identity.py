"""Identifiers as lichess shapes them: a user's `id` is the lowercased username everywhere
(Board clients find their colour by comparing it with `/api/account`'s), Swiss and game ids
are strings."""

from __future__ import annotations

from typing import Any

from arbiter.users.models import User


def user_id_of(username: str) -> str:
    return username.lower()


def light_user(user: User) -> dict[str, Any]:
    """lichess's LightUser: `id` and display `name` (no titles on Arbiter accounts)."""
    return {"id": user_id_of(user.username), "name": user.username}


def object_id(value: str) -> int | None:
    """An Arbiter integer id from a lichess path segment; None when it is not one (the view
    answers 404, as lichess does for an unknown id)."""
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 18 else None
