"""The differential oracle for team Swiss events (FIDE C.04.6): our path against gacrux.

One seeded team tournament at a time, built with gacrux's own generator pieces: its rating
model (`tournamentgenerator`'s top rating, step and sigma for the field), its result model
(`drawresult`, one draw per board, with its forfeit share) and its bye draw (`has_bye`: teams
with a half-point bye or absent). Added by us: reserves and line-ups (a reserve in, now and
then out of squad order), boards nobody played, whole matches forfeited (one team or both),
absent teams, a forbidden pair. Each round is paired twice:

- by gacrux's `pairing_fideteam` in-process, on a JSON tournament built here the way gacrux's
  reader (`trf2json` + `games2matches`) builds one (the reference), and
- by our whole path: `pair_team_round` on the `TeamEvent` of the same history (our TRF-2026
  team records, the gacrux subprocess, our parsing and validation).

Pairs, colours and the pairing-allocated bye must be equal. The round is then played with
gacrux's pairing. After the last round our TRF (`team_event_to_trf`) must be read by gacrux's
`trf2json` with status 0 as the same matches, colours and match results, read back by our
reader as the same event, and is handed to the tie-break comparison
(`tests/tiebreaks/team_differential.compare_team_trf`).
A difference is unlisted unless `team_known.classify` names it (docs/team-swiss.md).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Literal

import gacrux.pairingfideteam  # noqa: F401  (warm for the forked engine runs)
from gacrux.drawresult import drawresult
from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingfideteam import pairing_fideteam
from gacrux.trf2json import trf2json

from arbiter.pairing.errors import NoValidPairing, PairingError
from arbiter.pairing.team import pair_team_round
from arbiter.pairing.team.engine import SCORE_TOKENS
from arbiter.trf.reader import read_trf
from arbiter.trf.team_event import (
    BoardGame,
    Match,
    Points,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
    board_colour,
)
from arbiter.trf.team_trf import match_played, match_scores, team_event_from_trf, team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.team_differential import compare_team_trf

# drawresult's letters -> the board result from White's side.
BOARD_RESULTS = {"W": "1-0", "D": "1/2", "B": "0-1", "+": "+-", "-": "-+"}
# The board result -> gacrux's result letters of (white, black), and whether it was played.
GACRUX_SIDES: dict[str, tuple[str, str, bool]] = {
    "1-0": ("W", "L", True),
    "0-1": ("L", "W", True),
    "1/2": ("D", "D", True),
    "+-": ("W", "Z", False),
    "-+": ("Z", "W", False),
    "--": ("Z", "Z", False),
}


@dataclass
class Difference:
    kind: str  # "pairs", "colours", "bye", "engine", "trf", "roundtrip", "tiebreak"
    detail: str


@dataclass
class TeamReport:
    seed: int
    label: str = ""
    rounds: int = 0
    matches: int = 0
    tiebreak_values: int = 0
    differences: list[Difference] = field(default_factory=list)


@dataclass(frozen=True)
class TeamPlan:
    """What a seed draws: the shape of the event and how often things go wrong."""

    teams: int
    boards: int
    rounds: int
    reserves: tuple[int, ...]  # per team
    colour_model: Literal["typea", "typeb", "nocolor"]
    primary: Literal["mp", "gp"]
    secondary_used: bool
    match_points: tuple[int, int, int]
    pab_draw: bool  # the PAB worth a draw's match points (gacrux's default), else a win's
    initial_colour: Literal["white", "black"]
    forbidden: tuple[tuple[int, int], ...]
    absent_share: float
    half_bye_share: float
    board_forfeit_share: float
    match_forfeit_share: float

    @property
    def label(self) -> str:
        scores = SCORE_TOKENS[(self.primary, self.secondary_used)]
        points = "/".join(str(p) for p in self.match_points)
        return (
            f"{self.teams} teams x {self.boards} boards, {self.rounds} rounds, "
            f"{self.colour_model} {scores} {points}"
        )


def plan_for(seed: int, *, small: bool = False) -> TeamPlan:
    """`small`: 5-8 teams of 2 or 4 boards, 3-4 rounds (the bounded run in `make test`)."""
    rng = random.Random(seed * 7907 + 31)
    teams = rng.randint(5, 8 if small else 20)
    boards = rng.choice((2, 4) if small else (2, 4, 6, 8))
    rounds = min(rng.randint(3, 4 if small else 9), teams - 1)
    return TeamPlan(
        teams=teams,
        boards=boards,
        rounds=rounds,
        reserves=tuple(rng.choice((0, 0, 1, 2)) for _ in range(teams)),
        colour_model=rng.choice(("typea", "typeb", "nocolor")),
        primary=rng.choice(("mp", "mp", "gp")),
        secondary_used=rng.random() < 0.8,
        match_points=rng.choice(((2, 1, 0), (3, 1, 0))),
        pab_draw=rng.random() < 0.3,
        initial_colour=rng.choice(("white", "black")),
        forbidden=tuple(
            tuple(sorted(rng.sample(range(1, teams + 1), 2))) for _ in range(rng.choice((0, 0, 1)))
        ),
        absent_share=rng.choice((0.0, 0.03, 0.08)),
        half_bye_share=rng.choice((0.0, 0.03)),
        board_forfeit_share=rng.choice((0.0, 0.03, 0.06)),
        match_forfeit_share=rng.choice((0.0, 0.03, 0.06)),
    )


def build_field(
    plan: TeamPlan, stats: drawresult
) -> tuple[tuple[Team, ...], tuple[TeamPlayer, ...], dict[int, int]]:
    """Teams and players: ratings from gacrux's generator model (its top rating and step for a
    field of this size, its sigma drawn by `drawresult.add_sigma`), squads in rating order,
    TPNs by the average rating of the first `boards` players (C.04.6 art. 1.1: the rules of
    the competition decide; strongest first is the usual). Returns the true strengths too."""
    size = sum(plan.boards + r for r in plan.reserves)
    step = 10 if size < 85 else 600.0 / size
    rtop = 2200 if size < 65 else 2400
    strengths = [int(rtop - step * n) for n in range(1, size + 1)]
    random.shuffle(strengths)
    squads: list[list[int]] = []
    start = 0
    for reserves in plan.reserves:
        count = plan.boards + reserves
        squads.append(sorted(strengths[start : start + count], reverse=True))
        start += count
    order = sorted(range(plan.teams), key=lambda i: -sum(squads[i][: plan.boards]) / plan.boards)
    teams, players, truth = [], [], {}
    number = 1
    for tpn, index in enumerate(order, start=1):
        numbers = []
        for strength in squads[index]:
            published = stats.add_sigma(strength)
            players.append(TeamPlayer(number, f"Player {number:03d}, T{tpn}", published))
            truth[number] = strength
            numbers.append(number)
            number += 1
        teams.append(Team(tpn, f"Team {tpn:02d}", tuple(numbers), nickname=f"T{tpn}"))
    return tuple(teams), tuple(players), truth


def new_event(
    plan: TeamPlan, teams: tuple[Team, ...], players: tuple[TeamPlayer, ...]
) -> TeamEvent:
    win, draw, loss = (Decimal(p) for p in plan.match_points)
    return TeamEvent(
        name="Differential team Swiss",
        boards=plan.boards,
        total_rounds=plan.rounds,
        teams=teams,
        players=players,
        scores=ScoreSystem(
            match=Points(win, draw, loss),
            pab_match=draw if plan.pab_draw else win,
            primary=plan.primary,
            secondary_used=plan.secondary_used,
        ),
        colour_model=plan.colour_model,
        initial_colour=plan.initial_colour,
        tiebreaks=("MPvGP", "BH:MP/C1", "EDET"),
        forbidden=plan.forbidden,
        start_date="2026/03/01",
        end_date="2026/03/09",
    )


# --- the reference: gacrux's JSON tournament, built from the event -----------------------


def gacrux_tournament(event: TeamEvent, round_number: int, kept_out: frozenset[int]) -> dict:
    """The JSON tournament gacrux's reader would hold for the finished rounds of `event`, as
    `pairing_fideteam` reads it (competitors, gameList, matchList, scoreSystem...)."""
    scores = event.scores
    game = scores.game
    match = scores.match
    pab_game = scores.pab_game if scores.pab_game is not None else game.win * event.boards
    score_system: dict[str, Any] = {
        "game": {"W": game.win, "D": game.draw, "L": game.loss, "F": "W", "H": "D",
                 "Z": Decimal(0), "P": "W", "A": "D", "U": "Z"},
        "match": {"W": match.win, "D": match.draw, "L": match.loss, "F": "W", "H": "D",
                  "Z": Decimal(0), "P": scores.pab_match, "A": "D", "U": "Z",
                  "FG": "W*", "HG": "D*", "ZG": "Z*", "PG": pab_game},
        "primary": "match" if scores.primary == "mp" else "game",
    }  # fmt: skip
    if scores.secondary_used:
        score_system["secondary"] = "game" if scores.primary == "mp" else "match"
    team_of = {p: team.tpn for team in event.teams for p in team.players}
    competitors = [
        {
            "cid": team.tpn,
            "teamId": team.tpn,
            "rank": team.tpn,
            "random": team.tpn,  # set: gacrux would draw one from the shared random stream
            "present": team.tpn not in kept_out,
            "matchPoints": Decimal(0),
            "gamePoints": Decimal(0),
            "rating": None,
            "cplayers": [
                {"cid": p, "teamId": team.tpn, "order": i + 1} for i, p in enumerate(team.players)
            ],
        }
        for team in sorted(event.teams, key=lambda t: t.tpn)
    ]
    games: list[dict] = []
    matches: list[dict] = []
    ids = iter(range(1, 10**9))
    for m in sorted(event.matches, key=lambda m: (m.round, m.white)):
        if m.round >= round_number:
            continue
        if m.black is None:
            matches.append(_alone(next(ids), m.round, m.white, "P", played=True, games=[]))
            continue
        ids_of_match = []
        for board in m.games:
            white_letter, black_letter, played = GACRUX_SIDES[board.result]
            if board.white is None and board.black is None:
                continue
            if board.white is None or board.black is None:
                present = board.white if board.white is not None else board.black
                letter = white_letter if board.white is not None else black_letter
                entry = _alone(next(ids), m.round, present, letter, played=False, board=board.board)
            else:
                entry = {"id": next(ids), "round": m.round,
                         "white": {"cid": board.white, "result": white_letter},
                         "black": {"cid": board.black, "result": black_letter},
                         "played": played, "rated": played, "board": board.board}  # fmt: skip
            assert team_of.get(entry["white"]["cid"]) in (m.white, m.black)
            games.append(entry)
            ids_of_match.append(entry["id"])
        played = match_played(m, scores, event.boards)
        got = match_scores(m, scores, event.boards)
        white_points, black_points = got[m.white].game, got[m.black].game
        loss = "L" if played else "Z"
        if white_points > black_points:
            letters = ("W", loss)
        elif black_points > white_points:
            letters = (loss, "W")
        elif white_points > 0:
            letters = ("D", "D")
        else:
            letters = (loss, loss)
        matches.append({"id": next(ids), "round": m.round,
                        "white": {"cid": m.white, "result": letters[0]},
                        "black": {"cid": m.black, "result": letters[1]},
                        "played": played, "rated": False, "games": ids_of_match})  # fmt: skip
    for bye in event.byes:
        if bye.round < round_number:
            letter = {"H": "D", "F": "W", "Z": "Z"}[bye.kind]
            matches.append(_alone(next(ids), bye.round, bye.tpn, letter, played=False, games=[]))
    scores_token = SCORE_TOKENS[(scores.primary, scores.secondary_used)]
    return {
        "tournamentNo": 1,
        "tournamentType": "Swiss",
        "ratingList": "TRF",
        "numRounds": event.total_rounds,
        "currentRound": round_number,
        "teamTournament": True,
        "rankOrder": ["PTS"],
        "competitors": competitors,
        "teamSize": event.boards,
        "teamSequence": "".join(board_colour(b).upper() for b in range(1, event.boards + 1)),
        "scoreSystem": score_system,
        "gameList": games,
        "matchList": matches,
        "pairingSystem": ["fideteam", event.colour_model, scores_token],
        "topColor": "w" if event.initial_colour == "white" else "b",
        "topColorExplicit": True,
        "maxMeets": 1,
        "prohibited": [
            {"firstRound": 1, "lastRound": event.total_rounds, "competitors": [a, b]}
            for a, b in event.forbidden
        ],
        "timeControl": {"description": "", "encoded": ""},
        "tournamentInfo": {"startDate": "2026-03-01"},
    }


def _alone(id_: int, rnd: int, cid: int, result: str, *, played: bool, **extra: Any) -> dict:
    """A game or match with one side only (a bye, or a board whose opponent nobody played)."""
    return {
        "id": id_,
        "round": rnd,
        "white": {"cid": cid, "result": result},
        "black": None,
        "played": played,
        "rated": False,
        **extra,
    }


def gacrux_pairing(
    event: TeamEvent, round_number: int, kept_out: frozenset[int]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """gacrux's pairs (white, black) and bye, or None when it finds no legal pairing."""
    tournament = gacrux_tournament(event, round_number, kept_out)
    params = {"experimental": [], "verbose": 0, "top_color": tournament["topColor"]}
    engine = pairing_fideteam(tournament, round_number, params)
    try:
        brackets = engine.compute_pairing(False)
    except GacruxNoLegalPairing:
        return None
    pairs = sorted(
        (p for b in brackets if b and "pairs" in b for p in b["pairs"]), key=lambda p: p["board"]
    )
    if not pairs:
        return None
    matches = [(p["w"], p["b"]) for p in pairs if p["b"] > 0 and p["w"] > 0]
    bye = next((p["w"] or p["b"] for p in pairs if p["b"] == 0 or p["w"] == 0), None)
    return matches, bye


