"""The backend's message catalogues (Django gettext), kept with Babel: docs/i18n.md, "Backend".

    python scripts/i18n_backend.py extract   # arbiter/ and config/ -> arbiter/locale/django.pot
    python scripts/i18n_backend.py update    # the .pot merged into each language's django.po
    python scripts/i18n_backend.py compile   # each django.po -> django.mo (build output)
    python scripts/i18n_backend.py check     # exit 1, listing what is out of date or untranslated

The languages are settings.LANGUAGES (read from config/settings/base.py without importing
Django); English is the source and has no catalogue. Locations are written without line
numbers, so the template changes only when a message (or the file it is in) does. A command
writes a file only when its content changes (`make install` compiles every time).
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import PYTHON_FORMAT, Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "arbiter" / "locale"
TEMPLATE = LOCALE / "django.pot"
SETTINGS = ROOT / "config" / "settings" / "base.py"
SOURCES = ("arbiter", "config")
SOURCE_LANGUAGE = "en"

# Babel's keywords (gettext, ngettext, pgettext, npgettext, _, N_) and Django's lazy and no-op
# ones: a spec names the arguments that are the message (1-based; "c": the context).
KEYWORDS: dict[str, Any] = {
    **DEFAULT_KEYWORDS,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext_lazy": (1, 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
# Source files read, and those skipped: migrations (Django's own texts of old states).
METHOD_MAP = [("**/migrations/**", "ignore"), ("**.py", "python")]
# A comment starting so, on or above the line of a call, goes to the translators.
COMMENT_TAGS = ["Translators:"]
BRACE_FORMAT = re.compile(r"\{([A-Za-z_]\w*|\d*)\}")


def languages() -> list[str]:
    """The catalogue languages: settings.LANGUAGES but the source language."""
    tree = ast.parse(SETTINGS.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "LANGUAGES" for target in node.targets
        ):
            pairs = ast.literal_eval(node.value)
            return [code for code, _name in pairs if code != SOURCE_LANGUAGE]
    raise SystemExit(f"{SETTINGS}: no LANGUAGES")


def catalogue_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# --- extract ---------------------------------------------------------------------------------


def extracted() -> Catalog:
    """The messages of arbiter/ and config/ as the source says them now."""
    catalog = Catalog(
        project="Arbiter",
        version="0.1.0",
        copyright_holder="the Arbiter authors",
        charset="utf-8",
        fuzzy=False,
    )
    for source in SOURCES:
        found = extract_from_dir(
            ROOT / source,
            method_map=METHOD_MAP,
            keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            catalog.add(
                message,
                None,
                [(f"{source}/{filename}", lineno)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def _signature(catalog: Catalog) -> dict[tuple[Any, Any], tuple[Any, ...]]:
    """What a template says, but its header (dates): each message with its files, flags and
    comments to translators."""
    return {
        (message.context, message.id): (
            tuple(sorted({filename for filename, _line in message.locations})),
            tuple(sorted(message.flags)),
            tuple(message.auto_comments),
        )
        for message in catalog
        if message.id
    }


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, include_lineno=False, sort_output=True, width=100)
    return out.getvalue()


def _write_if_changed(path: Path, content: bytes) -> bool:
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=language)


def extract() -> int:
    catalog = extracted()
    if TEMPLATE.exists() and _signature(_read(TEMPLATE)) == _signature(catalog):
        print(f"{_relative(TEMPLATE)}: up to date ({len(_signature(catalog))} messages)")
        return 0
    _write_if_changed(TEMPLATE, _po_bytes(catalog))
    print(f"{_relative(TEMPLATE)}: {len(_signature(catalog))} messages")
    return 0


# --- update ----------------------------------------------------------------------------------


def update() -> int:
    if not TEMPLATE.exists():
        print(f"{_relative(TEMPLATE)} is missing: run `extract` first", file=sys.stderr)
        return 1
    template = _read(TEMPLATE)
    for language in languages():
        path = catalogue_path(language)
        if path.exists():
            catalog = _read(path, language)
            catalog.update(template)  # keeps translations; a near miss comes back fuzzy
            for message in catalog:
                if message.fuzzy and message.id and not any(_forms(message)):
                    # Matched to a near miss with no translation either: nothing to confirm.
                    message.flags.discard("fuzzy")
                    message.previous_id = []
            created = False
        else:  # as `pybabel init`: the template, for this language
            catalog = _read(TEMPLATE, language)
            catalog.fuzzy = False
            created = True
        written = _write_if_changed(path, _po_bytes(catalog))
        state = "created" if created else "updated" if written else "up to date"
        print(f"{_relative(path)}: {state}")
    return 0


# --- compile ---------------------------------------------------------------------------------


def compile_catalogues() -> int:
    for language in languages():
        path = catalogue_path(language)
        if not path.exists():
            print(f"{_relative(path)} is missing: run `update`", file=sys.stderr)
            continue
        catalog = _read(path, language)
        for message in list(catalog):
            # Babel keeps a plural whose forms are all "" (a tuple is true): gettext would
            # answer "". Left out, it stays English, as does a fuzzy entry (use_fuzzy).
            if message.id and not all(_forms(message)):
                catalog.delete(message.id, message.context)
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        if _write_if_changed(path.with_suffix(".mo"), out.getvalue()):
            print(f"{_relative(path.with_suffix('.mo'))}: compiled")
    return 0


# --- check -----------------------------------------------------------------------------------


def _forms(message: Message) -> tuple[str, ...]:
    """The translation's forms (one unless a plural)."""
    string = message.string
    return tuple(string) if isinstance(string, tuple | list) else (string or "",)


