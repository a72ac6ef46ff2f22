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

import copy
import functools
from dataclasses import replace
from decimal import Decimal
from typing import Any, Final

from gacrux.tiebreak import tiebreak as gacrux_tiebreak
from gacrux.trf2json import trf2json

from arbiter.tiebreaks.team import team_standings
from arbiter.tiebreaks.team_codes import GROUP_RANKINGS, TeamCode, parse_team_code
from arbiter.tiebreaks.team_scores import complete_rounds
from arbiter.trf.team_event import TeamEvent

# Our spelling -> gacrux's.
_GACRUX_NAMES: Final = {"MP": "MPTS", "GP": "GPTS", "SNO": "TPN"}
# Codes compared on every event besides the event's own.
ALWAYS: Final = ("MP", "GP")
ENCOUNTERS: Final = frozenset({"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"})
READS_PRESENCE: Final = frozenset({"BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"})


def gacrux_code(code: str) -> str:
    head, slash, modifiers = code.strip().upper().partition("/")
    name, colon, score = head.partition(":")
    return _GACRUX_NAMES.get(name, name) + colon + score + slash + modifiers


@functools.lru_cache(maxsize=4)
def _read(trf_text: str) -> dict[str, Any]:
    """gacrux's reading of a team TRF (its chessjson tournament), kept for the next codes
    (never handed out: `gacrux_team_run` runs on a deep copy, gacrux writes into it).

    A match neither team came to (TRF-2026 `330 --` with a `300` record of empty boards for
    each team, as our export writes it) is read as the match with a placeholder game 0 per
    board (`games2matches.sort_ooo`'s empty game, never added to the game list), which
    gacrux's tiebreak module then looks up (`prepare_teamgames`: KeyError 0). The
    placeholders are dropped: the match is then what gacrux's tie-breaks take for a match
    without games (both teams scheduled, no points, a VUR for both; docs/team-swiss.md,
    "Known differences")."""
    chessfile = trf2json()  # a new reader per file: nothing is kept between files
    chessfile.parse_file(trf_text, False)
    if chessfile.get_status() != 0:
        raise AssertionError(f"gacrux refused the file: {chessfile.chessjson['status']}")
    tournament: dict[str, Any] = chessfile.get_tournament(1)
    if not tournament.get("teamTournament"):
        raise AssertionError("gacrux did not read a team tournament")
    for match in tournament.get("matchList", []):
        if "games" in match:
            match["games"] = [game for game in match["games"] if game != 0]
    return tournament


def gacrux_team_run(
    trf_text: str, codes: list[str], rounds: int
) -> dict[int, tuple[int, list[Decimal | None]]]:
    """TPN -> (rank, values of `codes` in order) as gacrux computes them after `rounds`
    rounds (the event read as one of `rounds` rounds)."""
    tournament = copy.deepcopy(_read(trf_text))  # gacrux's tie-breaks write into it
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
    try:
        engine = gacrux_tiebreak(tournament, rounds, params)
        result = engine.compute_tiebreaks(tournament, params)
    except KeyError as error:  # what gacrux does on a team absent without a 240 Z record
        raise AssertionError(
            f"gacrux failed on the TRF ({error!r}); docs/team-swiss.md, "
            '"A team TRF that gacrux reads", says what it needs'
        ) from error
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
    key = "m" if primary == "MP" else "g"
    parsed = [parse_team_code(code, key) for code in codes]
    theirs = gacrux_team_run(trf_text, codes, rounds)
    compare_ranks = True
    if _fore_first(parsed):
        # gacrux's FB leaves its mark on the BH family after it: each code on its own run.
        alone = [gacrux_team_run(trf_text, [primary, code], rounds) for code in codes[1:]]
        theirs = {
            tpn: (rank, [values[0], *(run[tpn][1][1] for run in alone)])
            for tpn, (rank, values) in theirs.items()
        }
        compare_ranks = False
    differences: list[str] = []
    compared = 0
    if any(code.name in ENCOUNTERS for code in parsed) and _met_three_times(event, rounds):
        compare_ranks = False
    for tpn, (their_rank, values) in sorted(theirs.items()):
        standing = ours.get(tpn)
        if standing is None:
            differences.append(f"{label}: team {tpn} is in gacrux's standings, not ours")
            continue
        mine: list[Decimal | None] = [
            standing.match_points if primary == "MP" else standing.game_points,
            *(standing.tiebreaks[code] for code in (*own_codes, *extra)),
        ]
        for code, spec, their, our in zip(codes, parsed, values, mine, strict=True):
            if spec.name in GROUP_RANKINGS:
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


def _fore_first(codes: list[TeamCode]) -> bool:
    """Whether an FB code comes before a code of the BH family on match points: gacrux's FB
    marks the teams paired in the last round as present to the end in its match-point state,
    which the later codes then read (docs/tiebreaks.md, "gacrux's FB changes later results")."""
    names = [code.name for code in codes]
    if "FB" not in names:
        return False
    later = codes[names.index("FB") + 1 :]
    return any(code.name in READS_PRESENCE and code.score == "m" for code in later)


def _met_three_times(event: TeamEvent, rounds: int) -> bool:
    """Whether two teams met three times or more (gacrux's rounded DE average)."""
    meetings: dict[frozenset[int], int] = {}
    for match in event.matches:
        if match.black is not None and match.round <= rounds:
            pair = frozenset((match.white, match.black))
            meetings[pair] = meetings.get(pair, 0) + 1
    return any(count >= 3 for count in meetings.values())
