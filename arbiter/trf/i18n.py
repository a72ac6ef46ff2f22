"""The rule engines' texts for people, in the reader's language. The engines (and the other
plain-Python rules: the over-the-board notation, the FIDE data of entries, the federation
export formats) import no Django, so they mark each text with these functions (the catalogue
tooling extracts `_`, `gettext`, `ngettext` and `gettext_noop` calls by name) and the server
installs Django's translation functions when it starts (`TournamentsConfig.ready`); until
then (the command-line tools, the pure tests) a text is its English msgid. A text is
translated when it is made, in the language active then: the request's, on the server."""

from __future__ import annotations

from collections.abc import Callable


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural


def gettext(message: str) -> str:
    return _gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    return _ngettext(singular, plural, number)


def gettext_noop(message: str) -> str:
    """A text marked for the catalogue and kept English here (a module's constant), to be
    said later with `gettext(constant)` in the reader's language."""
    return message


def translations_install(
    *, gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]
) -> None:
    """Translate the engines' texts with these (Django's `gettext` and `ngettext`)."""
    global _gettext, _ngettext
    _gettext, _ngettext = gettext, ngettext
