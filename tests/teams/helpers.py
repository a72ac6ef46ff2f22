from typing import Any


def assert_error(response: Any, status: int) -> dict[str, Any]:
    """The response has this status and the project's error shape; returns the body."""
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"message", "extra"}, body
    assert isinstance(body["message"], str)
    assert body["message"]
    assert isinstance(body["extra"], dict)
    return body
