"""Schemathesis over every operation of the served OpenAPI schema, through the whole Django
stack (middleware, authentication, views, services) on the real test database: no answer is
a 5xx, and every answer's status, content type and body are ones the schema documents.

The world (tests/schema/world.py) is built once; each operation then runs inside a savepoint
that is rolled back, so every operation starts from the same world and the run stays short.
Most requests carry the world's leader's API token; some none, some a token that is no
token. Effects registered with `on_commit` run after each
request, as they would after a real commit."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, given, seed, settings

from tests.schema.fuzz import (
    CHECKS,
    cases,
    credentials,
    fuzzed_schema,
    operation_media_id,
    operation_media_types,
)
from tests.schema.world import World, world_build

# Per operation: the whole file stays near a minute. More for a longer local run.
EXAMPLES = int(os.environ.get("ARBITER_FUZZ_EXAMPLES", "25"))

_current: dict[str, World] = {}
SCHEMA = fuzzed_schema(_current)
SCHEMA.app = get_wsgi_application()
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
# Multipart bodies (the file uploads of /registered/ and /import-trf/) are cases of their own.
OPERATION_MEDIA = operation_media_types(OPERATIONS)


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Iterator[World]:
    """Built once in a transaction that is rolled back at the end: nothing is committed."""
    with django_db_blocker.unblock(), transaction.atomic():
        _current["world"] = world_build()
        yield _current["world"]
        transaction.set_rollback(True)


@contextmanager
def _connection_kept() -> Iterator[None]:
    """The WSGI handler closes the database connection around each request when it is not in
    autocommit, as a server must; here that connection holds the test's transaction, so (like
    Django's test client) the handler is told not to."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in signals:
            signal.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.parametrize("operation_media", OPERATION_MEDIA, ids=operation_media_id)
def test_operation_answers_as_documented(
    operation_media: tuple[Any, str | None], world: World, django_capture_on_commit_callbacks: Any
) -> None:
    operation, media_type = operation_media

    @seed(20261123)
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases(operation, media_type), auth=credentials(world))
    def run(case: Any, auth: dict[str, str]) -> None:
        with _connection_kept(), django_capture_on_commit_callbacks(execute=True):
            response = case.call(headers=auth)
        case.validate_response(response, checks=CHECKS, headers=auth)

    run()


def test_the_multipart_uploads_are_fuzzed() -> None:
    """The operations that take a file are documented with a multipart body, and each is
    fuzzed with it (issue 25: /registered/ and /import-trf/ answered 415 to the browser's
    uploads)."""
    multipart = sorted(
        operation_media_id(pair) for pair in OPERATION_MEDIA if pair[1] == "multipart/form-data"
    )
    assert multipart == [
        "team_swiss_import_create[multipart/form-data]",
        "tools_trf_check_create[multipart/form-data]",
        "tournaments_swiss_import_trf_create[multipart/form-data]",
        "tournaments_swiss_registered_create[multipart/form-data]",
    ]
