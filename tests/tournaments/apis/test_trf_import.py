"""An over-the-board event imported from a TRF made elsewhere (6 of 9 rounds played by the
engine in a seeded simulation): our standings equal the file's, and the next round we pair
equals what the default engine pairs from the same file. A bad file is a 400 with the
reader's message."""

from __future__ import annotations

import pytest

from arbiter.pairing import pair_round
from arbiter.pairing.trf_request import build_tournament, request_from_tournament
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.tiebreaks.standings import rank
from arbiter.tournaments.models import SwissParticipant
from arbiter.trf import read_trf
from arbiter.trf.formats import export_trf, to_format
from tests.pairing.events import Event
from tests.tournaments.helpers import client_of, team_with_members

pytestmark = pytest.mark.django_db

ORDER = ["BH/C1", "BH", "SB", "DE"]


def _file_from_elsewhere(seed: int, played: int = 6) -> str:
    event = Event.create(15, 9, seed)
    for _ in range(played):
        request = event.request()
        event.play(request, pair_round(request))
    t = build_tournament(event.request(), mark_unpaired=False)
    t.header.update({"012": f"Fjord Open {seed}", "042": "2026/06/01", "202": ",".join(ORDER)})
    games, players = to_tiebreak_model(t)
    ranks = {s.player_id: s.rank for s in rank(games, players, ORDER, regulations="2026")}
    for p in t.players:
        p.rank = ranks[str(p.start_number)]
        p.name = f"Visitor {p.start_number:02d}, Val"
    return export_trf(t, "trf26")


@pytest.mark.parametrize("seed", [5, 8])
def test_an_imported_event_continues_as_the_engine_would(seed: int) -> None:
    team, leader, _ = team_with_members(1)
    text = _file_from_elsewhere(seed)
    imported = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    assert imported.json()["differences"] == []
    base = f"/api/tournaments/swiss/{imported.json()['id']}"
    detail = client_of(leader).get(f"{base}/").json()
    assert (detail["num_rounds"], detail["current_round"]) == (9, 6)
    assert SwissParticipant.objects.filter(tournament_id=imported.json()["id"]).count() == 15

    expected = pair_round(request_from_tournament(to_format(read_trf(text), "trfx")))
    started = client_of(leader).post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    number = {f"Visitor {n:02d}, Val": n for n in range(1, 16)}
    ours = [(number[b["white"]], number[b["black"]]) for b in started.json()["pairings"]]
    assert sorted(ours) == sorted((b.white, b.black) for b in expected.boards)
    byes = [number[b["username"]] for b in started.json()["byes"] if b["kind"] == "U"]
    assert byes == ([expected.bye] if expected.bye else [])


def test_standings_that_differ_from_the_file_are_reported() -> None:
    team, leader, _ = team_with_members(1)
    t = read_trf(_file_from_elsewhere(5))
    first = next(p for p in t.players if p.rank == 1)
    last = max(t.players, key=lambda p: p.rank or 0)
    first.rank, last.rank = last.rank, first.rank
    imported = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/",
        {"team": team.slug, "trf": export_trf(t, "trf26")},
        format="json",
    )
    assert imported.status_code == 201
    assert (
        f"player {first.start_number}: the file ranks {first.rank}, we 1"
        in imported.json()["differences"]
    )


def test_a_bad_file_is_a_400_with_the_readers_message_and_nothing_is_created() -> None:
    team, leader, members = team_with_members(1)
    text = _file_from_elsewhere(5, played=2).replace("001    3", "001    x")
    answer = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert answer.status_code == 400
    (message,) = answer.json()["extra"]["fields"]["file"]
    assert message.startswith("line ") and "column 5" in message
    assert not SwissParticipant.objects.exists()
    refused = client_of(members[0]).post(
        "/api/tournaments/swiss/import-trf/",
        {"team": team.slug, "trf": _file_from_elsewhere(5, played=2)},
        format="json",
    )
    assert refused.status_code == 403
