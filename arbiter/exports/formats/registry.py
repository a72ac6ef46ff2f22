"""The federations Arbiter exports to. A new one is a `FederationExport` subclass in its own
module, added here (docs/exports.md, "Adding a federation")."""

from __future__ import annotations

from typing import Final

from arbiter.exports.formats.base import FederationExport
from arbiter.exports.formats.national_trf import NationalTrfExport
from arbiter.exports.formats.uschess import UsChessExport

PLUGINS: Final[tuple[FederationExport, ...]] = (UsChessExport(), NationalTrfExport())
_BY_CODE: Final = {plugin.code: plugin for plugin in PLUGINS}
assert len(_BY_CODE) == len(PLUGINS), "two exports share a code"


def plugin_get(code: str) -> FederationExport | None:
    return _BY_CODE.get(code)
