"""What the API fuzz of `make test` (tests/schema/test_openapi_fuzz.py) and the full-length run
(scripts/fuzz-api.py) share: the schema, the checks, the request strategies."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.schema.served import served_schema
from tests.schema.world import World, steered, steered_body


def no_server_error(ctx: Any, response: Any, case: Any) -> bool | None:
    """Schemathesis' `not_a_server_error`, except for a 503 the operation documents: that is
    an answer ("unavailable, retry"), as health gives while no worker runs in the test."""
    documented = case.operation.definition.raw["responses"]
    if response.status_code == 503 and "503" in documented:
        return None
    return not_a_server_error(ctx, response, case)


CHECKS = [
    no_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def fuzzed_schema(world: dict[str, World]) -> Any:
    """The served schema, loaded by schemathesis, with path parameters and body fields steered
    to `world["world"]` (read when each case is drawn: the world may be built later)."""
    schema = schemathesis.openapi.from_dict(served_schema())

    @schema.hook("flatmap_path_parameters")
    def _known_objects(context: Any, path_parameters: dict[str, Any]) -> Any:
        return steered(world["world"], path_parameters)

    @schema.hook("flatmap_body")
    def _known_values(context: Any, body: Any) -> Any:
        return steered_body(world["world"], body)

    return schema


def media_types(operation: Any) -> list[str | None]:
    """The request body's media types the operation documents (JSON, and multipart where a
    file may be uploaded); [None] without a body. lichess's paths read every encoding into the
    same fields (tests/lichess/swiss/test_forms.py): they are fuzzed with JSON only."""
    types = list(operation.get_request_payload_content_types()) or [None]
    if "lichess" in operation.definition.raw.get("tags", ()):
        return types[:1]
    return types


def cases(operation: Any, media_type: str | None = None) -> st.SearchStrategy[Any]:
    """Valid requests, and requests the schema says are invalid (wrong types, missing
    fields), with a body of `media_type` (None: any the operation documents)."""
    return st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE, media_type=media_type),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE, media_type=media_type),
    )


def credentials(world: World) -> st.SearchStrategy[dict[str, str]]:
    """Mostly the leader's API token; sometimes none, sometimes a token that is no token."""
    return st.sampled_from(
        [{"Authorization": f"Bearer {world.token}"}] * 8
        + [{}, {"Authorization": "Bearer arb_unknown_token"}]
    )


def operation_id(operation: Any) -> str:
    return str(operation.definition.raw["operationId"])


def operation_media_types(operations: list[Any]) -> list[tuple[Any, str | None]]:
    """Each operation with each of its body's media types: an operation taking JSON and
    multipart (file uploads) is fuzzed with both."""
    return [(operation, media) for operation in operations for media in media_types(operation)]


def operation_media_id(pair: tuple[Any, str | None]) -> str:
    operation, media = pair
    suffix = "" if media in (None, "application/json") else f"[{media}]"
    return operation_id(operation) + suffix
