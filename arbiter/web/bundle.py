"""Whether the frontend bundle (Vite's manifest) is there, and django-vite kept in step with it.

django-vite parses the manifest once per process: the manifest's path and modification time
are remembered, and its loader is rebuilt when they change, so that the shell always names the
files of the current build. (WhiteNoise learns of new files by itself only with DEBUG on; with
DEBUG off, restart the server after a rebuild, as `make run` does.)
"""

from __future__ import annotations

import threading
from pathlib import Path

from django.conf import settings
from django_vite.core.asset_loader import DjangoViteAssetLoader

ENTRY = "src/main.tsx"

_loaded_from: tuple[str, float] | None = None
_rebuilding = threading.Lock()


class _LoaderBuilt(DjangoViteAssetLoader):
    """django-vite's `instance()` publishes its singleton on the class before filling it, so
    a request rendering meanwhile finds no app in it (`DjangoViteConfigNotFoundError`, a 500:
    3 of 2,673 page loads of a fresh process's first burst). Built on this subclass, the new
    loader fills `_LoaderBuilt._instance` instead, and is put in django-vite's place whole:
    readers see the old loader or the new one, never one half made."""

    _instance = None


def manifest_path() -> Path:
    return Path(str(settings.DJANGO_VITE["default"]["manifest_path"]))


def bundle_ready() -> bool:
    """True when the manifest exists and django-vite has parsed this version of it."""
    global _loaded_from
    path = manifest_path()
    try:
        version = (str(path), path.stat().st_mtime)
    except FileNotFoundError:
        return False
    if version != _loaded_from:
        with _rebuilding:  # one rebuild per new manifest, however many requests see it
            if version != _loaded_from:
                _LoaderBuilt._instance = None
                DjangoViteAssetLoader._instance = _LoaderBuilt.instance()
                _loaded_from = version
    return True
