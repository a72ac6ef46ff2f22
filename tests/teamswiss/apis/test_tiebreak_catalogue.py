"""The team tie-break catalogue the browser reads: per primary score, exactly the codes a team
event accepts (what the create and edit services check), their names, and the default order."""

from __future__ import annotations

import pytest

from arbiter.common.exceptions import InvalidInput
from arbiter.teamswiss.models import DEFAULT_TIEBREAKS
from arbiter.teamswiss.services.events import _tiebreaks_checked
from arbiter.tiebreaks.team_codes import ALIASES, TEAM_CODES
from tests.factories.teams import LeaderFactory

pytestmark = pytest.mark.django_db

URL = "/api/team-swiss/tiebreaks/"
PRIMARIES = ("mp", "gp")
CUTS = ("C1", "C2", "M1", "M2")


def _accepted(code: str, primary: str) -> str | None:
    """The code as an event of that primary score stores it, or None when it is refused."""
    try:
        return _tiebreaks_checked([code], primary)[0]
    except InvalidInput:
        return None


def test_serves_the_catalogue_publicly_for_an_hour(api_client) -> None:
    response = api_client.get(URL)
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=3600"
    body = response.json()
    assert set(body) == {"tiebreaks", "modifiers", "default_order"}
    assert set(body["tiebreaks"]) == set(PRIMARIES)
    assert body["tiebreaks"]["mp"][1] == {
        "code": "BH/C1",
        "label": "Buchholz cut 1",
        "description": "Sum of the opponents\u2019 match points: who met the stronger teams."
        " The lowest opponent is left out.",
        "offered": True,
    }
    assert body["tiebreaks"]["gp"][0]["code"] == "MPVGP"
    assert body["tiebreaks"]["gp"][0]["label"] == "Match points"
    assert [modifier["code"] for modifier in body["modifiers"]] == list(CUTS)


@pytest.mark.parametrize("primary", PRIMARIES)
def test_serves_exactly_the_codes_an_event_accepts(api_client, primary) -> None:
    """Every served code is accepted as it is spelt; every code without cuts that the service
    accepts is served (or is an older name of one that is); the served cuts are the ones it
    accepts."""
    body = api_client.get(URL).json()
    entries = body["tiebreaks"][primary]
    served = [entry["code"] for entry in entries]
    assert len(served) == len(set(served))
    for code in served:
        assert _accepted(code, primary) == code
    heads = [f"{name}{score}" for name in TEAM_CODES | set(ALIASES) for score in ("", ":MP", ":GP")]
    accepted = {head for head in heads if _accepted(head, primary) is not None}
    plain = {code for code in served if "/" not in code}
    assert accepted - set(ALIASES) == plain
    assert set(ALIASES.values()) <= plain
    # Those with cuts are offered choices of their own, each on a code served plain, named as
    # the browser names a stored code with cuts: the plain code's words, then the cut's.
    named = {entry["code"]: entry for entry in entries}
    cuts = {modifier["code"]: modifier for modifier in body["modifiers"]}
    for code in set(served) - plain:
        head, cut = code.split("/")
        assert head in plain and cut in CUTS
        assert named[code]["label"] == f"{named[head]['label']} {cuts[cut]['label']}"
        assert named[code]["description"] == (
            f"{named[head]['description']} {cuts[cut]['description']}"
        )
    # A cut the service accepts on some code is served, and none other is.
    assert {
        cut
        for cut in (*CUTS, "C3", "M3", "X1")
        if any(_accepted(f"BH/{cut}", p) for p in PRIMARIES)
    } == set(CUTS)
    # The offered codes come first, in the form's order.
    offered = [entry["offered"] for entry in entries]
    assert offered == sorted(offered, reverse=True)
    assert "PTS" in plain and not entries[served.index("PTS")]["offered"]


def test_each_code_is_named_for_the_score_it_reads(api_client) -> None:
    tiebreaks = api_client.get(URL).json()["tiebreaks"]
    named = {
        primary: {entry["code"]: (entry["label"], entry["description"]) for entry in entries}
        for primary, entries in tiebreaks.items()
    }
    assert named["mp"]["MPVGP"][0] == "Game points"
    assert named["mp"]["PTS"][0] == "Match points"
    assert named["gp"]["PTS"][0] == "Game points"
    assert named["mp"]["BH:GP"][0] == "Buchholz of game points"
    assert "game points" in named["gp"]["BH"][1]
    assert "Olympiad" in named["mp"]["ESB"][1] and "Olympiad" not in named["gp"]["ESB"][1]
    # WIN reads the primary score: matches won first on match points, boards on game points.
    assert named["mp"]["WIN"][0] == "Matches won"
    assert named["gp"]["WIN"][0] == "Games won"
    offered = [entry["code"] for entry in tiebreaks["gp"] if entry["offered"]]
    assert offered[:5] == ["MPVGP", "BH/C1", "BH", "BH/M1", "BH:MP"]


def test_the_default_order_is_offered_for_either_primary_score(api_client) -> None:
    body = api_client.get(URL).json()
    assert body["default_order"] == list(DEFAULT_TIEBREAKS)
    for primary in PRIMARIES:
        offered = {entry["code"] for entry in body["tiebreaks"][primary] if entry["offered"]}
        assert set(body["default_order"]) <= offered


@pytest.mark.parametrize("primary", PRIMARIES)
def test_an_event_ranks_by_any_order_of_offered_codes(client_for, api_client, primary) -> None:
    """What the form sends: the offered codes, eight at most, through the API as it creates
    and edits an event."""
    entries = api_client.get(URL).json()["tiebreaks"][primary]
    offered = [entry["code"] for entry in entries if entry["offered"]]
    membership = LeaderFactory()
    leader = client_for(membership.user)
    body = {"team": membership.team.slug, "name": "Cup", "boards": 2, "num_rounds": 3}
    created = leader.post("/api/team-swiss/", body | {"primary_score": primary}, format="json")
    assert created.status_code == 201, created.json()
    for start in range(0, len(offered), 8):
        chunk = offered[start : start + 8]
        edited = leader.patch(
            f"/api/team-swiss/{created.json()['id']}/", {"tiebreaks": chunk}, format="json"
        )
        assert edited.status_code == 200, edited.json()
        assert edited.json()["tiebreaks"] == chunk
