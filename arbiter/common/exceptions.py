"""Domain refusals raised by services; the API's one exception handler turns them into HTTP
400 (or the given status) with the project's error shape `{"message", "extra"}`.

A message is text in the request's language (gettext where it is raised, docs/i18n.md): a
lazy one (a module's `gettext_lazy` constant) is made text when the refusal is made, so a
refusal is plain strings wherever it goes (JSON, a stored record)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext


class ApplicationError(Exception):
    status_code = 400

    def __init__(self, message: str | Promise, *, extra: dict[str, Any] | None = None) -> None:
        super().__init__(str(message))
        self.message = str(message)
        self.extra = extra or {}


class InvalidInput(ApplicationError, ValidationError):  # type: ignore[misc]  # both say `message`
    """Values a service refuses field by field. The API answers it in the shape of a refused
    serializer (`extra.fields`), whichever layer said no; and it is a Django ValidationError
    too, like the ones `full_clean()` raises, so a caller catches field refusals one way."""

    def __init__(self, fields: Mapping[str, Sequence[str | Promise]]) -> None:
        texts = {
            name: [_text(message) for message in messages] for name, messages in fields.items()
        }
        ValidationError.__init__(self, texts)
        first = next((messages[0] for messages in texts.values() if messages), None)
        self.message = invalid_input_message(first)
        self.extra = {"fields": texts}


def _text(message: Any) -> Any:
    """A lazy message as text now (a nested detail, as a row's, kept as it is)."""
    return str(message) if isinstance(message, Promise) else message


def invalid_input_message(first: str | None) -> str:
    """The message of a refused input, led by its first field message."""
    message = gettext("Invalid input.") if first is None else first
    return gettext("Invalid input: %(message)s") % {"message": message}


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
    return kind(record.get("message") or gettext("Refused."), extra=extra or None)
