"""OpenAPI generation tweaks for our conventions."""

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema


class AutoSchema(SpectacularAutoSchema):
    """Names nested `<View>.InputSerializer` components after their view.

    Every view nests serializers called InputSerializer / OutputSerializer (HackSoft style);
    without this they would all collide as "Input" / "Output" in the schema.
    """

    def get_serializer_name(self, serializer: Any, direction: Any) -> str:
        name = super().get_serializer_name(serializer, direction)
        qualname = type(serializer).__qualname__
        if "." in qualname:
            outer, inner = qualname.rsplit(".", 1)
            inner = inner.removesuffix("Serializer")
            name = outer.replace(".", "") + inner
        return name


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "arbiter.users.authentication.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "Personal API token (`arb_…`) created at /api/auth/tokens/.",
        }
