"""OpenAPI generation tweaks for our conventions: component names, and the error answers
every operation can give, documented once here rather than on each view."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")

# What each error status means anywhere in the API. A view documents a status itself (with a
# narrower description) only where its meaning is particular to it.
ERROR_MEANINGS = {
    400: "Bad input (`extra.fields` maps each refused field to its messages) or a refused "
    "action (see `message`).",
    401: "Not authenticated, or the API token is unknown, revoked or expired.",
    403: "Authenticated but not allowed (or a session request without its CSRF token).",
    404: "No such object, or no such page of a list.",
    405: "The path does not take this method (the `Allow` header lists those it takes).",
    409: "The action does not fit the object's current state.",
    413: "The request body is too large.",
    429: "Too many requests: retry after the seconds in the `Retry-After` header.",
}


class ErrorExtraSerializer(serializers.Serializer):
    # A field called "fields": DRF's metaclass takes it out of the class, so the serializer's
    # own `fields` property still works; mypy only sees the names clash.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Per refused field, its messages (a nested value's path leads each "
        "message: `2.white: …`); `non_field_errors` for the input as a whole.",
    )


@extend_schema_serializer(component_name="Error")
class ErrorSerializer(serializers.Serializer):
    """The one error shape of the API: `{"message", "extra"}`. `extra` may carry other
    details of a refusal besides `fields` (e.g. `banned_until`)."""

    message = serializers.CharField()
    extra = ErrorExtraSerializer()


class AutoSchema(SpectacularAutoSchema):
    def get_serializer_name(self, serializer: Any, direction: Any) -> str:
        """Names nested `<View>.InputSerializer` components after their view.

        Every view nests serializers called InputSerializer / OutputSerializer (HackSoft
        style); without this they would all collide as "Input" / "Output" in the schema.
        """
        name = super().get_serializer_name(serializer, direction)
        qualname = type(serializer).__qualname__
        if "." in qualname:
            outer, inner = qualname.rsplit(".", 1)
            inner = inner.removesuffix("Serializer")
            name = outer.replace(".", "") + inner
        return name

    def get_paginated_name(self, serializer_name: str) -> str:
        return f"{serializer_name.removesuffix('Output')}Page"

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        """The error answers the request's path through the stack can give, each with the
        error body: a client generated from the schema knows every status it may get."""
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses = operation["responses"]
        for code in self._error_statuses(operation):
            responses.setdefault(str(code), {"description": ERROR_MEANINGS[code]})
        error = self.resolve_serializer(ErrorSerializer, "response").ref
        for code, response in responses.items():
            if code.startswith("4") and "content" not in response:
                response["content"] = {"application/json": {"schema": error}}
        return operation

    def _error_statuses(self, operation: dict[str, Any]) -> list[int]:
        unsafe = self.method in UNSAFE_METHODS
        parameters = operation.get("parameters", [])
        codes = []
        # A body is parsed and validated (a malformed one is a 400), and so is a query string.
        if unsafe or any(p["in"] == "query" for p in parameters):
            codes.append(400)
        # An Authorization header that names no valid token is refused on every view that
        # authenticates, whatever its permissions.
        if self.view.get_authenticators():
            codes.append(401)
        if unsafe:  # permissions, and the CSRF check of session-authenticated writes
            codes += [403, 413]
        # An unknown object in the path, or a page past the end of a list.
        if any(p["in"] == "path" for p in parameters) or self._is_paginated(parameters):
            codes.append(404)
        # A view's own throttle, or one its service counts (`service_throttle`: its scope).
        by_service: str | None = getattr(self.view, "service_throttle", None)
        if self.view.get_throttles() or (unsafe and by_service):
            codes.append(429)
        return codes

    def _is_paginated(self, parameters: list[dict[str, Any]]) -> bool:
        return any(p["in"] == "query" and p["name"] == "page" for p in parameters)


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "arbiter.users.authentication.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "Personal API token (`arb_…`) created at /api/auth/tokens/.",
        }


# Socket messages (`{"event", "payload"}`) are no endpoint's answer, yet the browser reads
# them: each app declares its messages as serializers (`message`), settings name them
# (`ARBITER_SOCKET_MESSAGES`), and `socket_messages_hook` adds them to the schema's components
# with one union per socket, so that the TypeScript types are generated like the REST ones.


def message(event: str, payload: Any, name: str) -> type[serializers.Serializer]:
    """A socket message: `event` (this string only) and its `payload` serializer."""

    @extend_schema_field({"type": "string", "enum": [event]})
    class EventName(serializers.CharField):
        pass

    fields = {"event": EventName(), "payload": payload, "__module__": __name__}
    serializer = type(name, (serializers.Serializer,), fields)
    serializer.event_name = event  # type: ignore[attr-defined]
    return extend_schema_serializer(component_name=name)(serializer)


def hook_schema(generator: Any, path: str) -> AutoSchema:
    """An AutoSchema for a postprocessing hook, which resolves serializers into the
    generator's components as a view's schema would (for what no DRF view serves)."""
    from rest_framework.views import APIView

    schema = AutoSchema()
    schema.registry = generator.registry
    schema.method, schema.path, schema.path_regex = "GET", path, path
    schema.view = APIView()
    schema.view.request = None  # type: ignore[assignment]  # read for a serializer context
    return schema


def socket_messages_hook(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    from django.conf import settings
    from django.utils.module_loading import import_string

    schema = hook_schema(generator, "/ws/")
    unions = {}
    # An app may add messages to another's socket (games' `arbiter_call` on `/ws/me/`).
    known: dict[str, dict[str, Any]] = {}
    for dotted in settings.ARBITER_SOCKET_MESSAGES:
        for union, messages in import_string(dotted).items():
            refs = known.setdefault(union, {})
            refs.update(
                {m.event_name: schema.resolve_serializer(m, "response").ref for m in messages}
            )
            unions[union] = {
                "oneOf": list(refs.values()),
                "discriminator": {
                    "propertyName": "event",
                    "mapping": {event: ref["$ref"] for event, ref in refs.items()},
                },
            }
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components.update(generator.registry.build({}).get("schemas", {}))
    components.update(unions)
    result["components"]["schemas"] = dict(sorted(components.items()))
    return result


@extend_schema_serializer(component_name="SocketErrorPayload")
class SocketErrorSerializer(serializers.Serializer):
    """A refused frame, on any socket: the REST error's status, message and extra."""

    status = serializers.IntegerField()
    message = serializers.CharField()
    extra = serializers.DictField()


SocketErrorMessage = message("error", SocketErrorSerializer(), "SocketErrorMessage")


class VersionPayload(serializers.Serializer):
    """An event's read version (its pages' `Arbiter-Version`)."""

    version = serializers.IntegerField()


# `?frames=ping` sockets (docs/live.md, "Reads"): the event's pages have a newer version
# (`reload`, at most one a second), or the frames missed since `?since=` are no longer kept
# (`resync`: refetch everything). The same two on every event socket.
ReloadMessage = message("reload", VersionPayload(), "ReloadMessage")
ResyncMessage = message("resync", VersionPayload(), "ResyncMessage")
