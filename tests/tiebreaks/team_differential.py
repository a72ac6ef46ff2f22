"""Compare our team standings with gacrux's on one team TRF (the team differential oracle's
hook, and our own differential test's).

gacrux (FIDE's checker) is run in-process on the TRF text: trf2json reads it, its `tiebreak`
class computes the codes. Our side is `team_standings(event)` on the TeamEvent the TRF was
written from. Compared: every team's match and game points, the primary score, every value
of every code that is not a group ranking, and every team's final rank (which is how DE and
EDE are compared: gacrux reports them as a rank inside the tied group, we report the score
in the group's separate standings).

Known difference, left out of the comparison (docs/tiebreaks.md, "Where we differ from
gacrux"): when two teams met three times or more in played matches, gacrux averages their
results (6.1.2) by a running Decimal mean that rounds (1, 0, 1, 2 gives 1.000...01, while
1, 2, 1, 0 gives 0.999...9), so DE and EDE may separate teams whose averages are equal. We
average exactly. The final ranks of orders with DE or EDE are then not compared.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any, Final

from gacrux.tiebreak import tiebreak as gacrux_tiebreak
from gacrux.trf2json import trf2json

from arbiter.tiebreaks.team import team_standings
from arbiter.tiebreaks.team_codes import GROUP_RANKINGS, parse_team_code
from arbiter.tiebreaks.team_scores import complete_rounds
from arbiter.trf.team_event import TeamEvent

# Our spelling -> gacrux's.
_GACRUX_NAMES: Final = {"MP": "MPTS", "GP": "GPTS", "SNO": "TPN"}
# Codes compared on every event besides the event's own.
ALWAYS: Final = ("MP", "GP")


def gacrux_code(code: str) -> str:
    head, slash, modifiers = code.strip().upper().partition("/")
    name, colon, score = head.partition(":")
    return _GACRUX_NAMES.get(name, name) + colon + score + slash + modifiers


def gacrux_team_run(
    trf_text: str, codes: list[str], rounds: int
) -> dict[int, tuple[int, list[Decimal | None]]]:
    """TPN -> (rank, values of `codes` in order) as gacrux computes them after `rounds`
    rounds (the event read as one of `rounds` rounds)."""
    chessfile = trf2json()
    chessfile.parse_file(trf_text, False)
    if chessfile.get_status() != 0:
        raise AssertionError(f"gacrux refused the file: {chessfile.chessjson['status']}")
    tournament = chessfile.get_tournament(1)
    if not tournament.get("teamTournament"):
        raise AssertionError("gacrux did not read a team tournament")
    tournament["numRounds"] = rounds
    tournament["currentRound"] = min(tournament.get("currentRound", 0), rounds)
    params: dict[str, Any] = {
        "tiebreak": [gacrux_code(code) for code in codes],
        "check": False,
        "swiss": True,
        "pre_determined": False,
        "unrated": None,
        "current_round": rounds,
    }
    engine = gacrux_tiebreak(tournament, rounds, params)
    result = engine.compute_tiebreaks(tournament, params)
    return {
        competitor["cid"]: (competitor["rank"], list(competitor["tiebreakScore"]))
        for competitor in result["competitors"]
    }


def compare_team_trf(trf_text: str, event: TeamEvent, label: str) -> tuple[list[str], int]:
    """Readable differences between gacrux on `trf_text` and team_standings(event), and the
    number of values compared. The standings are those after the last complete round."""
    rounds = complete_rounds(event)
    primary = "MP" if event.scores.primary == "mp" else "GP"
    own_codes = list(event.tiebreaks)
    extra = [code for code in ALWAYS if code not in (primary, *own_codes)]
    # Our ranking: the event's order; the extra codes come after it and break no tie that
    # the event's order leaves (gacrux ranks by its whole list, so they come last there too).
    ours = {
        standing.tpn: standing
        for standing in team_standings(
            replace(event, tiebreaks=(*own_codes, *extra)), after_round=rounds
        )
    }
    codes = [primary, *own_codes, *extra]
    theirs = gacrux_team_run(trf_text, codes, rounds)
    differences: list[str] = []
    compared = 0
    key = "m" if primary == "MP" else "g"
    group_codes = any(parse_team_code(code, key).name in ("DE", "EDE") for code in codes)
    compare_ranks = not (group_codes and _met_three_times(event, rounds))
    for tpn, (their_rank, values) in sorted(theirs.items()):
        standing = ours.get(tpn)
        if standing is None:
            differences.append(f"{label}: team {tpn} is in gacrux's standings, not ours")
            continue
        mine: list[Decimal | None] = [
            standing.match_points if primary == "MP" else standing.game_points,
            *(standing.tiebreaks[code] for code in (*own_codes, *extra)),
        ]
        for code, their, our in zip(codes, values, mine, strict=True):
            if parse_team_code(code, key).name in GROUP_RANKINGS:
                continue
            compared += 1
            if (None if their is None else Decimal(their)) != our:
                differences.append(f"{label} team {tpn} {code}: gacrux {their}, ours {our}")
        if not compare_ranks:
            continue
        compared += 1
        if their_rank != standing.rank:
            differences.append(
                f"{label} team {tpn} rank by {codes}: gacrux {their_rank}, ours {standing.rank}"
            )
    if set(ours) - set(theirs):
        differences.append(f"{label}: teams {sorted(set(ours) - set(theirs))} missing in gacrux")
    return differences, compared


def _met_three_times(event: TeamEvent, rounds: int) -> bool:
    """Whether two teams met three times or more (gacrux's rounded DE average)."""
    meetings: dict[frozenset[int], int] = {}
    for match in event.matches:
        if match.black is not None and match.round <= rounds:
            pair = frozenset((match.white, match.black))
            meetings[pair] = meetings.get(pair, 0) + 1
    return any(count >= 3 for count in meetings.values())
