"""Hostile request bodies (issue 13, defect 9) get the JSON error shape and a 400, never a
500 or an HTML page: JSON nested deeper than the parser recurses, and a body over Django's
size limit."""

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_deeply_nested_json_is_a_400():
    body = "[" * 100_000 + "]" * 100_000
    response = APIClient().post("/api/auth/login/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"]
    assert set(response.json()) == {"message", "extra"}


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_size_limit_is_a_json_400():
    body = '{"username": "' + "x" * 5000 + '", "password": "y"}'
    response = APIClient().post("/api/auth/login/", body, content_type="application/json")
    assert response.status_code == 413
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["message"]
