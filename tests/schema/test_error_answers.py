"""Error answers match the schema's one `Error` body: a method a path does not take (405, which
no operation can document), and field errors from nested input, which come back as flat
lists of strings per field."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import pytest
from rest_framework.test import APIClient

from tests.factories.users import UserFactory
from tests.schema.served import served_schema
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return served_schema()


def assert_error_body(schema: dict[str, Any], body: Any) -> None:
    wrapper = {"$ref": "#/components/schemas/Error", "components": schema["components"]}
    jsonschema.validate(body, wrapper)


def test_every_path_answers_an_undocumented_method_with_405_and_the_error_body(schema):
    client = APIClient()
    client.force_authenticate(UserFactory())  # else permissions answer first (401)
    for template, item in schema["paths"].items():
        path = re.sub(r"\{\w+\}", "1", template)  # an id, a slug or a name: all fit "1"
        method = next(m for m in METHODS if m not in item)
        response = getattr(client, method)(path)
        assert response.status_code == 405, (template, method, response.status_code)
        assert response["Content-Type"].startswith("application/json")
        assert response["Allow"], template
        if any("lichess" in operation.get("tags", ()) for operation in item.values()):
            # lichess's paths answer in lichess's error shape (docs/lichess-api.md).
            assert isinstance(response.json()["error"], str), template
        else:
            assert_error_body(schema, response.json())


def test_nested_field_errors_are_flat_lists_of_strings(schema):
    team, leader, _ = team_with_members(0)
    event = create_event(leader, team)
    base = f"/api/tournaments/swiss/{event['id']}"

    boards = client_of(leader).post(
        f"{base}/manual-pairings/", {"boards": [{"white": "someone"}]}, format="json"
    )
    assert boards.status_code == 400
    assert boards.json()["extra"]["fields"] == {"boards": ["0.black: This field is required."]}
    assert_error_body(schema, boards.json())

    too_long = {"tiebreak_order": ["BH", "x" * 17]}
    tiebreaks = client_of(leader).patch(f"{base}/", too_long, format="json")
    assert tiebreaks.status_code == 400
    assert tiebreaks.json()["extra"]["fields"] == {
        "tiebreak_order": ["1: Ensure this field has no more than 16 characters."]
    }
    assert tiebreaks.json()["message"].startswith("Invalid input: 1: Ensure")
    assert_error_body(schema, tiebreaks.json())
