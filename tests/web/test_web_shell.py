"""The browser app's shell: served at every app path, never at /api/, /admin/, /static/, /ws/.

tests/web/ has no __init__.py: a package named tests.web would hide the tests/web.py helpers.
"""

from __future__ import annotations

import gzip
import json
import os
import threading
from pathlib import Path

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

ENTRY_JS = "assets/main-AbCd1234.js"
ENTRY_CSS = "assets/main-EfGh5678.css"


def vite_settings(manifest: Path) -> dict[str, object]:
    return {"default": {"dev_mode": False, "manifest_path": manifest}}


@pytest.fixture
def built_bundle(tmp_path: Path):
    """A manifest as `vite build` writes it, with its entry and the entry's stylesheet."""
    manifest = tmp_path / "manifest.json"
    manifest.write_text(
        json.dumps(
            {
                "src/main.tsx": {
                    "file": ENTRY_JS,
                    "src": "src/main.tsx",
                    "isEntry": True,
                    "css": [ENTRY_CSS],
                }
            }
        )
    )
    with override_settings(DJANGO_VITE=vite_settings(manifest)):
        yield manifest


@pytest.mark.parametrize("path", ["/", "/login", "/swiss/12", "/teams/rooks/", "/no/such/page"])
def test_app_paths_answer_the_shell_with_the_entry_and_its_css(client, built_bundle, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<div id="root"></div>' in html
    assert f'<script type="module" crossorigin="" src="/static/{ENTRY_JS}"></script>' in html
    assert f'href="/static/{ENTRY_CSS}"' in html


def test_a_rebuilt_manifest_is_picked_up_without_a_restart(client, built_bundle):
    assert client.get("/").status_code == 200
    manifest = json.loads(built_bundle.read_text())
    manifest["src/main.tsx"]["file"] = "assets/main-Zz998877.js"
    built_bundle.write_text(json.dumps(manifest))
    stat = built_bundle.stat()
    os.utime(built_bundle, (stat.st_atime, stat.st_mtime + 5))
    assert "/static/assets/main-Zz998877.js" in client.get("/").content.decode()


def test_without_a_bundle_app_paths_answer_503_saying_what_to_run(client, tmp_path):
    with override_settings(DJANGO_VITE=vite_settings(tmp_path / "missing.json")):
        response = client.get("/swiss/3")
    assert response.status_code == 503
    html = response.content.decode()
    assert "make run" in html and "Traceback" not in html


def test_a_manifest_without_the_entry_is_a_503_not_a_500(client, tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"src/other.tsx": {"file": "assets/other-AbCd1234.js"}}))
    with override_settings(DJANGO_VITE=vite_settings(manifest)):
        response = client.get("/")
    assert response.status_code == 503
    assert "make run" in response.content.decode()


def test_unknown_api_paths_keep_the_json_404(client, built_bundle):
    response = client.get("/api/no-such-endpoint/")
    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "extra": {}}


@pytest.mark.parametrize(
    "path",
    [
        "/static/no-such-file.js",
        "/ws/nothing/",
    ],
)
def test_static_and_socket_paths_are_not_the_app(client, built_bundle, path):
    response = client.get(path)
    assert response.status_code == 404
    assert '<div id="root">' not in response.content.decode()


def test_admin_stays_django_admin(client, built_bundle):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_the_shell_refuses_writes(client, built_bundle):
    assert client.post("/swiss/1").status_code == 405


def test_built_assets_are_served_compressed_and_cached_for_good(tmp_path):
    """WhiteNoise serves the bundle straight from its folder (no collectstatic), the .gz copy
    to browsers that take it, and hashed asset names with a far-future immutable lifetime."""
    assets = tmp_path / "assets"
    assets.mkdir()
    script = b"console.log('arbiter');\n" * 50
    (assets / "main-AbCd1234.js").write_bytes(script)
    (assets / "main-AbCd1234.js.gz").write_bytes(gzip.compress(script))
    with override_settings(STATICFILES_DIRS=[tmp_path]):
        client = Client()  # a new handler: WhiteNoise reads the folders when it starts
        plain = client.get("/static/assets/main-AbCd1234.js")
        zipped = client.get("/static/assets/main-AbCd1234.js", HTTP_ACCEPT_ENCODING="gzip")
    assert plain.status_code == zipped.status_code == 200
    assert b"".join(plain.streaming_content) == script
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(b"".join(zipped.streaming_content)) == script
    assert "immutable" in plain["Cache-Control"]


def test_readers_never_meet_a_loader_being_rebuilt(built_bundle):
    """A fresh process's first concurrent page loads, and every load after a rebuild, find
    django-vite's loader whole: one thread sees a new manifest and rebuilds the loader while
    others render the entry. The loader used to be reset to None and filled after it was
    published, so a reader in between got `DjangoViteConfigNotFoundError` (a 500; 3 of 2,673
    page loads of a cold burst on the production topology)."""
    from django_vite.core.asset_loader import DjangoViteAssetLoader

    from arbiter.web.bundle import ENTRY, bundle_ready

    stop = threading.Event()
    errors: list[BaseException] = []

    def read() -> None:
        while not stop.is_set():
            try:
                assert ENTRY_JS in DjangoViteAssetLoader.instance().generate_vite_asset(ENTRY)
            except BaseException as error:  # what a page load would have answered 500 for
                errors.append(error)
                return

    assert bundle_ready()  # this test's manifest, not one an earlier test left loaded
    readers = [threading.Thread(target=read) for _ in range(4)]
    for reader in readers:
        reader.start()
    try:
        stat = built_bundle.stat()
        for step in range(300):  # each step a new build: the loader is rebuilt each time
            os.utime(built_bundle, (stat.st_atime, stat.st_mtime + step + 1))
            assert bundle_ready()
            if errors:
                break
    finally:
        stop.set()
        for reader in readers:
            reader.join()
    assert errors == []


@pytest.mark.parametrize(
    "path",
    [
        "/swiss/abc.ics",
        "/swiss/%C3%9D.ics/",
        "/@/someone/x.ics",
        "/swiss/abc.pgn",
        "/swiss/1/round/x.pgn",
    ],
)
def test_feed_like_paths_no_feed_matched_are_the_feeds_json_404(client, built_bundle, path):
    """The browser app has no page ending in a feed's suffix: a JSON 404 as the feeds answer,
    not the app's shell (nor a redirect to the same path with a slash)."""
    response = client.get(path)
    assert response.status_code == 404
    body = response.json()
    assert body.keys() == {"message", "extra"} and body["message"], body
