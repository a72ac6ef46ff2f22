"""The rule engines' texts for people go through the translation the server installs
(`arbiter.trf.i18n`): made in the reader's language, English without one."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.utils import translation

from arbiter.pairing.request import PairingRequest, PlayerEntry
from arbiter.pairing.validation import Violation, find_violations
from arbiter.trf import TrfError, read_trf
from arbiter.trf.i18n import gettext, translations_install


def _shout(message: str) -> str:
    """The message in capitals, its placeholders (`%(name)s`) as they are."""
    return "".join(
        part if part.startswith("%(") else part.upper()
        for part in re.split(r"(%\(\w+\)s)", message)
    )


@pytest.fixture
def shouting() -> Iterator[None]:
    """A stand-in catalogue that says every text in capitals; Django's again afterwards."""
    translations_install(
        gettext=_shout, ngettext=lambda one, many, n: _shout(one if n == 1 else many)
    )
    yield
    translations_install(gettext=translation.gettext, ngettext=translation.ngettext)


def test_the_server_says_the_engines_texts_through_django() -> None:
    # TournamentsConfig.ready installed Django's gettext: the active language's catalogue.
    with translation.override("en"):
        assert gettext("round %(round)s") == "round %(round)s"


def test_a_reader_error_is_made_in_the_installed_language(shouting: None) -> None:
    with pytest.raises(TrfError) as refused:
        read_trf(" 001")
    assert refused.value.message == "A RECORD MUST START AT COLUMN 1 WITH ITS CODE"
    assert str(refused.value) == "LINE 1, COLUMN 1: A RECORD MUST START AT COLUMN 1 WITH ITS CODE"


def test_a_reader_error_is_english_by_default() -> None:
    with pytest.raises(TrfError) as refused:
        read_trf(" 001")
    assert str(refused.value) == "line 1, column 1: a record must start at column 1 with its code"


def test_a_violation_keeps_its_kind_and_numbers_beside_its_words(shouting: None) -> None:
    request = PairingRequest(
        players=tuple(PlayerEntry(n, f"P{n}", 2000 - n, ()) for n in (1, 2, 3, 4)),
        round=1,
        total_rounds=3,
        initial_colour="white",
    )
    [violation] = find_violations(request, [], None)
    assert isinstance(violation, Violation)
    assert violation == "PLAYERS [1, 2, 3, 4] ARE LEFT UNPAIRED"
    assert (violation.kind, violation.params) == ("unpaired", {"players": [1, 2, 3, 4]})
