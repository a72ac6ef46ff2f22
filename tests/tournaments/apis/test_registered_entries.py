"""Registered players (entries without an account) in an over-the-board event: a CSV of 200
in one request, bad rows named by their line with nothing saved, paired and ranked like
everyone else, and written to the TRF with their FIDE data; named in forbidden pairs and
manual pairings; claimed by a user and linked with their history; refused by online events."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command

from arbiter.tournaments.models import ClaimStatus, EntryClaim, SwissParticipant
from arbiter.trf import read_trf
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

HEADER = "name,fide_id,federation,title,birth_year,sex,rating,rating_kind\n"


def _csv(count: int) -> str:
    rows = [
        f'"Player{n:03d}, Pat",{1500000 + n},NOR,{"FM" if n % 10 == 0 else ""},'
        f"{1960 + n % 50},{'mw'[n % 2]},{2400 - n * 3},fide\n"
        for n in range(count)
    ]
    return HEADER + "".join(rows)


def test_a_csv_of_200_players_is_one_request_and_they_are_paired_and_exported() -> None:
    team, leader, members = team_with_members(2, ratings=[2100, 2000])
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    arbiter = client_of(leader)
    added = arbiter.post(f"{base}/registered/", {"csv": _csv(200)}, format="json")
    assert added.status_code == 201, added.json()
    assert len(added.json()) == 200
    assert added.json()[10] | {"id": 0} == {
        "id": 0,
        "name": "Player010, Pat",
        "fide_id": "1500010",
        "federation": "NOR",
        "title": "FM",
        "birth_year": 1970,
        "sex": "m",
        "rating": 2370,
        "rating_kind": "fide",
        "username": None,
    }
    assert SwissParticipant.objects.filter(tournament_id=event["id"], user=None).count() == 200
    for user in members:  # members with accounts play in the same event
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201

    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    boards = started.json()["pairings"]
    assert len(boards) == 101
    assert boards[0]["white"] == "Player000, Pat" or boards[0]["black"] == "Player000, Pat"
    standings = arbiter.get(f"{base}/standings/?page_size=100").json()
    assert standings["count"] == 202
    assert standings["results"][0]["username"] == "Player000, Pat"

    trf = read_trf(arbiter.get(f"{base}/export/trf/").content.decode())
    first = next(p for p in trf.players if p.name == "Player000, Pat")
    assert (first.fide_id, first.federation, first.sex, first.rating) == (
        "1500000",
        "NOR",
        "m",
        2400,
    )
    assert next(p for p in trf.players if p.name == "Player010, Pat").title == "FM"


def test_an_online_event_takes_no_players_without_an_account() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, num_rounds=3, mode="online")
    answer = client_of(leader).post(
        f"/api/tournaments/swiss/{event['id']}/registered/", {"csv": _csv(2)}, format="json"
    )
    assert answer.status_code == 400
    assert "over-the-board events only" in answer.json()["message"]
    (message,) = answer.json()["extra"]["fields"]["csv"]
    assert "this event is played online" in message
    rows = {"players": [{"name": "Olsen, Ola"}]}
    as_rows = client_of(leader).post(
        f"/api/tournaments/swiss/{event['id']}/registered/", rows, format="json"
    )
    assert as_rows.status_code == 400
    assert "over-the-board events only" in as_rows.json()["extra"]["fields"]["players"][0]
    assert not SwissParticipant.objects.filter(tournament_id=event["id"]).exists()


def test_bad_rows_are_named_by_line_and_nothing_is_saved() -> None:
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    text = _csv(5).splitlines()
    text[2] = "Ann,12x,NORWAY,XM,1850,q,4000,elo"
    text[4] = ",,,,,,,"
    answer = client_of(leader).post(
        f"/api/tournaments/swiss/{event['id']}/registered/", {"csv": "\n".join(text)}, format="json"
    )
    assert answer.status_code == 400
    messages = answer.json()["extra"]["fields"]["csv"]
    assert "line 3: fide_id must be digits only, at most 11" in messages
    assert "line 3: federation must be a 3-letter FIDE code such as NOR" in messages
    assert "line 3: rating must be a whole number from 0 to 3500" in messages
    assert "line 3: rating_kind must be fide, national or arbiter" in messages
    assert "line 5: name is required" in messages
    assert not [m for m in messages if m.startswith(("line 2", "line 4", "line 6"))]
    assert not SwissParticipant.objects.filter(tournament_id=event["id"]).exists()


def test_players_as_json_rows_and_who_may_add_them() -> None:
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    url = f"/api/tournaments/swiss/{event['id']}/registered/"
    rows = {"players": [{"name": "Olsen, Ola", "rating": 1800}, {"name": "Berg, Bo"}]}
    assert client_of(members[0]).post(url, rows, format="json").status_code == 403
    added = client_of(leader).post(url, rows, format="json")
    assert added.status_code == 201, added.json()
    assert [(p["name"], p["rating"], p["rating_kind"]) for p in added.json()] == [
        ("Olsen, Ola", 1800, "arbiter"),
        ("Berg, Bo", 0, "arbiter"),
    ]
    bad = client_of(leader).post(url, {"players": [{"name": "x" * 40}]}, format="json")
    assert bad.status_code == 400
    assert bad.json()["extra"]["fields"]["players"] == [
        "row 1: name is longer than 33 characters (the TRF name field)"
    ]
    both = client_of(leader).post(url, {**rows, "csv": HEADER}, format="json")
    assert both.status_code == 400
    header_only = client_of(leader).post(url, {"csv": "nom,rating\nA,1"}, format="json")
    assert header_only.status_code == 400
    assert header_only.json()["extra"]["fields"]["csv"] == [
        "line 1 must be a header naming the columns, with name"
    ]


def _otb_event_with_registered(members: int) -> tuple[Any, Any, list[Any], str]:
    """An over-the-board event with four registered players (2400-2200 and 1400) and
    `members` users rated 2100, 1500, ... who joined it (two more users of the team did not)."""
    team, leader, users = team_with_members(
        members + 2, ratings=[2100, 1500, 1450, 1300][: members + 2]
    )
    event = create_event(leader, team, num_rounds=4, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    rows = [
        {"name": "Olsen, Ola", "rating": 2400},
        {"name": "Berg, Bo", "rating": 2300},
        {"name": "Dahl, Di", "rating": 2200},
        {"name": "Lie, Liv", "rating": 1400},
    ]
    added = client_of(leader).post(f"{base}/registered/", {"players": rows}, format="json")
    assert added.status_code == 201, added.json()
    for user in users[:members]:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    return leader, team, users, base


def _boards(round_data: dict[str, Any]) -> set[frozenset[str]]:
    return {frozenset((b["white"], b["black"])) for b in round_data["pairings"]}


def test_registered_players_in_forbidden_pairs_and_manual_pairings() -> None:
    leader, _, users, base = _otb_event_with_registered(2)
    arbiter = client_of(leader)
    # Olsen (1st of 6) would meet P000 (4th) in round 1: forbidden, by name and username.
    kept = arbiter.post(
        f"{base}/forbidden-pairings/", {"player1": "olsen,  ola", "player2": "P000"}, format="json"
    )
    assert kept.status_code == 201, kept.json()
    assert {kept.json()["player1"], kept.json()["player2"]} == {"Olsen, Ola", "P000"}
    unknown = arbiter.post(
        f"{base}/forbidden-pairings/",
        {"player1": "Berg, Bo", "player2": "Nobody, No"},
        format="json",
    )
    assert unknown.status_code == 400
    assert "not a player of this tournament" in unknown.json()["extra"]["fields"]["player2"][0]
    outsider = arbiter.post(
        f"{base}/forbidden-pairings/",
        {"player1": "Berg, Bo", "player2": users[2].username},
        format="json",
    )
    assert outsider.status_code == 400 and "player2" in outsider.json()["extra"]["fields"]
    listed = arbiter.get(f"{base}/forbidden-pairings/").json()
    assert [(p["player1"], p["player2"]) for p in listed] == [
        (kept.json()["player1"], kept.json()["player2"])
    ]

    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    assert frozenset(("Olsen, Ola", "P000")) not in _boards(started.json())
    assert len(started.json()["pairings"]) == 3

    # The arbiter re-pairs round 1 by hand (no result yet), naming registered players.
    forbidden = {
        "boards": [
            {"white": "Olsen, Ola", "black": "P000"},
            {"white": "Berg, Bo", "black": "Lie, Liv"},
            {"white": "Dahl, Di", "black": "P001"},
        ]
    }
    refused = arbiter.post(f"{base}/manual-pairings/", forbidden, format="json")
    assert refused.status_code == 400
    assert any("forbidden" in m for m in refused.json()["extra"]["fields"]["boards"]), (
        refused.json()
    )
    manual = {
        "boards": [
            {"white": "Olsen, Ola", "black": "lie, liv"},
            {"white": "P000", "black": "Berg, Bo"},
            {"white": "Dahl, Di", "black": "P001"},
        ]
    }
    replaced = arbiter.post(f"{base}/manual-pairings/", manual, format="json")
    assert replaced.status_code == 201, replaced.json()
    assert [(b["white"], b["black"]) for b in replaced.json()["pairings"]] == [
        ("Olsen, Ola", "Lie, Liv"),
        ("P000", "Berg, Bo"),
        ("Dahl, Di", "P001"),
    ]
    wrong_name = arbiter.post(
        f"{base}/manual-pairings/",
        {"boards": [{"white": "Olsen, Ola", "black": "Lie, Lov"}]},
        format="json",
    )
    assert wrong_name.status_code == 400
    assert "'Lie, Lov' is not a player" in wrong_name.json()["extra"]["fields"]["boards"][0]
    # Two registered players of the same name cannot be told apart by name.
    twins = arbiter.post(f"{base}/registered/", {"players": [{"name": "Berg, Bo"}]}, format="json")
    assert twins.status_code == 201
    ambiguous = arbiter.post(
        f"{base}/forbidden-pairings/", {"player1": "Berg, Bo", "player2": "Dahl, Di"}, format="json"
    )
    assert ambiguous.status_code == 400
    assert "Several players are named" in ambiguous.json()["extra"]["fields"]["player1"][0]


def test_a_user_claims_a_registered_entry_which_keeps_its_history() -> None:
    leader, team, users, base = _otb_event_with_registered(1)
    player, claimant, other = users[0], users[1], users[2]
    arbiter = client_of(leader)
    entries = {e["name"]: e for e in client_of(None).get(f"{base}/registered/").json()}
    assert set(entries) == {"Olsen, Ola", "Berg, Bo", "Dahl, Di", "Lie, Liv"}
    olsen, berg = entries["Olsen, Ola"]["id"], entries["Berg, Bo"]["id"]

    started = arbiter.post(f"{base}/start-next-round/").json()
    for board in started["pairings"]:
        answer = arbiter.post(
            f"{base}/pairings/{board['id']}/result/", {"result": "1-0"}, format="json"
        )
        assert answer.status_code == 200, answer.json()
    before = next(
        r
        for r in arbiter.get(f"{base}/standings/").json()["results"]
        if r["username"] == "Olsen, Ola"
    )

    claim = client_of(claimant).post(f"{base}/registered/{olsen}/claim/")
    assert claim.status_code == 201, claim.json()
    assert claim.json() | {"id": 0, "created_at": ""} == {
        "id": 0,
        "entry": olsen,
        "name": "Olsen, Ola",
        "username": claimant.username,
        "status": "waiting",
        "created_at": "",
        "decided_at": None,
    }
    assert client_of(claimant).post(f"{base}/registered/{olsen}/claim/").status_code == 400
    playing = client_of(player).post(f"{base}/registered/{olsen}/claim/")
    assert playing.status_code == 400
    assert "already plays in this event" in playing.json()["extra"]["fields"]["entry"][0]
    withdrawn = client_of(other).post(f"{base}/registered/{olsen}/claim/")
    assert withdrawn.status_code == 201
    assert (
        client_of(claimant)
        .delete(f"{base}/registered/claims/{withdrawn.json()['id']}/")
        .status_code
        == 403
    )
    assert (
        client_of(other).delete(f"{base}/registered/claims/{withdrawn.json()['id']}/").status_code
        == 204
    )

    waiting = arbiter.get(f"{base}/registered/claims/").json()
    assert [(c["entry"], c["username"]) for c in waiting] == [(olsen, claimant.username)]
    assert (
        client_of(claimant)
        .post(f"{base}/registered/claims/{waiting[0]['id']}/approve/")
        .status_code
        == 403
    )
    approved = arbiter.post(f"{base}/registered/claims/{waiting[0]['id']}/approve/")
    assert approved.status_code == 200, approved.json()
    assert (approved.json()["name"], approved.json()["username"]) == (
        "Olsen, Ola",
        claimant.username,
    )
    assert arbiter.get(f"{base}/registered/claims/").json() == []

    # The entry keeps its games and points; the pages show the user now.
    after = next(
        r
        for r in arbiter.get(f"{base}/standings/").json()["results"]
        if r["username"] == claimant.username
    )
    assert (after["points"], after["sheet"], after["rank"]) == (
        before["points"],
        before["sheet"],
        before["rank"],
    )
    round_one = arbiter.get(f"{base}/rounds/1/").json()
    assert any(claimant.username in (b["white"], b["black"]) for b in round_one["pairings"])
    trf = read_trf(arbiter.get(f"{base}/export/trf/").content.decode())
    assert "Olsen, Ola" in {p.name for p in trf.players}  # the FIDE name stays in the report

    # One entry per user and event; a linked entry cannot be claimed or linked again.
    twice = arbiter.post(
        f"{base}/registered/{berg}/link/", {"username": claimant.username}, format="json"
    )
    assert twice.status_code == 400
    assert "already plays in this event (as" in twice.json()["extra"]["fields"]["username"][0]
    assert client_of(other).post(f"{base}/registered/{olsen}/claim/").status_code == 400
    nobody = arbiter.post(f"{base}/registered/{berg}/link/", {"username": "ghost"}, format="json")
    assert nobody.status_code == 400 and "username" in nobody.json()["extra"]["fields"]
    assert (
        client_of(other)
        .post(f"{base}/registered/{berg}/link/", {"username": other.username}, format="json")
        .status_code
        == 403
    )
    offer = arbiter.post(
        f"{base}/registered/{berg}/link/", {"username": other.username}, format="json"
    )
    assert offer.status_code == 201 and offer.json()["status"] == "offered"
    assert SwissParticipant.objects.get(id=berg).user is None  # until they confirm
    confirm = f"{base}/registered/claims/{offer.json()['id']}/approve/"
    assert arbiter.post(confirm).status_code == 403  # the leader cannot confirm for them
    linked = client_of(other).post(confirm)
    assert linked.status_code == 200 and linked.json()["username"] == other.username
    assert SwissParticipant.objects.get(id=berg).user == other
    assert client_of(other).post(f"{base}/registered/999999/claim/").status_code == 404
    assert team is not None


def test_a_member_lists_only_their_own_claims_and_a_leader_all() -> None:
    leader, _, users, base = _otb_event_with_registered(0)
    alice, bob = users
    entries = {e["name"]: e["id"] for e in client_of(None).get(f"{base}/registered/").json()}
    olsen, berg = entries["Olsen, Ola"], entries["Berg, Bo"]
    mine = client_of(alice).post(f"{base}/registered/{olsen}/claim/").json()
    theirs = client_of(bob).post(f"{base}/registered/{berg}/claim/").json()
    also_olsen = client_of(bob).post(f"{base}/registered/{olsen}/claim/").json()

    listed = client_of(alice).get(f"{base}/registered/claims/")
    assert listed.status_code == 200, listed.json()
    assert listed.json() == [mine]  # the same shape as the claim's own answer
    assert [c["id"] for c in client_of(bob).get(f"{base}/registered/claims/").json()] == [
        theirs["id"],
        also_olsen["id"],
    ]
    every = client_of(leader).get(f"{base}/registered/claims/").json()
    assert [(c["name"], c["username"]) for c in every] == [
        ("Olsen, Ola", alice.username),
        ("Berg, Bo", bob.username),
        ("Olsen, Ola", bob.username),
    ]
    assert client_of(None).get(f"{base}/registered/claims/").status_code in (401, 403)
    assert client_of(alice).get("/api/tournaments/swiss/999999/registered/claims/").status_code == (
        404
    )

    # A rejected claim leaves the leaders' list and stays in its claimant's, marked rejected.
    rejected = client_of(leader).delete(f"{base}/registered/claims/{mine['id']}/")
    assert rejected.status_code == 204
    [seen] = client_of(alice).get(f"{base}/registered/claims/").json()
    assert (seen["id"], seen["status"]) == (mine["id"], "rejected")
    assert seen["decided_at"] is not None
    assert len(client_of(bob).get(f"{base}/registered/claims/").json()) == 2
    assert [c["id"] for c in client_of(leader).get(f"{base}/registered/claims/").json()] == [
        theirs["id"],
        also_olsen["id"],
    ]


def test_a_rejected_claim_is_kept_until_its_claimant_dismisses_or_renews_it() -> None:
    leader, _, users, base = _otb_event_with_registered(0)
    alice, bob = users
    arbiter = client_of(leader)
    entries = {e["name"]: e["id"] for e in client_of(None).get(f"{base}/registered/").json()}
    olsen, berg, dahl = entries["Olsen, Ola"], entries["Berg, Bo"], entries["Dahl, Di"]
    claim = client_of(alice).post(f"{base}/registered/{olsen}/claim/").json()
    claims = f"{base}/registered/claims/"

    # The rejection keeps the row, for alice only; a second rejection and an approval are refused.
    assert arbiter.delete(f"{claims}{claim['id']}/").status_code == 204
    row = EntryClaim.objects.get(id=claim["id"])
    assert (row.status, row.decided_at is not None) == (ClaimStatus.REJECTED, True)
    assert arbiter.get(claims).json() == []
    assert [c["status"] for c in client_of(alice).get(claims).json()] == ["rejected"]
    again = arbiter.delete(f"{claims}{claim['id']}/")
    assert (again.status_code, again.json()["message"]) == (400, "This claim was already rejected.")
    approve = arbiter.post(f"{claims}{claim['id']}/approve/")
    assert approve.status_code == 400
    assert approve.json()["message"].startswith("This claim was rejected;")
    assert client_of(bob).post(f"{claims}{claim['id']}/approve/").status_code == 403
    assert SwissParticipant.objects.get(id=olsen).user is None

    # Claiming the entry again makes the same claim wait again, back in the leaders' list.
    renewed = client_of(alice).post(f"{base}/registered/{olsen}/claim/")
    assert renewed.status_code == 201, renewed.json()
    assert renewed.json()["id"] == claim["id"]
    assert (renewed.json()["status"], renewed.json()["decided_at"]) == ("waiting", None)
    assert renewed.json()["created_at"] > claim["created_at"]
    assert [c["id"] for c in arbiter.get(claims).json()] == [claim["id"]]
    assert client_of(alice).post(f"{base}/registered/{olsen}/claim/").status_code == 400

    # Its claimant dismisses a rejected claim: the row goes.
    assert arbiter.delete(f"{claims}{claim['id']}/").status_code == 204
    assert client_of(alice).delete(f"{claims}{claim['id']}/").status_code == 204
    assert client_of(alice).get(claims).json() == []
    assert not EntryClaim.objects.filter(id=claim["id"]).exists()

    # A claim on another entry clears the claimant's earlier rejected ones.
    on_berg = client_of(alice).post(f"{base}/registered/{berg}/claim/").json()
    assert arbiter.delete(f"{claims}{on_berg['id']}/").status_code == 204
    on_dahl = client_of(alice).post(f"{base}/registered/{dahl}/claim/").json()
    assert [(c["id"], c["status"]) for c in client_of(alice).get(claims).json()] == [
        (on_dahl["id"], "waiting")
    ]

    # Linking an entry closes its claims, rejected ones too.
    bobs = client_of(bob).post(f"{base}/registered/{olsen}/claim/").json()
    assert arbiter.delete(f"{claims}{bobs['id']}/").status_code == 204
    offer = arbiter.post(
        f"{base}/registered/{olsen}/link/", {"username": alice.username}, format="json"
    )
    assert offer.status_code == 201, offer.json()
    linked = client_of(alice).post(f"{claims}{offer.json()['id']}/approve/")
    assert linked.status_code == 200, linked.json()
    assert client_of(bob).get(claims).json() == []
    assert client_of(alice).get(claims).json() == []  # her claim on Dahl closed with the link


def test_leaders_withdraw_and_reinstate_registered_players_by_name() -> None:
    leader, _, users, base = _otb_event_with_registered(2)
    arbiter = client_of(leader)
    name = "Lie,%20Liv"  # the path names a registered player by name
    assert client_of(users[0]).post(f"{base}/players/{name}/withdraw/").status_code == 403
    removed = arbiter.post(f"{base}/players/{name}/withdraw/")  # before the start: the entry goes
    assert removed.status_code == 204
    assert not SwissParticipant.objects.filter(name="Lie, Liv").exists()

    started = arbiter.post(f"{base}/start-next-round/").json()
    for board in started["pairings"]:
        arbiter.post(f"{base}/pairings/{board['id']}/result/", {"result": "1-0"}, format="json")
    paused = arbiter.post(f"{base}/players/dahl,%20di/withdraw/")
    assert paused.status_code == 200, paused.json()
    assert (paused.json()["username"], paused.json()["status"]) == ("Dahl, Di", "paused")
    again = arbiter.post(f"{base}/players/Dahl,%20Di/withdraw/")
    assert again.status_code == 400 and "already withdrawn" in again.json()["message"]
    round_two = arbiter.post(f"{base}/start-next-round/").json()
    assert {"username": "Dahl, Di", "kind": "Z", "not_yet_joined": False} in round_two["byes"]
    back = arbiter.post(f"{base}/players/Dahl,%20Di/reinstate/")
    assert back.status_code == 200 and back.json()["status"] == "active"
    unknown = arbiter.post(f"{base}/players/Nobody,%20No/withdraw/")
    assert unknown.status_code == 404


def test_links_made_without_consent_are_listed_for_review_and_undone() -> None:
    """Entries linked before issue 25 (no `linked_via`): `entry_links_review` lists them, and
    `--unlink` makes them registered players again; consented links are left alone."""
    leader, _, users, base = _otb_event_with_registered(0)
    entries = {e["name"]: e["id"] for e in client_of(leader).get(f"{base}/registered/").json()}
    SwissParticipant.objects.filter(id=entries["Olsen, Ola"]).update(user=users[0])  # old link
    claim = client_of(users[1]).post(f"{base}/registered/{entries['Berg, Bo']}/claim/").json()
    claims = f"{base}/registered/claims/"
    assert client_of(leader).post(f"{claims}{claim['id']}/approve/").status_code == 200

    out = io.StringIO()
    call_command("entry_links_review", stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and lines[-1] == "1 entries linked without a recorded consent."
    assert lines[1].split("\t")[0] == str(entries["Olsen, Ola"])
    assert lines[1].split("\t")[-2:] == ["Olsen, Ola", users[0].username]

    call_command("entry_links_review", "--unlink", str(entries["Olsen, Ola"]), stdout=out)
    assert SwissParticipant.objects.get(id=entries["Olsen, Ola"]).user is None
    berg = SwissParticipant.objects.get(id=entries["Berg, Bo"])
    assert (berg.user, berg.linked_via) == (users[1], "claim")