def _named(text: str) -> set[str]:
    """The named placeholders of `text`: %(name)s and {name}."""
    found = {f"%({m.group(1)})" for m in PYTHON_FORMAT.finditer(text) if m.group(1) is not None}
    return found | {"{" + m.group(1) + "}" for m in BRACE_FORMAT.finditer(text)}


def _positional(text: str) -> list[str]:
    """The positional %-placeholders of `text` (%s, %d, …; not %%), in order."""
    return [
        m.group(3) for m in PYTHON_FORMAT.finditer(text) if m.group(1) is None and m.group(3) != "%"
    ]


def _placeholder_problems(message: Message) -> Iterator[str]:
    """Placeholders a translation loses or adds: each form of a plural may leave out what the
    language's form does not say (a "one" form without the count), but not add one."""
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    forms = _forms(message)
    wanted = set().union(*(_named(i) for i in ids))
    if not message.pluralizable:
        if _named(forms[0]) != wanted:
            yield f"placeholders {sorted(_named(forms[0]))}, the source has {sorted(wanted)}"
        if len(_positional(forms[0])) != len(_positional(ids[0])):
            yield "positional placeholders (%s, %d) differ from the source's"
        return
    seen: set[str] = set()
    for index, form in enumerate(forms):
        extra = _named(form) - wanted
        if extra:
            yield f"form {index}: placeholders {sorted(extra)} the source does not have"
        seen |= _named(form)
    if seen != wanted:
        yield f"no form says {sorted(wanted - seen)}"


def _catalogue_problems(language: str, template: Catalog) -> Iterator[str]:
    path = catalogue_path(language)
    where = _relative(path)
    if not path.exists():
        yield f"{where}: missing (run `update`)"
        return
    try:
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, abort_invalid=True)
    except PoFileError as exc:  # among them: a message with more forms than the language's
        yield f"{where}:{exc.lineno}: invalid: {exc}"
        return
    expected = get_plural(language).num_plurals
    if catalog.num_plurals != expected:
        yield f"{where}: Plural-Forms says {catalog.num_plurals} forms, {language} has {expected}"
    for message in template:
        if message.id and catalog.get(message.id, message.context) is None:
            yield f"{where}: not merged (run `update`): {_short(message)}"
    for message in catalog:
        if not message.id:
            continue
        forms = _forms(message)
        if message.fuzzy:
            yield f"{where}: fuzzy: {_short(message)}"
        if not all(forms):
            yield f"{where}: untranslated: {_short(message)}"
            continue
        for problem in _placeholder_problems(message):
            yield f"{where}: {problem}: {_short(message)}"
    for message, errors in catalog.check():  # Babel's: python-format, plural form count
        for error in errors:
            yield f"{where}: {error}: {_short(message)}"


def _short(message: Message) -> str:
    text = message.id[0] if isinstance(message.id, tuple | list) else message.id
    context = f"[{message.context}] " if message.context else ""
    return context + repr(text if len(text) <= 70 else text[:67] + "...")


def check() -> int:
    problems: list[str] = []
    if not TEMPLATE.exists():
        problems.append(f"{_relative(TEMPLATE)}: missing (run `extract`)")
        template = extracted()
    else:
        template, now = _read(TEMPLATE), extracted()
        before, after = _signature(template), _signature(now)
        if before != after:
            new, gone = after.keys() - before.keys(), before.keys() - after.keys()
            changed = sum(1 for key in after.keys() & before.keys() if after[key] != before[key])
            problems.append(
                f"{_relative(TEMPLATE)}: not what extraction gives now (run `extract`, then "
                f"`update`): {len(new)} new, {len(gone)} gone, {changed} moved or changed"
            )
            template = now
    for language in languages():
        problems.extend(_catalogue_problems(language, template))
    if problems:
        print("\n".join(problems))
        print(f"i18n check: {len(problems)} problems", file=sys.stderr)
        return 1
    print(f"i18n check: {len(_signature(template))} messages in {len(languages())} catalogues")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "check"])
    command = parser.parse_args(argv).command
    actions = {
        "extract": extract,
        "update": update,
        "compile": compile_catalogues,
        "check": check,
    }
    return actions[command]()


if __name__ == "__main__":
    sys.exit(main())
