"""The JSON parser of every API view, and the multipart parser of the views that take files."""

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, MultiPartParser


class DepthSafeJSONParser(JSONParser):
    """A body nested deeper than Python's decoder recurses (`[[[[…`) is a 400, not a
    RecursionError and a 500. So is a string holding a lone surrogate (`"\\ud800"`): JSON
    escapes allow it, but it is no character, and nothing can store or even answer it (the
    UTF-8 encoding of any text that echoes it fails)."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None
        try:
            json.dumps(data, ensure_ascii=False).encode()
        except UnicodeEncodeError:
            raise ParseError(
                "JSON parse error - a string holds a lone surrogate (such as \\ud800), "
                "which is no character."
            ) from None
        return data


class LimitedMultiPartParser(MultiPartParser):
    """Multipart bodies (a browser's file upload) under the same size limit as a JSON body:
    Django's DATA_UPLOAD_MAX_MEMORY_SIZE counts a multipart body's fields but not its files,
    so a declared length over it is refused (413) before anything is read. A body without a
    length is checked by the view, on the file's size."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and length and str(length).isdigit() and int(length) > limit:
            raise RequestDataTooBig("The request body is too large.")
        return super().parse(stream, media_type, parser_context)
