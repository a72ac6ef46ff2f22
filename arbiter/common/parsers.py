"""The JSON parser of every API view."""

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class DepthSafeJSONParser(JSONParser):
    """A body nested deeper than Python's decoder recurses (`[[[[…`) is a 400, not a
    RecursionError and a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
