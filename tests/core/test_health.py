import pytest

pytestmark = pytest.mark.django_db


def test_health_reports_every_part_ok(api_client):
    response = api_client.get("/api/health/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["ok"] is True
    assert {"database", "channel_layer", "task_broker"} <= body.keys()
    assert all(body[part]["ok"] for part in ("database", "channel_layer", "task_broker"))