# --- playing a round ---------------------------------------------------------------------


class _Round:
    """Line-ups and board results of one round, drawn from the seed's streams."""

    def __init__(
        self,
        plan: TeamPlan,
        event: TeamEvent,
        truth: dict[int, int],
        rng: random.Random,
        stats: drawresult,
    ):
        self.plan = plan
        self.event = event
        self.truth = truth
        self.rng = rng
        self.stats = stats

    def lineup(self, team: Team) -> list[int]:
        squad = list(team.players)
        boards = self.plan.boards
        chosen = squad[:boards]
        reserves = squad[boards:]
        if reserves and self.rng.random() < 0.3:
            out = self.rng.randrange(boards)
            chosen[out] = self.rng.choice(reserves)
            chosen.sort(key=squad.index)
        if self.rng.random() < 0.05:  # out of the squad's order (a 300 record)
            i, j = self.rng.sample(range(boards), 2)
            chosen[i], chosen[j] = chosen[j], chosen[i]
        return chosen

    def match(self, rnd: int, white: int, black: int) -> Match:
        teams = {t.tpn: t for t in self.event.teams}
        boards = self.plan.boards
        forfeit = self.rng.random() < self.plan.match_forfeit_share
        missing = self.rng.choice(("white", "black", "white", "black", "both")) if forfeit else ""
        white_lineup = (
            [None] * boards if missing in ("white", "both") else self.lineup(teams[white])
        )
        black_lineup = (
            [None] * boards if missing in ("black", "both") else self.lineup(teams[black])
        )
        games = []
        for board in range(1, boards + 1):
            first = board_colour(board) == "w"
            wp = (white_lineup if first else black_lineup)[board - 1]
            bp = (black_lineup if first else white_lineup)[board - 1]
            if wp is None and bp is None:
                games.append(BoardGame(board, None, None, "--"))
                continue
            if wp is None or bp is None:
                games.append(BoardGame(board, wp, bp, "+-" if bp is None else "-+"))
                continue
            letter = self.stats.result(self.truth[wp], self.truth[bp])
            result = BOARD_RESULTS[letter]
            if letter in "+-" and self.rng.random() < 0.5:  # the player who did not come
                if letter == "+":
                    bp = None
                else:
                    wp = None
            games.append(BoardGame(board, wp, bp, result))
        return Match(rnd, white, black, tuple(games))


