"""Print a team TRF's teams with their match and game points as JSON, as FIDE's gacrux reads them.

Used by `team-swiss.spec.ts`: `python e2e/support/team_trf_points.py FILE` (the repo's venv).
For each team: its 310 record's points (what the file states) and the points gacrux computes
from the matches (`MPTS`, `GPTS`), so a file whose records and games disagree shows it.
"""

import json
import sys
from typing import Any

from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json


def main(path: str) -> None:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    reader = trf2json()
    reader.parse_file(text, False)
    if reader.get_status() != 0:
        raise SystemExit(f"gacrux refused the file: {reader.chessjson['status']}")
    tournament = reader.get_tournament(1)
    names = {team["id"]: team["teamName"] for team in reader.chessjson["event"].get("teams", [])}
    stated: dict[int, dict[str, Any]] = {
        competitor["cid"]: {
            "tpn": competitor["cid"],
            "name": names.get(competitor["teamId"], ""),
            "match_points": str(competitor["matchPoints"]),
            "game_points": str(competitor["gamePoints"]),
        }
        for competitor in tournament["competitors"]
    }
    params: dict[str, Any] = {
        "tiebreak": ["MPTS", "GPTS"],
        "check": False,
        "swiss": True,
        "pre_determined": False,
        "unrated": None,
        "current_round": -1,
    }
    computed = tiebreak(tournament, -1, params).compute_tiebreaks(tournament, params)
    for competitor in computed["competitors"]:
        row = stated[competitor["cid"]]
        mp, gp = competitor["tiebreakScore"][:2]
        row["gacrux_match_points"] = str(mp)
        row["gacrux_game_points"] = str(gp)
    print(json.dumps({"teams": sorted(stated.values(), key=lambda team: team["tpn"])}))


if __name__ == "__main__":
    main(sys.argv[1])
