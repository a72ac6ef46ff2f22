"""The lichess paths in the OpenAPI schema: their token, the two answers every action shares
(`{"ok": true}`, `{"error": …}`), and a hook that documents their errors in lichess's shape
(the generator's own error answers are Arbiter's `{"message", "extra"}`)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from arbiter.common.schema import ERROR_MEANINGS, ApiTokenScheme, hook_schema


class LichessTokenScheme(ApiTokenScheme):
    """Arbiter's bearer token, refused in lichess's words."""

    target_class = "arbiter.lichess.http.LichessTokenAuthentication"
    name = "lichessToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            **super().get_security_definition(auto_schema),
            "description": "An Arbiter API token (`arb_…`), refused in lichess's words "
            '(401 `{"error":"No such token"}`); it holds every lichess scope.',
        }


@extend_schema_serializer(component_name="LichessOk")
class LichessOkSerializer(serializers.Serializer):
    ok = serializers.BooleanField()


STRING = {"type": "string"}


@extend_schema_field(
    {
        "oneOf": [
            STRING,
            {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        ]
    }
)
class _ErrorField(serializers.JSONField):
    pass


@extend_schema_serializer(component_name="LichessError")
class LichessErrorSerializer(serializers.Serializer):
    error = _ErrorField(
        help_text="lichess's text (`Not found`, `Wrong entry code`, …), or for refused "
        "fields `{field: [message, …]}` (dotted lichess names such as `clock.limit`)."
    )


# The generator's meanings are Arbiter's (a CSRF refusal, `extra.fields`): on these paths:
MEANINGS = {
    400: "Refused: bad input (`error` maps each field to its messages) or an action refused "
    "(`error` is lichess's text).",
    401: "`Missing authorization header`, or `No such token` (unknown, revoked or expired).",
    403: "Not allowed.",
    404: "`Not found` (or the Board API's `No such game` / `Not your game`).",
    405: "The path does not take this method.",
    429: "Too many requests (`Retry-After` tells when to retry).",
}


def _arbiter_shaped(response: dict[str, Any]) -> bool:
    content = response.get("content")
    if not content:
        return True
    return list(content) == ["application/json"] and content["application/json"].get(
        "schema", {}
    ).get("$ref", "").endswith("/Error")


def lichess_errors_hook(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Every 4xx answer of a `lichess` operation in lichess's error shape, the 413 of the
    body-size check too (common.views answers lichess's paths in their shape). An answer a
    view documents in another type (the TRF's `text/plain` 404) is left as it is."""
    error = hook_schema(generator, "/api/").resolve_serializer(LichessErrorSerializer, "response")
    for item in result["paths"].values():
        for operation in item.values():
            if "lichess" not in operation.get("tags", ()):
                continue
            for code, response in operation["responses"].items():
                if not code.startswith("4") or not _arbiter_shaped(response):
                    continue
                response["content"] = {"application/json": {"schema": error.ref}}
                generic = response.get("description", "") in ("", *ERROR_MEANINGS.values())
                if generic and int(code) in MEANINGS:
                    response["description"] = MEANINGS[int(code)]
    return result
