"""An over-the-board event imported from a TRF made elsewhere (6 of 9 rounds played by the
engine in a seeded simulation, and a file written by gacrux's tournament generator): our
standings equal the file's, and the next round we pair equals what the default engine pairs
from the same file. Every kind of bye is imported with its points. A bad file is a 400 with
the reader's message."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arbiter.checker.check import initial_colour_token
from arbiter.pairing import pair_round
from arbiter.pairing.trf_request import build_tournament, request_from_tournament
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.tiebreaks.standings import rank
from arbiter.tournaments.models import EntryKind, SwissPairing, SwissParticipant, SwissRoundEntry
from arbiter.trf import read_trf, write_trf
from arbiter.trf.formats import export_trf, to_format
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import player_points
from tests.pairing.events import Event
from tests.tournaments.helpers import client_of, create_event, team_with_members

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


SAMPLES = Path(__file__).parents[2] / "trf" / "samples"


def _number_by_name(t: Tournament) -> dict[str, int]:
    return {" ".join(p.name.split()): p.start_number for p in t.players}


def _next_round_matches_the_engine(leader: Any, event_id: int, text: str) -> dict[str, Any]:
    """Pair the next round here and check it against the default engine's pairing of the
    file; returns the round."""
    t = read_trf(text)
    engine_input = to_format(t, "trfx")
    # As the import reads the file: without 152/XXC the colour of round 1's top player, and
    # the half-point byes 240 records give for the round to pair (trfx has no 240 record).
    # `+` alone is a full-point bye to gacrux's reader and to the import, but the pairing
    # request refuses a `+` without an opponent: it gets the F it means.
    engine_input.initial_colour = initial_colour_token(t)
    for p in engine_input.players:
        p.rounds = [
            RoundEntry(None, "-", "F") if e == RoundEntry(None, "-", "+") else e for e in p.rounds
        ]
        if ("H", str(t.rounds_played + 1), str(p.start_number)) in t.bye_records:
            p.rounds.append(RoundEntry(None, "-", "H"))
    expected = pair_round(request_from_tournament(engine_input))
    started = client_of(leader).post(f"/api/tournaments/swiss/{event_id}/start-next-round/")
    assert started.status_code == 201, started.json()
    number = _number_by_name(t)
    ours = [(number[b["white"]], number[b["black"]]) for b in started.json()["pairings"]]
    assert sorted(ours) == sorted((b.white, b.black) for b in expected.boards)
    byes = [number[b["username"]] for b in started.json()["byes"] if b["kind"] == "U"]
    assert byes == ([expected.bye] if expected.bye else [])
    return dict(started.json())


def test_a_file_from_gacrux_continues_here() -> None:
    """tests/trf/samples/gacrux-generated-6-of-9.trf was written by FIDE's checker gacrux
    (1.11.65): `python -m gacrux.tournamentgenerator -g 2 1 -p 30 -N 6 -S 0.03 0.08 0.05`,
    6 rounds of 30 players paired by its Dutch engine with pairing-allocated, half- and
    zero-point byes and forfeits; only its 142 record was changed from 6 to 9, so that three
    rounds are left to play."""
    team, leader, _ = team_with_members(1)
    text = (SAMPLES / "gacrux-generated-6-of-9.trf").read_text(encoding="utf-8")
    imported = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    event_id = imported.json()["id"]
    # Its rank column is gacrux's seeding, not the standings: ranks may differ, points not.
    assert not [d for d in imported.json()["differences"] if "points" in d]
    detail = client_of(leader).get(f"/api/tournaments/swiss/{event_id}/").json()
    assert (detail["num_rounds"], detail["current_round"]) == (9, 6)
    t = read_trf(text)
    codes = Counter(
        e.result for p in t.players for e in p.rounds if e.opponent is None
    )  # U, H and Z in the file
    kinds = Counter(
        SwissRoundEntry.objects.filter(round__tournament_id=event_id)
        .exclude(kind=EntryKind.GAME)
        .values_list("kind", flat=True)
    )
    assert kinds == codes and set(codes) == {"U", "H", "Z"}
    forfeits = SwissPairing.objects.filter(
        round__tournament_id=event_id, result__in=["+-", "-+", "--"]
    ).count()
    file_forfeits = sum(
        1 for p in t.players for e in p.rounds if e.opponent is not None and e.result == "+"
    )
    assert forfeits == file_forfeits > 0
    _next_round_matches_the_engine(leader, event_id, text)


def _byes_file() -> str:
    """Every kind of TRF bye: F (full point), + alone (a full point, as gacrux reads it), H,
    Z, - alone (absent: zero), U, a round the line does not reach (zero), and 240 records:
    one for that round and one for the round to pair next (a half-point bye)."""
    e = RoundEntry
    rounds = {
        ("Alpha, Ann", 2400): [e(2, "w", "1"), e(3, "b", "="), e(None, "-", "F")],
        ("Bravo, Bob", 2300): [e(1, "b", "0"), e(None, "-", "+"), e(3, "w", "=")],
        ("Charlie, Cy", 2200): [e(4, "w", "="), e(1, "w", "="), e(2, "b", "=")],
        ("Delta, Di", 2100): [e(3, "b", "="), e(5, "w", "1"), e(None, "-", "H")],
        ("Echo, Eve", 2000): [e(None, "-", "U"), e(4, "b", "0"), e(None, "-", "Z")],
        ("Foxtrot, Fay", 1900): [e(None, "-", "-"), e(None, "-", "Z")],
    }
    players = [
        PlayerRecord(start_number=n, name=name, rating=rating, rounds=blocks)
        for n, ((name, rating), blocks) in enumerate(rounds.items(), start=1)
    ]
    for p in players:
        p.points = player_points(p)
    t = Tournament(header={"012": "Bye Kinds Open", "042": "2026/06/01", "142": "5"})
    t.players = players
    t.bye_records = [("Z", "3", "6"), ("H", "4", "5")]
    return write_trf(t)


def test_every_kind_of_bye_is_imported_with_its_points() -> None:
    team, leader, _ = team_with_members(1)
    imported = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/",
        {"team": team.slug, "trf": _byes_file()},
        format="json",
    )
    assert imported.status_code == 201, imported.json()
    assert imported.json()["differences"] == []
    event_id = imported.json()["id"]
    number = _number_by_name(read_trf(_byes_file()))
    stored = {
        (number[e.participant.name], e.round.number): e.kind
        for e in SwissRoundEntry.objects.filter(round__tournament_id=event_id)
        .exclude(kind=EntryKind.GAME)
        .select_related("participant", "round")
    }
    assert stored == {
        (1, 3): "F",
        (2, 2): "F",
        (4, 3): "H",
        (5, 1): "U",
        (5, 3): "Z",
        (6, 1): "Z",
        (6, 2): "Z",
        (6, 3): "Z",
    }
    standings = client_of(leader).get(f"/api/tournaments/swiss/{event_id}/standings/").json()
    points = {number[r["username"]]: r["points"] for r in standings["results"]}
    assert points == {1: "2.5", 2: "1.5", 3: "1.5", 4: "2.0", 5: "1.0", 6: "0.0"}
    rnd = client_of(leader).get(f"/api/tournaments/swiss/{event_id}/rounds/3/").json()
    assert {"username": "Alpha, Ann", "kind": "F", "not_yet_joined": False} in rnd["byes"]
    # The half-point bye the file gives for round 4 is taken when round 4 is paired here.
    started = _next_round_matches_the_engine(leader, event_id, _byes_file())
    assert {"username": "Echo, Eve", "kind": "H", "not_yet_joined": False} in started["byes"]
    trf = read_trf(
        client_of(leader).get(f"/api/tournaments/swiss/{event_id}/export/trf/").content.decode()
    )
    alpha = next(p for p in trf.players if p.name == "Alpha, Ann")
    assert alpha.rounds[2].result == "F"


def test_an_exported_accelerated_event_imports_accelerated_and_pairs_alike() -> None:
    """Our TRF-2026 export of a Baku-accelerated event (250 records) imports as an
    accelerated event, and both pair the next round alike; another table is refused."""
    team, leader, members = team_with_members(12, ratings=[2400 - 50 * n for n in range(12)])
    original = create_event(leader, team, num_rounds=7, accelerated=True)
    base = f"/api/tournaments/swiss/{original['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)
    for _ in range(2):
        boards = arbiter.post(f"{base}/start-next-round/").json()["pairings"]
        for i, board in enumerate(boards):
            result = ("1-0", "1/2-1/2", "0-1")[i % 3]
            arbiter.post(
                f"{base}/pairings/{board['id']}/result/", {"result": result}, format="json"
            )
    text = arbiter.get(f"{base}/export/trf/").content.decode()
    assert "\n250 " in text
    imported = arbiter.post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert imported.status_code == 201, imported.json()
    assert imported.json()["differences"] == []
    copy = f"/api/tournaments/swiss/{imported.json()['id']}"
    assert arbiter.get(f"{copy}/").json()["accelerated"] is True

    def next_round(url: str) -> list[tuple[str, str]]:
        started = arbiter.post(f"{url}/start-next-round/")
        assert started.status_code == 201, started.json()
        return sorted((b["white"], b["black"]) for b in started.json()["pairings"])

    assert next_round(copy) == next_round(base)

    t = read_trf(text)
    t.acceleration_records = [("", "1.0", "1", "2", "1", "3")]  # not Baku's group A
    refused = arbiter.post(
        "/api/tournaments/swiss/import-trf/",
        {"team": team.slug, "trf": write_trf(t)},
        format="json",
    )
    assert refused.status_code == 400
    assert "Baku method" in refused.json()["extra"]["fields"]["file"][0]
