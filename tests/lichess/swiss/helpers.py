"""For the lichess-path tests: calls made as berserk makes them (a Bearer token, no session,
JSON bodies with nulls)."""

from __future__ import annotations

import json
from typing import Any

from rest_framework.test import APIClient

from arbiter.users.models import User
from arbiter.users.services import api_token_create


def bearer_client(user: User) -> APIClient:
    _, token = api_token_create(user=user, name="lichess")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def post_json(client: APIClient, path: str, body: dict[str, Any] | None = None) -> Any:
    """A POST as berserk sends it: JSON with every optional argument present as null."""
    if body is None:
        return client.post(path)
    return client.post(path, data=json.dumps(body), content_type="application/json")


def ndjson(response: Any) -> list[dict[str, Any]]:
    text = response.content.decode()
    assert "\n\n" not in text
    return [json.loads(line) for line in text.splitlines()]
