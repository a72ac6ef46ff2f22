"""Domain refusals raised by services; the API's one exception handler turns them into HTTP
400 (or the given status) with the project's error shape `{"message", "extra"}`."""

from typing import Any

from django.core.exceptions import ValidationError


class ApplicationError(Exception):
    status_code = 400

    def __init__(self, message: str, *, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class InvalidInput(ApplicationError, ValidationError):  # type: ignore[misc]  # both say `message`
    """Values a service refuses field by field. The API answers it in the shape of a refused
    serializer (`extra.fields`), whichever layer said no; and it is a Django ValidationError
    too, like the ones `full_clean()` raises, so a caller catches field refusals one way."""

    def __init__(self, fields: dict[str, list[str]]) -> None:
        ValidationError.__init__(self, fields)
        first = next((messages[0] for messages in fields.values() if messages), "Invalid input.")
        self.message = f"Invalid input: {first}"
        self.extra = {"fields": fields}


class NotFound(ApplicationError):
    status_code = 404


class PermissionDenied(ApplicationError):
    status_code = 403


class Conflict(ApplicationError):
    """The action does not fit the object's state (e.g. a report on a board played online)."""

    status_code = 409


class ServiceUnavailable(ApplicationError):
    """A dependency (e.g. the pairing engine) failed; the action can be retried."""

    status_code = 503
