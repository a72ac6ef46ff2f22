"""Mounted under an event's path: /api/tournaments/swiss/{id}/exports/ (arbiter/api/urls.py
includes them). Each federation has its data at `<code>/` and its file at
`<code>/download/`: paths of their own, so each is typed in the schema."""

from django.urls import path

from arbiter.exports import api
from arbiter.exports.formats.registry import PLUGINS

urlpatterns = [path("", api.ExportListApi.as_view(), name="list")]
for _plugin in PLUGINS:
    _data, _download = api.federation_views(_plugin)
    urlpatterns += [
        path(f"{_plugin.code}/", _data.as_view(), name=_plugin.code),
        path(f"{_plugin.code}/download/", _download.as_view(), name=f"{_plugin.code}-download"),
    ]
