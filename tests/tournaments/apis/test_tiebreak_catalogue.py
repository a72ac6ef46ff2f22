"""The tie-break catalogue the browser reads: exactly the engine's codes and the default order."""

import pytest

from arbiter.tiebreaks.catalogue import CATALOGUE
from arbiter.tiebreaks.codes import ALIASES, CODES, parse_code
from arbiter.tournaments.models import DEFAULT_TIEBREAKS

pytestmark = pytest.mark.django_db

URL = "/api/tournaments/swiss/tiebreaks/"


def test_serves_the_catalogue_and_the_default_order_publicly(api_client) -> None:
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=3600"
    body = response.json()
    assert body["default_order"] == list(DEFAULT_TIEBREAKS)
    assert body["tiebreaks"] == [
        {
            "code": entry.code,
            "label": entry.label,
            "description": entry.description,
            "offered": entry.offered,
        }
        for entry in CATALOGUE
    ]
    assert body["tiebreaks"][0] == {
        "code": "BH",
        "label": "Buchholz",
        "description": "Sum of the opponents\u2019 scores.",
        "offered": True,
    }


def test_lists_every_code_the_engine_accepts_and_only_those(api_client) -> None:
    served = [entry["code"] for entry in api_client.get(URL).json()["tiebreaks"]]
    assert len(served) == len(set(served))
    # Each served code parses, and names a code of the engine in its canonical spelling.
    for code in served:
        assert parse_code(code).text == code
    assert {parse_code(code).name for code in served} == CODES
    # The older names (GE, SNO) read as codes that are listed.
    assert set(ALIASES.values()) <= set(served)


def test_the_default_order_is_offered_and_accepted(api_client) -> None:
    body = api_client.get(URL).json()
    offered = {entry["code"] for entry in body["tiebreaks"] if entry["offered"]}
    assert set(body["default_order"]) <= offered
    for code in body["default_order"]:
        parse_code(code)