def _kept_out(
    plan: TeamPlan, rng: random.Random, teams: int
) -> tuple[dict[int, Literal["H", "F"]], set[int]]:
    """(teams with a requested bye: mostly half-point, now and then full-point; teams
    absent) for a round."""
    byes: dict[int, Literal["H", "F"]] = {}
    absent: set[int] = set()
    for tpn in range(1, teams + 1):
        draw = rng.random()
        if draw < plan.absent_share:
            absent.add(tpn)
        elif draw < plan.absent_share + plan.half_bye_share:
            byes[tpn] = "F" if rng.random() < 0.25 else "H"
    if teams - len(byes) - len(absent) < 2:
        return {}, set()
    return byes, absent


# --- the comparison ------------------------------------------------------------------------


def compare_team_tournament(
    seed: int, *, small: bool = False, tiebreaks: bool = True
) -> tuple[TeamReport, TeamEvent]:
    """Play seed `seed` round by round, comparing each pairing; the report and the event."""
    plan = plan_for(seed, small=small)
    # drawresult draws from the random module's stream; gacrux's generator seeds it so.
    stats = drawresult(seed * 10000 + 4711)
    stats.set_sigma(50.0)
    stats.set_team(1)  # one draw per board
    stats.set_params(0.0, 0.0, plan.board_forfeit_share)
    rng = random.Random(seed)
    teams, players, truth = build_field(plan, stats)
    event = new_event(plan, teams, players)
    report = TeamReport(seed=seed, label=plan.label)
    for rnd in range(1, plan.rounds + 1):
        requested, absent = _kept_out(plan, rng, plan.teams)
        event = dataclasses.replace(
            event,
            byes=event.byes + tuple(TeamBye(rnd, t, requested[t]) for t in sorted(requested)),
        )
        kept_out = frozenset(set(requested) | absent)
        theirs = gacrux_pairing(event, rnd, kept_out)
        ours_error: PairingError | None = None
        try:
            ours = pair_team_round(event, rnd, absent=frozenset(absent))
        except PairingError as error:
            ours_error = error
        where = f"seed {seed} ({plan.label}), round {rnd}"
        if theirs is None:
            if not isinstance(ours_error, NoValidPairing):
                report.differences.append(
                    Difference(
                        "engine", f"{where}: gacrux finds no pairing, we got {ours_error or ours}"
                    )
                )
            break
        their_matches, their_bye = theirs
        if ours_error is not None:
            report.differences.append(Difference("engine", f"{where}: {ours_error}"))
        else:
            _compare(report, where, their_matches, their_bye, ours.matches, ours.bye)
        report.rounds += 1
        report.matches += len(their_matches)
        round_stream = _Round(plan, event, truth, rng, stats)
        played = [round_stream.match(rnd, w, b) for w, b in their_matches]
        if their_bye is not None:
            played.append(Match(rnd, their_bye, None))
        event = dataclasses.replace(
            event,
            matches=event.matches + tuple(played),
            byes=event.byes + tuple(TeamBye(rnd, t, "Z") for t in sorted(absent)),
        )
    _check_trf(report, event, tiebreaks=tiebreaks)
    return report, event


