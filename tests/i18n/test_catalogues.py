"""The backend's catalogues (scripts/i18n_backend.py, docs/i18n.md "Backend").

`test_i18n_backend_check_passes_translations_complete` runs the script's `check`: it fails
until the translators have filled every catalogue (es, fr, de, ru, ar), which is expected
while they work; it stays, so that a message added later without its translations is seen.
The other tests keep the check itself honest on catalogues made for them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "scripts" / "i18n_backend.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_backend", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_i18n_backend_check_passes_translations_complete() -> None:
    """The .pot is what extraction gives now, and every catalogue translates all of it:
    nothing empty or fuzzy, the same placeholders, the right number of plural forms."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr


def test_the_catalogue_languages_are_the_settings() -> None:
    codes = [code for code, _name in settings.LANGUAGES]
    assert codes[0] == settings.LANGUAGE_CODE == "en"
    assert _script().languages() == codes[1:] == ["es", "fr", "de", "ru", "ar"]
    for language in codes[1:]:
        assert (ROOT / "arbiter" / "locale" / language / "LC_MESSAGES" / "django.po").exists()


def test_extraction_reads_every_keyword_and_skips_migrations(tmp_path: Path) -> None:
    script = _script()
    source = tmp_path / "arbiter"
    (source / "app" / "migrations").mkdir(parents=True)
    (source / "app" / "rules.py").write_text(
        "from django.utils.translation import gettext, gettext_lazy as _, ngettext, pgettext\n"
        "A = _('lazy text')\n"
        "def f(n):\n"
        "    # Translators: a note\n"
        "    gettext('plain text')\n"
        "    ngettext('%(count)s game', '%(count)s games', n)\n"
        "    pgettext('board', 'Draw')\n",
        encoding="utf-8",
    )
    (source / "app" / "migrations" / "0001_initial.py").write_text("_('old text')\n")
    script.ROOT, script.SOURCES = tmp_path, ("arbiter",)
    catalog = script.extracted()
    found = {(m.context, m.id) for m in catalog if m.id}
    assert found == {
        (None, "lazy text"),
        (None, "plain text"),
        (None, ("%(count)s game", "%(count)s games")),
        ("board", "Draw"),
    }
    assert catalog.get("plain text").auto_comments == ["a note"]


def _catalogue(tmp_path: Path, language: str, entries: list[tuple[object, object, bool]]) -> None:
    catalog = Catalog(locale=language)
    for msgid, msgstr, fuzzy in entries:
        catalog.add(msgid, msgstr, flags=["fuzzy"] if fuzzy else [])
    path = tmp_path / language / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as f:
        write_po(f, catalog)


@pytest.mark.parametrize(
    ("msgid", "msgstr", "fuzzy", "problem"),
    [
        ("Hello %(name)s.", "Hallo %(name)s.", False, None),
        ("Hello %(name)s.", "", False, "untranslated"),
        ("Hello %(name)s.", "Hallo %(name)s.", True, "fuzzy"),
        ("Hello %(name)s.", "Hallo.", False, "placeholders"),
        ("Hello %(name)s.", "Hallo %(nom)s.", False, "placeholders"),
        ("Hello %s.", "Hallo.", False, "positional"),
        ("See {link}.", "Siehe {verweis}.", False, "placeholders"),
        (
            ("%(count)s game", "%(count)s games"),
            ("%(count)s Partie", "%(count)s Partien"),
            False,
            None,
        ),
        (("%(count)s game", "%(count)s games"), ("%(count)s Partie", ""), False, "untranslated"),
        (("%(count)s game", "%(count)s games"), ("eine Partie", "Partien"), False, "no form says"),
    ],
)
def test_the_check_finds_each_problem(
    tmp_path: Path, msgid: object, msgstr: object, fuzzy: bool, problem: str | None
) -> None:
    script = _script()
    script.LOCALE, script.ROOT = tmp_path, tmp_path
    template = Catalog()
    template.add(msgid)
    _catalogue(tmp_path, "de", [(msgid, msgstr, fuzzy)])
    found = list(script._catalogue_problems("de", template))
    if problem is None:
        assert found == []
    else:
        assert any(problem in line for line in found), found


# German has two forms (CLDR, as Babel knows it): one and other.
PLURAL_DE = """msgid ""
msgstr ""
"Language: de\\n"
"Plural-Forms: nplurals={forms}; plural=(n != 1);\\n"

msgid "%(count)s game"
msgid_plural "%(count)s games"
{translations}
"""


@pytest.mark.parametrize(
    ("forms", "translations", "problem"),
    [
        (2, 'msgstr[0] "%(count)s Partie"\nmsgstr[1] "%(count)s Partien"', None),
        (2, 'msgstr[0] "%(count)s Partie"', "untranslated"),
        (2, 'msgstr[0] "a"\nmsgstr[1] "b"\nmsgstr[2] "%(count)s c"', "more translations"),
        (3, 'msgstr[0] "%(count)s"\nmsgstr[1] "%(count)s"\nmsgstr[2] "%(count)s"', "de has 2"),
    ],
)
def test_the_check_counts_plural_forms_for_the_language(
    tmp_path: Path, forms: int, translations: str, problem: str | None
) -> None:
    script = _script()
    script.LOCALE, script.ROOT = tmp_path, tmp_path
    path = tmp_path / "de" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True)
    path.write_text(PLURAL_DE.format(forms=forms, translations=translations), encoding="utf-8")
    template = Catalog()
    template.add(("%(count)s game", "%(count)s games"))
    found = list(script._catalogue_problems("de", template))
    if problem is None:
        assert found == []
    else:
        assert any(problem in line for line in found), found
