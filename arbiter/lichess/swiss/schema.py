"""The lichess views' token in the OpenAPI schema: Arbiter's bearer token (their
authentication is Arbiter's, with lichess's refusal texts). Imported by the URLconf."""

from __future__ import annotations

from arbiter.common.schema import ApiTokenScheme


class LichessTokenScheme(ApiTokenScheme):
    target_class = "arbiter.lichess.http.LichessTokenAuthentication"
    name = "lichessToken"
