"""The TRF export's `format` query parameter: TRF-2026 by default, TRF-16 and the engines'
extended TRF on request, all from one model; an unknown format is a 400. The engine facts
(rounds, initial colour, acceleration, forbidden pairs) travel in the file."""

from __future__ import annotations

from decimal import Decimal

import pytest
from gacrux.trf2json import trf2json

from arbiter.checker.check import check_pairings
from arbiter.pairing import pair_round
from arbiter.pairing.trf_request import request_from_tournament
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


def test_an_accelerated_event_with_a_forbidden_pair_is_re_paired_from_its_trfx() -> None:
    """Issue 13, defect 15: `?format=trfx` writes XXR, XXC, XXA (the Baku virtual points) and
    XXP (the pairs kept apart); the engine pairs the next round from the file exactly as the
    server does, the checker re-pairs every played round identically, and FIDE's checker
    gacrux reads the same facts (XXR in trfx; 250 and 260 in TRF-2026, its records for them)."""
    ratings = [2400 - 50 * n for n in range(12)]
    team, leader, members = team_with_members(12, ratings=ratings)
    event = create_event(leader, team, num_rounds=7, accelerated=True)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    # Seeds 1 and 4 meet in round 1 of group A (1-4, 2-5, 3-6) unless kept apart.
    kept = {"player1": members[0].username, "player2": members[3].username}
    assert arbiter.post(f"{base}/forbidden-pairings/", kept, format="json").status_code == 201
    for _ in range(3):
        started = arbiter.post(f"{base}/start-next-round/")
        assert started.status_code == 201, started.json()
        boards = started.json()["pairings"]
        assert {members[0].username, members[3].username} not in [
            {b["white"], b["black"]} for b in boards
        ]
        for i, board in enumerate(boards):
            result = ("1-0", "0-1", "1/2-1/2")[i % 3]
            answer = arbiter.post(
                f"{base}/pairings/{board['id']}/result/", {"result": result}, format="json"
            )
            assert answer.status_code == 200, answer.json()

    text = arbiter.get(f"{base}/export/trf/?format=trfx").content.decode()
    assert detect_format(read_trf(text)) == "trfx"
    t = read_trf(text)
    number = {p.name: p.start_number for p in t.players}
    assert (t.total_rounds, t.initial_colour) == (7, "white1")
    # Group A (the top 6) carries 1, 1, 0.5, 0.5 virtual points in the 4 accelerated rounds.
    half, one = Decimal("0.5"), Decimal(1)
    assert t.accelerations == {n: [one, one, half, half] for n in range(1, 7)}
    assert t.forbidden_pairs == [(number["P000"], number["P003"])]
    lines = text.splitlines()
    assert "XXR 7" in lines and "XXC white1" in lines
    assert any(line.startswith("XXA    1") for line in lines)
    assert f"XXP {number['P000']} {number['P003']}" in lines

    # The checker re-pairs rounds 1-3 from the file as the server paired them.
    rounds, found = check_pairings(t)
    assert (rounds, found) == (3, [])
    # The next round: the engine from the file and the server agree.
    expected = pair_round(request_from_tournament(t))
    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    ours = [(number[b["white"]], number[b["black"]]) for b in started.json()["pairings"]]
    assert sorted(ours) == sorted((b.white, b.black) for b in expected.boards)

    # FIDE's checker gacrux reads XXR from the extended file (it reads no XXA, XXP or XXC:
    # those are for bbpPairings and JaVaFo) and the same facts as 250 and 260 from TRF-2026.
    reader = trf2json()
    reader.parse_file(text, True)
    assert reader.get_tournament(1)["numRounds"] == 7
    reader26 = trf2json()
    reader26.parse_file(arbiter.get(f"{base}/export/trf/?format=trf26").content.decode(), True)
    parsed26 = reader26.get_tournament(1)
    assert parsed26["prohibited"] == [
        {"firstRound": 1, "lastRound": 7, "competitors": [number["P000"], number["P003"]]}
    ]
    accelerated = {
        (v["firstCompetitor"], v["lastCompetitor"], v["firstRound"], v["lastRound"])
        for v in parsed26["accelerated"]["values"]
    }
    assert accelerated == {(1, 6, 1, 1), (1, 6, 2, 2), (1, 6, 3, 3), (1, 6, 4, 4)}
