"""Pages kept for every reader (arbiter.common.page_cache) hold no translated text: one render
serves every language, so the cache and the page shortcut never need a language in their keys
(docs/i18n.md, "Cached pages"). Should a page ever carry text, the test says which."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
from rest_framework.test import APIClient

from arbiter.common import page_cache, page_shortcut
from tests.common.page_paths import swiss_paths, team_paths
from tests.factories.events import event_with_round
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _rendered_in(language: str, path: str) -> tuple[int, bytes, str]:
    """The page as rendered afresh for a reader of `language` (nothing kept from before)."""
    page_cache.local_pages.clear()
    cache.clear()
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    answer = client.get(path)
    assert answer["Content-Language"] == language, path
    return answer.status_code, answer.content, answer.get("ETag", "")


def test_every_shared_page_is_the_same_in_every_language() -> None:
    individual = event_with_round(8, rounds=1)
    team = event_with_teams(teams=4)
    round_stored(team, pairs=[(0, 1), (2, 3)])
    codes = [code for code, _name in settings.LANGUAGES]
    for path in swiss_paths(individual.event.id) + team_paths(team.event.id):
        english = _rendered_in("en", path)
        assert english[0] == 200, (path, english[1][:300])
        for language in codes[1:]:
            assert _rendered_in(language, path) == english, (
                f"{path} differs in {language}: a page kept for every reader holds translated "
                "text; keep codes in it (the browser app words them), or key the page by "
                "language (docs/i18n.md)"
            )


def test_the_shortcut_keys_by_the_language_cookie_and_accept_language() -> None:
    """The shortcut replays Django's headers (`Content-Language` among them) only to a request
    that chose the language the same way."""

    def key(*headers: tuple[bytes, bytes]) -> str | None:
        scope = {"method": "GET", "path": "/api/tournaments/swiss/1/", "query_string": b""}
        return page_shortcut._entry_key(scope, list(headers))

    plain = key()
    french = key((b"cookie", b"csrftoken=a; arbiter_language=fr"))
    assert len({plain, french, key((b"cookie", b"arbiter_language=de"))}) == 3
    assert key((b"cookie", b"csrftoken=b; arbiter_language=fr")) == french  # other cookies: no
    assert key((b"accept-language", b"fr")) not in (plain, french)
