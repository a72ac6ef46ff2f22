"""Gzip sizes of a page's JavaScript in every interface language, from Vite's manifest: the
entry chunk, the page's lazy chunk, every chunk they import statically, and the page's message
catalogues in that language (`src/locales/<locale>/<catalogue>.po`, loaded beside the page's
code: frontend/src/lib/i18n/catalogs.ts). A page's figure is its largest language's.

    .venv/bin/python benchmarks/bundle_sizes.py     # both pages, after `make frontend`
    .venv/bin/python benchmarks/bundle_sizes.py /tmp/dist/manifest.json   # another build
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "frontend" / "dist" / "manifest.json"
ENTRY = "src/main.tsx"
LOCALES = ("en", "es", "fr", "de", "ru", "ar")
EVENT_ROUTE = "src/app/routes/swiss.tsx"
GAME_ROUTE = "src/app/routes/game.tsx"
# The catalogues each page waits for (frontend/src/app/router.tsx): `shell` at start, `event`
# with the event page (frontend/lingui.catalogs.ts).
CATALOGS = {EVENT_ROUTE: ("shell", "event"), GAME_ROUTE: ("shell",)}
EVENT_JS_KB, GAME_JS_KB = 200, 120


def gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def page_chunks(manifest: dict[str, Any], route: str) -> list[str]:
    """The entry, the page's lazy chunk, and every chunk they import statically."""
    lazy = manifest[ENTRY].get("dynamicImports", [])
    if route not in lazy:
        raise SystemExit(f"{route} is not among the entry's lazy chunks: {lazy}")
    chunks: list[str] = []
    pending = [ENTRY, route]
    while pending:
        key = pending.pop()
        if key in chunks:
            continue
        chunks.append(key)
        pending += manifest[key].get("imports", [])
    return chunks


def javascript_size(route: str, manifest_path: Path = MANIFEST) -> tuple[float, list[str]]:
    """The page's largest total over the languages, in kB, and a line per chunk/catalogue."""
    manifest = json.loads(manifest_path.read_text())
    folder = manifest_path.parent
    code = [
        (manifest[k]["file"], gzip_size(folder / manifest[k]["file"]))
        for k in page_chunks(manifest, route)
    ]
    code_total = sum(size for _, size in code)
    lines = [f"    {file}: {size / 1000:.1f} kB" for file, size in sorted(code)]
    totals: dict[str, int] = {}
    for locale in LOCALES:
        files = [manifest[f"src/locales/{locale}/{name}.po"]["file"] for name in CATALOGS[route]]
        catalog = sum(gzip_size(folder / file) for file in files)
        totals[locale] = code_total + catalog
        lines.append(
            f"    {locale}: catalogues {catalog / 1000:.1f} kB, page {totals[locale] / 1000:.1f} kB"
        )
    return max(totals.values()) / 1000, lines


def main() -> int:
    manifest = Path(sys.argv[1]) if len(sys.argv) > 1 else MANIFEST
    if not manifest.exists():
        print("no frontend bundle: run `make frontend` first", file=sys.stderr)
        return 2
    failed = False
    for name, route, budget in (
        ("event", EVENT_ROUTE, EVENT_JS_KB),
        ("game", GAME_ROUTE, GAME_JS_KB),
    ):
        size, lines = javascript_size(route, manifest)
        verdict = "PASS" if size <= budget else "FAIL"
        failed |= verdict == "FAIL"
        target = f"(target <= {budget} kB) {verdict}"
        print(f"{name} page JavaScript, gzipped, largest language: {size:.1f} kB {target}")
        print(*lines, sep="\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
