"""Domain refusals raised by services; the API turns them into HTTP 400 (or the given status)."""

from typing import Any


class ApplicationError(Exception):
    status_code = 400

    def __init__(self, message: str, *, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class NotFound(ApplicationError):
    status_code = 404


class PermissionDenied(ApplicationError):
    status_code = 403


class ServiceUnavailable(ApplicationError):
    """A dependency (e.g. the pairing engine) failed; the action can be retried."""

    status_code = 503
