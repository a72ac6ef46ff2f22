"""A board a team fielded nobody on: the line-up is stored and shown, and the event pairs on
(with the real C.04.6 engine) even when both teams left the same board empty; gacrux reads
the export."""

import pytest

from tests.teamswiss.helpers import event_with_teams
from tests.tiebreaks.team_differential import gacrux_team_run

pytestmark = pytest.mark.django_db


def _squad_ids(arbiter, base: str, tpn: int) -> list[int]:
    team = next(t for t in arbiter.get(f"{base}/").json()["teams"] if t["tpn"] == tpn)
    return [p["id"] for p in team["players"]]


def test_a_line_up_with_an_empty_last_board_is_stored_and_shown(client_for):
    built = event_with_teams(teams=2, boards=2, num_rounds=2)
    base = f"/api/team-swiss/{built.event.id}"
    arbiter = client_for(built.leader)
    assert arbiter.post(f"{base}/start-next-round/").status_code == 201
    captain = client_for(built.captains[0])
    ids = _squad_ids(arbiter, base, 1)

    put = captain.put(f"{base}/rounds/1/lineups/1/", {"players": [ids[0], None]}, format="json")
    assert put.status_code == 200, put.content[:300]
    assert [p and p["id"] for p in put.json()["players"]] == [ids[0], None]
    got = captain.get(f"{base}/rounds/1/lineups/1/")
    assert got.status_code == 200, got.content[:300]
    assert got.json()["submitted"] is True
    assert [p and p["id"] for p in got.json()["players"]] == [ids[0], None]


def test_both_teams_leaving_the_same_board_empty_do_not_stop_the_event(client_for):
    built = event_with_teams(teams=4, boards=2, num_rounds=3)
    base = f"/api/team-swiss/{built.event.id}"
    arbiter = client_for(built.leader)
    rnd = arbiter.post(f"{base}/start-next-round/").json()
    first = rnd["matches"][0]
    for tpn in (first["white"]["tpn"], first["black"]["tpn"]):
        ids = _squad_ids(arbiter, base, tpn)
        put = arbiter.put(
            f"{base}/rounds/1/lineups/{tpn}/", {"players": [ids[0], None]}, format="json"
        )
        assert put.status_code == 200, put.content[:300]
    rnd = arbiter.post(f"{base}/rounds/1/close-lineups/").json()
    for match in rnd["matches"]:
        for board in match["boards"]:
            if not board["result"]:
                url = f"{base}/rounds/1/boards/{match['table']}/{board['board']}/result/"
                assert arbiter.post(url, {"result": "1-0"}, format="json").status_code == 200
    empty = next(m for m in arbiter.get(f"{base}/rounds/1/").json()["matches"] if m["table"] == 1)
    assert [b["result"] for b in empty["boards"]] == ["1-0", "--"]

    second = arbiter.post(f"{base}/start-next-round/")
    assert second.status_code == 201, second.json()

    exported = arbiter.get(f"{base}/export/trf/").content.decode()
    theirs = gacrux_team_run(exported, ["MP", "GP"], rounds=1)
    standings = arbiter.get(f"{base}/standings/").json()["standings"]
    assert {tpn: [str(v) for v in values] for tpn, (_, values) in theirs.items()} == {
        row["tpn"]: [row["match_points"], row["game_points"]] for row in standings
    }
