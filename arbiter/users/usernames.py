"""The username rule of registration, mirrored by the register form
(frontend/src/features/auth/types/credentials-schema.ts); docs/api.md, "Usernames".

* Word characters of any script (Python's `\\w`: letters, digits, `_`) and `. @ + -`, so
  "Иван_Петров" and "王小明" are names.
* Letters of Latin, Cyrillic and Greek, the scripts with look-alike letters, are not mixed in
  one name: "paypal" spelt with a Cyrillic a (U+0430) is refused, a homoglyph.
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError

USERNAME_PATTERN = re.compile(r"^[\w.@+-]+\Z")
LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
CHARACTERS_MESSAGE = _("Letters, digits and @ . + - _ only.")
MIXED_MESSAGE = _("Do not mix Latin, Cyrillic and Greek letters in one name.")


def username_scripts(value: str) -> set[str]:
    """The look-alike scripts whose letters the name uses."""
    scripts = set()
    for char in value:
        if char.isalpha():
            script = unicodedata.name(char, "").split(" ", 1)[0]
            if script in LOOK_ALIKE_SCRIPTS:
                scripts.add(script)
    return scripts


def username_rule_check(value: str) -> None:
    if not USERNAME_PATTERN.match(value):
        raise ValidationError(CHARACTERS_MESSAGE)
    if len(username_scripts(value)) > 1:
        raise ValidationError(MIXED_MESSAGE)
