"""The OpenAPI schema as /api/schema/ serves it, as plain JSON data."""

from __future__ import annotations

import json
from typing import Any

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer


def served_schema() -> dict[str, Any]:
    raw = SchemaGenerator().get_schema(request=None, public=True)
    return dict(json.loads(OpenApiJsonRenderer().render(raw)))
