"""The TRF export's `format` query parameter: TRF-2026 by default, TRF-16 and the engines'
extended TRF on request, all from one model; an unknown format is a 400."""

from __future__ import annotations

import pytest

from arbiter.trf import facts, read_trf
from arbiter.trf.formats import detect_format, to_format
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _played_event() -> tuple[object, str]:
    team, leader, members = team_with_members(5, ratings=[2000, 1900, 1800, 1700, 1600])
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    for _ in (1, 2):
        started = arbiter.post(f"{base}/start-next-round/").json()
        for board in started["pairings"]:
            white = next(u for u in members if u.username == board["white"])
            reported = client_of(white).post(
                f"{base}/pairings/{board['id']}/result/", {"result": "1/2-1/2"}, format="json"
            )
            assert reported.status_code == 200, reported.json()
    return arbiter, base


def test_every_format_reads_back_to_the_same_event() -> None:
    arbiter, base = _played_event()
    default = arbiter.get(f"{base}/export/trf/")
    assert default.status_code == 200
    texts = {
        fmt: arbiter.get(f"{base}/export/trf/?format={fmt}").content.decode()
        for fmt in ("trf26", "trf16", "trfx")
    }
    assert default.content.decode() == texts["trf26"]
    events = {fmt: read_trf(text) for fmt, text in texts.items()}
    assert {fmt: detect_format(t) for fmt, t in events.items()} == {f: f for f in texts}
    # One model: the same players, results and points in every format.
    sheets = {fmt: [(p.name, p.points, p.rounds) for p in t.players] for fmt, t in events.items()}
    assert sheets["trf26"] == sheets["trf16"] == sheets["trfx"]
    assert facts.total_rounds(events["trf26"]) == facts.total_rounds(events["trfx"]) == 3
    assert facts.initial_colour(events["trf26"]) == facts.initial_colour(events["trfx"])
    assert all(p.rank is not None for p in events["trf26"].players)
    assert "142" in events["trf26"].header and events["trfx"].total_rounds == 3
    # Converting any one of them gives the others' model.
    assert to_format(events["trfx"], "trf26").players == events["trf26"].players
    assert facts.tiebreaks(events["trf26"]) == ["BH", "SB", "PS", "DE"]


def test_an_unknown_format_is_a_400_with_its_field() -> None:
    arbiter, base = _played_event()
    answer = arbiter.get(f"{base}/export/trf/?format=pgn")
    assert answer.status_code == 400
    assert "format" in str(answer.json()), answer.json()
