from typing import Any

from rest_framework.pagination import PageNumberPagination


class DefaultPagination(PageNumberPagination):
    """`?page=` (1-based; past the end is a 404) and `?page_size=` (at most 200)."""

    page_size = 50
    page_size_query_param = "page_size"
    page_query_description = "1-based page number; one past the last page is a 404."
    page_size_query_description = "Items per page (default 50; more than 200 gives 200)."
    max_page_size = 200

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The page envelope as the server sends it: all four keys, always."""
        page = super().get_paginated_response_schema(schema)
        page["required"] = ["count", "next", "previous", "results"]
        return page

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1  # a page_size below 1 gives the default size
        return parameters
