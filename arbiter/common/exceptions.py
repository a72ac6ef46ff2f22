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


# The refusals a request may decide for another (the group commit's turn holder decides every
# waiting result): stored by kind, raised again as the same exception by the request it is for.
_REFUSAL_KINDS: dict[str, type[ApplicationError]] = {
    kind.__name__: kind for kind in (ApplicationError, NotFound, PermissionDenied, Conflict)
}


def refusal_record(exc: ApplicationError) -> dict[str, Any]:
    """A refusal as JSON: its kind, message and extra."""
    return {"kind": type(exc).__name__, "message": exc.message, "extra": exc.extra}


def refusal_raised(record: dict[str, Any]) -> ApplicationError:
    """The exception a `refusal_record` stands for (a field refusal as `InvalidInput`)."""
    extra = record.get("extra") or {}
    if record.get("kind") == InvalidInput.__name__:
        return InvalidInput(extra.get("fields") or {})
    kind = _REFUSAL_KINDS.get(record.get("kind", ""), ApplicationError)
    return kind(record.get("message", "Refused."), extra=extra or None)
