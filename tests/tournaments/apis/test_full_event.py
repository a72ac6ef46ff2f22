"""A whole 9-round, 37-player event through the API, checked round by round against the FIDE
absolute criteria and, at the end, against gacrux's standings from our TRF export."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from decimal import Decimal
from typing import Any

import pytest

from arbiter.trf.reader import read_trf
from tests.tiebreaks.oracle import gacrux_run
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

ORDER = ["BH/C1", "BH", "SB", "PS"]
ROUNDS = 9


def check_round(round_data, history, forbidden, pabs, *, last_round):
    """FIDE absolute criteria on a stored round (independent of the server's validator)."""
    seen: Counter[str] = Counter()
    for board in round_data["pairings"]:
        white, black = board["white"], board["black"]
        seen.update([white, black])
        assert frozenset((white, black)) not in history["played"], f"rematch {white}-{black}"
        assert frozenset((white, black)) not in forbidden, f"forbidden {white}-{black}"
    for bye in round_data["byes"]:
        seen[bye["username"]] += 1
        if bye["kind"] == "U":
            assert bye["username"] not in pabs, f"second pairing bye for {bye['username']}"
            pabs.add(bye["username"])
    assert all(count == 1 for count in seen.values()), seen
    # Colour limits are checked once results are in (forfeits do not count as colours).
    return last_round


def record_colours(round_data, history, *, last_round):
    for board in round_data["pairings"]:
        if board["result"] in ("1-0", "0-1", "1/2-1/2"):
            history["played"].add(frozenset((board["white"], board["black"])))
            history["colours"][board["white"]].append("w")
            history["colours"][board["black"]].append("b")
    for player, colours in history["colours"].items():
        difference = colours.count("w") - colours.count("b")
        if not last_round:
            assert abs(difference) <= 2, (player, colours)
            assert "www" not in "".join(colours) and "bbb" not in "".join(colours), (
                player,
                colours,
            )


def test_nine_round_event_with_every_kind_of_round(settings):
    rng = random.Random(2026)
    ratings = [rng.randrange(1200, 2400) for _ in range(37)]
    team, leader, members = team_with_members(37, ratings=ratings)
    by_name = {u.username: u for u in members}
    event = create_event(
        leader, team, num_rounds=ROUNDS, tiebreak_order=ORDER, bye_request_limit=1, mode="otb"
    )
    base = f"/api/tournaments/swiss/{event['id']}"
    arbiter = client_of(leader)

    early, late = members[:34], members[34:]
    for user in early:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201

    # Forbid the pair the engine would choose on board 1 of round 1 (seed 1 vs seed 18).
    seeds = sorted(early, key=lambda u: (-ratings[members.index(u)], u.username.casefold()))
    top, partner = seeds[0], seeds[17]
    added = arbiter.post(
        f"{base}/forbidden-pairings/",
        {"player1": top.username, "player2": partner.username},
        format="json",
    )
    assert added.status_code == 201, added.json()
    forbidden = {frozenset((top.username, partner.username))}

    withdrawer, bye_taker = seeds[5], seeds[9]
    history: dict[str, Any] = {"played": set(), "colours": defaultdict(list)}
    pabs: set[str] = set()
    corrected = disputed = False

    for number in range(1, ROUNDS + 1):
        # Events between rounds: late entries, a withdrawal and a rejoin, a bye request.
        if number == 2:
            for user in late[:2]:
                assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
            assert client_of(withdrawer).post(f"{base}/withdraw/").status_code == 200
        if number == 4:
            assert client_of(late[2]).post(f"{base}/join/", {}, format="json").status_code == 201
        if number == 5:
            assert client_of(withdrawer).post(f"{base}/rejoin/").status_code == 200
            asked = client_of(bye_taker).post(f"{base}/request-bye/", {"round": 5}, format="json")
            assert asked.status_code == 201, asked.json()

        started = arbiter.post(f"{base}/start-next-round/")
        assert started.status_code == 201, started.json()
        round_data = started.json()

        if number == 1:
            pairs = {frozenset((b["white"], b["black"])) for b in round_data["pairings"]}
            assert frozenset((top.username, partner.username)) not in pairs

        if number == 6 and not corrected:
            # A rematch is refused; a legal exchange between two boards is accepted.
            boards = [(b["white"], b["black"]) for b in round_data["pairings"]]
            bye = next((b["username"] for b in round_data["byes"] if b["kind"] == "U"), None)
            rematch = next(iter(history["played"]))
            a, b = sorted(rematch)
            bad = [(a, b), *(p for p in boards if a not in p and b not in p)]
            refused = arbiter.post(
                f"{base}/manual-pairings/",
                {"boards": [{"white": w, "black": k} for w, k in bad], "bye": bye},
                format="json",
            )
            assert refused.status_code == 400
            assert refused.json()["extra"]["fields"]["boards"]
            for i in range(len(boards) - 1, 0, -1):
                (w1, b1), (w2, b2) = boards[i - 1], boards[i]
                trial = [*boards[: i - 1], (w1, b2), (w2, b1), *boards[i + 1 :]]
                answer = arbiter.post(
                    f"{base}/manual-pairings/",
                    {"boards": [{"white": w, "black": k} for w, k in trial], "bye": bye},
                    format="json",
                )
                if answer.status_code == 201:
                    round_data = answer.json()
                    assert round_data["manual"] is True
                    corrected = True
                    break
                assert answer.status_code == 400, answer.json()
            assert corrected, "no legal manual exchange found in round 6"

        check_round(round_data, history, forbidden, pabs, last_round=number == ROUNDS)
        if number == 5:
            bye = {"username": bye_taker.username, "kind": "H", "not_yet_joined": False}
            assert bye in round_data["byes"]
        if 2 <= number <= 4:
            absent = {"username": withdrawer.username, "kind": "Z", "not_yet_joined": False}
            assert absent in round_data["byes"]

        for i, board in enumerate(round_data["pairings"]):
            url = f"{base}/pairings/{board['id']}/result/"
            white, black = by_name[board["white"]], by_name[board["black"]]
            if number == 3 and i == 0 and not disputed:
                assert (
                    client_of(white).post(url, {"result": "1-0"}, format="json").status_code == 200
                )
                contested = client_of(black).post(url, {"result": "0-1"}, format="json")
                assert contested.status_code == 200 and contested.json()["disputed"] is True
                settled = arbiter.post(url, {"result": "1/2-1/2"}, format="json")
                assert settled.status_code == 200 and settled.json()["disputed"] is False
                disputed = True
                continue
            if number in (3, 7) and i == len(round_data["pairings"]) - 1:
                result = "+-" if number == 3 else "--"
                assert arbiter.post(url, {"result": result}, format="json").status_code == 200
                continue
            if number == 8 and i == 1:
                assert arbiter.post(url, {"result": "-+"}, format="json").status_code == 200
                continue
            result = rng.choice(["1-0", "1-0", "0-1", "1/2-1/2"])
            reporter = white if rng.random() < 0.5 else black
            reported = client_of(reporter).post(url, {"result": result}, format="json")
            assert reported.status_code == 200, reported.json()
        final_round = arbiter.get(f"{base}/rounds/{number}/").json()
        assert final_round["status"] == "complete"
        record_colours(final_round, history, last_round=number == ROUNDS)

    assert arbiter.get(f"{base}/").json()["status"] == "finished"
    assert corrected and disputed

    # Final standings equal gacrux's on our TRF export.
    trf = arbiter.get(f"{base}/export/trf/").content.decode()
    parsed = read_trf(trf)
    assert len(parsed.players) == 37
    oracle = gacrux_run(trf, ["PTS", *ORDER])
    standings = arbiter.get(f"{base}/standings/?page_size=100").json()["results"]
    number_of = {p.name: p.start_number for p in parsed.players}
    for row in standings:
        rank, values = oracle[number_of[row["username"]]]
        assert Decimal(row["points"]) == values[0], row["username"]
        for code, value in zip(ORDER, values[1:], strict=True):
            assert Decimal(row["tiebreaks"][code]) == value, (row["username"], code)
        assert row["rank"] == rank, (row["username"], row["rank"], rank)
    trf_points = {p.name: p.points for p in parsed.players}
    assert all(Decimal(r["points"]) == trf_points[r["username"]] for r in standings)
