"""A four-team event of two boards from registration to its end, over the API, with the real
C.04.6 engine; its TRF read back by gacrux and imported again."""

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams
from tests.tiebreaks.team_differential import gacrux_team_run

pytestmark = pytest.mark.django_db


def _board_players(built, match):
    """The users of each board's white and black player."""
    users = {u.username: u for squad in built.players for u in squad}
    return [
        (users[b["white"]["username"]], users[b["black"]["username"]], b["board"])
        for b in match["boards"]
    ]


def test_a_four_team_event_runs_to_its_end(client_for):
    built = event_with_teams(teams=4, boards=2, squad=3, num_rounds=2, tiebreaks=["BH", "EDE"])
    base = f"/api/team-swiss/{built.event.id}"
    arbiter = client_for(built.leader)
    stranger = client_for(UserFactory())

    assert stranger.post(f"{base}/start-next-round/").status_code == 403
    paired = arbiter.post(f"{base}/start-next-round/")
    assert paired.status_code == 201, paired.json()
    rnd = paired.json()
    assert rnd["number"] == 1 and rnd["status"] == "lineups"
    assert [m["boards"] for m in rnd["matches"]] == [[], []]
    pairs = {frozenset((m["white"]["tpn"], m["black"]["tpn"])) for m in rnd["matches"]}
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}  # top half against bottom half

    # Team 1's captain fields players 1 and 3 (the squad's order kept); the others default.
    captain = client_for(built.captains[0])
    squad = arbiter.get(f"{base}/").json()["teams"][0]["players"]
    ids = [p["id"] for p in squad]
    lineup_url = f"{base}/rounds/1/lineups/1/"
    refused = captain.put(lineup_url, {"players": [ids[2], ids[0]]}, format="json")
    assert refused.status_code == 400
    assert refused.json()["extra"]["fields"]["players"][0].startswith("Board 2: the line-up")
    submitted = captain.put(lineup_url, {"players": [ids[0], ids[2]]}, format="json")
    assert submitted.status_code == 200, submitted.json()
    assert client_for(built.captains[1]).get(lineup_url).status_code == 403
    assert captain.get(lineup_url).json()["submitted"] is True
    assert arbiter.get(f"{base}/rounds/1/").json()["lineups_submitted"] == [1]

    closed = arbiter.post(f"{base}/rounds/1/close-lineups/")
    assert closed.status_code == 200, closed.json()
    rnd = closed.json()
    assert rnd["status"] == "playing"
    team_one = next(m for m in rnd["matches"] if 1 in (m["white"]["tpn"], m["black"]["tpn"]))
    fielded = {
        b[side]["id"]
        for b in team_one["boards"]
        for side in ("white", "black")
        if b[side]["tpn"] == 1
    }
    assert fielded == {ids[0], ids[2]}

    # Round 1: the white player of every board reports a win, a player at a time.
    for match in rnd["matches"]:
        for white, _, board in _board_players(built, match):
            url = f"{base}/rounds/1/boards/{match['table']}/{board}/result/"
            reported = client_for(white).post(url, {"result": "1-0"}, format="json")
            assert reported.status_code == 200, reported.json()
            assert reported.json()["result"] == "1-0"
    rnd = arbiter.get(f"{base}/rounds/1/").json()
    assert rnd["status"] == "complete"
    assert {(m["white_game_points"], m["black_game_points"]) for m in rnd["matches"]} == {
        ("1.0", "1.0")
    }
    standings = arbiter.get(f"{base}/standings/").json()["standings"]
    assert [row["match_points"] for row in standings] == ["1.0"] * 4
    assert [t["code"] for t in standings[0]["tiebreaks"]] == ["BH", "EDE"]

    # Round 2: no rematch; the line-ups close on their own (defaults) when due.
    rnd = arbiter.post(f"{base}/start-next-round/").json()
    pairs2 = {frozenset((m["white"]["tpn"], m["black"]["tpn"])) for m in rnd["matches"]}
    assert not pairs & pairs2
    rnd = arbiter.post(f"{base}/rounds/2/close-lineups/").json()
    for match in rnd["matches"]:
        for board in (1, 2):
            url = f"{base}/rounds/2/boards/{match['table']}/{board}/result/"
            assert arbiter.post(url, {"result": "1/2"}, format="json").status_code == 200
    # A correction: table 1's white team wins board 1.
    arbiter.post(f"{base}/rounds/2/boards/1/1/result/", {"result": "1-0"}, format="json")
    detail = arbiter.get(f"{base}/").json()
    assert detail["status"] == "finished" and detail["current_round"] == 2
    standings = arbiter.get(f"{base}/standings/").json()["standings"]
    winner = rnd["matches"][0]["white"]["tpn"]
    assert standings[0]["tpn"] == winner and standings[0]["match_points"] == "3.0"
    assert sum(Decimal(row["match_points"]) for row in standings) == 8

    cross = arbiter.get(f"{base}/crosstable/").json()
    assert [len(row["rounds"]) for row in cross] == [2, 2, 2, 2]
    scores = arbiter.get(f"{base}/board-scores/").json()
    assert sum(Decimal(row["points"]) for row in scores) == 8  # 8 games, a point each

    # The TRF: gacrux reads our match points back; an import stores the same event.
    exported = arbiter.get(f"{base}/export/trf/")
    assert exported.status_code == 200
    theirs = gacrux_team_run(exported.content.decode(), ["MP", "GP"], rounds=2)
    assert {
        tpn: [str(Decimal(value).quantize(Decimal("0.1"))) for value in values]
        for tpn, (_, values) in theirs.items()
    } == {row["tpn"]: [row["match_points"], row["game_points"]] for row in standings}
    # Each 310 record carries the team's rank in the standings shown (columns 69-71).
    team_lines = [line for line in exported.content.decode().splitlines() if line[:3] == "310"]
    assert {int(line[4:7]): int(line[68:71]) for line in team_lines} == {
        row["tpn"]: row["rank"] for row in standings
    }

    upload = SimpleUploadedFile("event.trf", exported.content, content_type="text/plain")
    imported = arbiter.post(
        "/api/team-swiss/import/", {"team": built.event.host.slug, "file": upload}
    )
    assert imported.status_code == 201, imported.json()
    again = f"/api/team-swiss/{imported.json()['id']}"
    assert arbiter.get(f"{again}/").json()["status"] == "finished"
    assert arbiter.get(f"{again}/standings/").json()["standings"] == standings