def _compare(
    report: TeamReport,
    where: str,
    theirs: list[tuple[int, int]],
    their_bye: int | None,
    ours: tuple,
    our_bye: int | None,
) -> None:
    their_pairs = {frozenset(p) for p in theirs}
    our_pairs = {frozenset((m.white, m.black)) for m in ours}
    if their_pairs != our_pairs:
        report.differences.append(
            Difference(
                "pairs",
                f"{where}: gacrux {sorted(sorted(p) for p in their_pairs)}, "
                f"ours {sorted(sorted(p) for p in our_pairs)}",
            )
        )
    else:
        our_colours = {(m.white, m.black) for m in ours}
        if set(theirs) != our_colours:
            report.differences.append(
                Difference(
                    "colours", f"{where}: gacrux {sorted(theirs)}, ours {sorted(our_colours)}"
                )
            )
    if their_bye != our_bye:
        report.differences.append(Difference("bye", f"{where}: gacrux {their_bye}, ours {our_bye}"))


def _check_trf(report: TeamReport, event: TeamEvent, *, tiebreaks: bool) -> None:
    where = f"seed {report.seed} ({report.label})"
    text = write_trf(team_event_to_trf(event))
    reader = trf2json()
    try:
        reader.parse_file(text, False)
    except Exception as error:  # gacrux raises its own errors for files it refuses
        report.differences.append(Difference("trf", f"{where}: gacrux refuses our TRF: {error}"))
        return
    status = reader.chessjson["status"]
    if status.get("code") != 0 or status.get("info") or status.get("error"):
        report.differences.append(Difference("trf", f"{where}: gacrux reads our TRF with {status}"))
    tournament = reader.get_tournament(1)
    theirs = _match_rows(tournament["matchList"])
    ours = _match_rows(gacrux_tournament(event, event.total_rounds + 1, frozenset())["matchList"])
    if theirs != ours:
        extra = sorted(set(theirs) - set(ours))[:3]
        missing = sorted(set(ours) - set(theirs))[:3]
        report.differences.append(
            Difference("trf", f"{where}: gacrux reads matches {extra} not {missing}")
        )
    back = team_event_from_trf(read_trf(text))
    expected = dataclasses.replace(
        event,
        matches=tuple(sorted(event.matches, key=lambda m: (m.round, m.white))),
        byes=tuple(sorted(event.byes, key=lambda b: (b.round, b.tpn))),
    )
    if back != expected:
        fields = [
            f.name
            for f in dataclasses.fields(event)
            if getattr(back, f.name) != getattr(expected, f.name)
        ]
        report.differences.append(
            Difference("roundtrip", f"{where}: our reader differs in {fields}")
        )
    if tiebreaks:
        problems, compared = compare_team_trf(text, event, where)
        report.tiebreak_values += compared
        report.differences += [Difference("tiebreak", f"{where}: {p}") for p in problems]


def _match_rows(matches: list[dict]) -> list[tuple]:
    """(round, white, black, results, played) of each match; a loss in a match nobody played
    is `Z` or `L` as gacrux's reader happens to leave it (both are no points)."""

    def letter(side: dict | None) -> str | None:
        result = (side or {}).get("result")
        return "L" if result == "Z" else result

    return sorted(
        (m["round"], m["white"]["cid"], (m.get("black") or {}).get("cid", 0),
         letter(m["white"]), letter(m.get("black")), bool(m.get("played")))
        for m in matches
    )  # fmt: skip
