"""The PyPI engines run at the versions their adapters were written and tested against."""

from __future__ import annotations

from importlib.metadata import version

from arbiter.pairing.engines import ENGINES, get_engine
from arbiter.pairing.engines import gacrux as gacrux_adapter
from arbiter.pairing.engines import py4swiss as py4swiss_adapter


def test_installed_engines_match_the_pinned_versions():
    assert version("gacrux") == gacrux_adapter.PINNED_VERSION == "1.11.65"
    assert version("py4swiss") == py4swiss_adapter.PINNED_VERSION == "0.3.1"


def test_engine_names_are_case_insensitive():
    assert get_engine("BBPPAIRINGS").name == "bbpPairings"
    assert get_engine(" GaCrux ").name == "gacrux"
    assert sorted(ENGINES) == ["bbppairings", "gacrux", "javafo", "py4swiss"]
