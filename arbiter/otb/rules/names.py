"""Whether a name written in a PGN file names a player of the event: plain values, no Django.

The same person is written many ways: "Carlsen, Magnus" (FIDE and the TRF), "Magnus Carlsen"
(a DGT board's operator), "CARLSEN Magnus", "Øystein Dizdar" and "Oystein Dizdar",
"Carlsen, M." (a scoresheet). A name is therefore compared as the set of its words, each
folded to plain lower-case letters; the order of the words and the punctuation between them
do not count.

Two degrees of match:
- `same_name`: the same words (any order, any case, with or without accents);
- `name_fits`: every word of the shorter name is a word of the other or its initial, one
  at least in full ("Carlsen, M." fits "Magnus Carlsen"; "Magnus Carlsen" fits "Carlsen,
  Sven Magnus Øen"). Looser, so a caller takes it only when it points at one player alone.
"""

from __future__ import annotations

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter and a mark.
_FOLDED = str.maketrans(
    {"ø": "o", "đ": "d", "ł": "l", "ħ": "h", "\u0131": "i", "þ": "th", "æ": "ae", "œ": "oe"}
)
_WORD = re.compile(r"[^\W_]+")
# What PGN writers put where a name is not known.
UNKNOWN_NAMES = frozenset({"", "?", "??", "nn", "n n", "-", "bye", "unknown"})


def name_words(name: str) -> tuple[str, ...]:
    """The name's words, folded (lower case, no accents) and sorted."""
    folded = unicodedata.normalize("NFKD", name.casefold().translate(_FOLDED))
    plain = "".join(c for c in folded if not unicodedata.combining(c)).translate(_FOLDED)
    return tuple(sorted(_WORD.findall(plain)))


def name_known(name: str) -> bool:
    """The PGN names someone: not empty, not "?" or "NN"."""
    return " ".join(name_words(name)) not in UNKNOWN_NAMES


def same_name(written: str, name: str) -> bool:
    words = name_words(written)
    return bool(words) and words == name_words(name)


def name_fits(written: str, name: str) -> bool:
    """Every word of the shorter name is one of the other's, or its initial; at least one
    word of two letters or more is whole in both."""
    first, second = name_words(written), name_words(name)
    short, long = (first, second) if len(first) <= len(second) else (second, first)
    if not short:
        return False
    left = list(long)
    whole = False
    # Whole words first, so that an initial does not take the word a whole one needs.
    for word in sorted(short, key=len, reverse=True):
        if word in left:
            left.remove(word)
            whole = whole or len(word) > 1
            continue
        initial = next((w for w in left if len(word) == 1 and w.startswith(word)), None)
        if initial is None:
            return False
        left.remove(initial)
    return whole
