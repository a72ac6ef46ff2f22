"""A failing check says which part is down, not the exception's text (issue 13, defect 9):
the broker's address and the driver's message stay in the log, out of a public endpoint."""

import pytest

from config.celery_app import app

pytestmark = pytest.mark.django_db


def test_a_broker_that_cannot_be_reached_is_503_without_internal_text(api_client, caplog):
    previous = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        response = api_client.get("/api/health/")
    finally:
        app.conf.broker_url = previous
    assert response.status_code == 503
    broker = response.json()["task_broker"]
    assert broker["ok"] is False
    assert broker["error"] == "unavailable"
    assert "127.0.0.1" not in response.content.decode()
    assert any("task_broker" in record.getMessage() for record in caplog.records)
