"""The differential oracle: our pairing path and tie-breaks against gacrux, FIDE's checker.

One seeded tournament at a time comes from gacrux's own generator (`gacrux.tournamentgenerator`,
its command line parsed as `python -m gacrux.tournamentgenerator` would, its result model and
bye statistics), with what the generator does not make added by us before each round: absences
in round 1 and later, late entries, withdrawals and forbidden pairs. Each round is paired twice:

- by gacrux in-process, exactly as its generator pairs (the reference), and
- by our whole path: the Swiss service's request builder (`pairing_input.pairing_request` on an
  `EventState` of unsaved models: no database) and `arbiter.pairing.pair_round`, i.e. the TRF
  we write, the engine subprocess, the adapter and the validation.

Pairs, colours and the pairing bye must be equal. The round is then played with gacrux's
pairing and the generator's results. After the last round gacrux writes the TRF; our reader
and tie-breaks must give gacrux.tiebreakchecker's values (FB codes in a call of their own).
A difference is unlisted unless `known.classify` names it (docs/pairing.md, docs/tiebreaks.md).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from gacrux.gacruxexeptions import GacruxNoLegalPairing
from gacrux.pairingdutch import pairing_dutch
from gacrux.tournamentgenerator import tournamentgenerator
from gacrux.trf2json import trf2json

from arbiter.pairing import Board, pair_round
from arbiter.pairing.errors import NoValidPairing, PairingError
from arbiter.tournaments.models import ParticipantStatus, SwissParticipant, SwissTournament
from arbiter.tournaments.read.pairing_input import pairing_numbers, pairing_request
from arbiter.tournaments.read.state import Cell, EventState
from tests.tiebreaks.differential import compare_text

# The generator's result letters -> (white's TRF code, black's TRF code).
RESULT_CODES = {"W": ("1", "0"), "D": ("=", "="), "B": ("0", "1"), "+": ("+", "-"), "-": ("-", "+")}
# gacrux's result letter for each side of those results (its score system keys).
GACRUX_SIDES = {"W": ("W", "L"), "D": ("D", "D"), "B": ("L", "W"), "+": ("W", "Z"), "-": ("Z", "W")}
START_DATES = {"2023": "2025-06-01", "2026": "2026-06-01"}  # gacrux picks its rules by date


@dataclass
class Difference:
    kind: str  # "pairs", "colours", "bye", "engine", "tiebreak"
    detail: str


@dataclass
class TournamentReport:
    seed: int
    regulations: str
    rounds: int = 0
    boards: int = 0
    tiebreak_values: int = 0
    differences: list[Difference] = field(default_factory=list)


@dataclass(frozen=True)
class Plan:
    """What we add to the generator's tournament, drawn from the seed."""

    players: int
    rounds: int
    accelerated: bool
    top_colour: str
    late: dict[int, int]  # cid -> first round they play
    withdrawn: dict[int, int]  # cid -> first round they no longer play
    absences: frozenset[tuple[int, int]]  # (cid, round) kept out for that round only
    forbidden: frozenset[tuple[int, int]]


def plan_for(seed: int, *, small: bool = False) -> Plan:
    """`small`: 3-4 rounds of 7-16 players (the bounded run in `make test`)."""
    rng = random.Random(seed)
    players = rng.randint(7, 16 if small else 22)
    rounds = rng.randint(3, 4 if small else 7)
    cids = list(range(1, players + 1))
    late = {c: rng.randint(2, rounds) for c in rng.sample(cids, rng.randint(0, 2))}
    rest = [c for c in cids if c not in late]
    withdrawn = {c: rng.randint(2, rounds) for c in rng.sample(rest, rng.randint(0, 2))}
    absences = {(c, 1) for c in rng.sample(rest, rng.randint(0, 2))}  # top seeds too
    absences |= {(rng.choice(cids), rng.randint(2, rounds)) for _ in range(rng.randint(0, 3))}
    forbidden = {tuple(sorted(rng.sample(cids, 2))) for _ in range(rng.randint(0, 2))}
    return Plan(
        players=players,
        rounds=rounds,
        accelerated=rng.random() < 0.25,
        top_colour=rng.choice("wb"),
        late=late,
        withdrawn=withdrawn,
        absences=frozenset(absences),
        forbidden=frozenset((a, b) for a, b in forbidden),
    )


@contextmanager
def _argv(argv: list[str]) -> Iterator[None]:
    saved = sys.argv
    sys.argv = argv
    try:
        yield
    finally:
        sys.argv = saved


class _Stopped(Exception):
    """The round could not be paired (by either side): the tournament ends there."""


class _Generator(tournamentgenerator):
    """gacrux's generator, round by round, with our additions and our path beside it."""

    def __init__(self, plan: Plan, report: TournamentReport, seed: int, engine: str | None):
        super().__init__()
        argv = ["tournamentgenerator", "-p", str(plan.players), "-N", str(plan.rounds)]
        argv += ["-S", "0.03", "0.06", "0.04", "-o", "unused.trf"]
        argv += ["-a"] if plan.accelerated else []
        with _argv(argv):
            self.read_command_line()
        self.plan = plan
        self.report = report
        self.engine = engine
        self.statistics.set_seed(seed * 7919 + 4711)
        self.bye_rng = random.Random(seed)
        self.sheets: dict[int, dict[int, Cell]] = {c: {} for c in range(1, plan.players + 1)}
        self.joined: dict[int, int] = {}  # cid -> rounds missed before joining

    def gen(self, regulations: str) -> dict[str, Any]:
        event = self.gen_tournament(0 if self.plan.top_colour == "w" else 1)
        event["eventInfo"]["startDate"] = START_DATES[regulations]
        return event

    # The generator calls this once per round (its name and signature are gacrux's).
    def do_pairing(self, ch: Any, tournament: dict[str, Any], rnd: int) -> None:
        plan = self.plan
        tournament["currentRound"] = rnd
        if rnd == 1:
            tournament["prohibited"] = [
                {"firstRound": 1, "lastRound": plan.rounds, "competitors": [a, b]}
                for a, b in sorted(plan.forbidden)
            ]
        by_cid = {c["cid"]: c for c in tournament["competitors"]}
        kept_out: dict[int, str] = {}
        for cid in by_cid:
            if self._not_playing(cid, rnd):
                kept_out[cid] = "Z"
            elif (bye := self.statistics.has_bye()) != "":
                kept_out[cid] = bye
        if len(by_cid) - len(kept_out) < 2:
            kept_out = {c: k for c, k in kept_out.items() if self._not_playing(c, rnd)}
        for cid, competitor in by_cid.items():
            competitor["present"] = cid not in kept_out
        if plan.accelerated and rnd == 1:
            self._accelerate(tournament)

        request = self._our_request(rnd, kept_out)
        engine_pairing = pairing_dutch(tournament, rnd, self.params)
        self.dopairing, self.docheck, self.doanalysis = True, False, False
        try:
            result = self.compute_pairing(engine_pairing, self.params)
        except GacruxNoLegalPairing:
            self._compare_no_pairing(rnd, request)
            raise _Stopped from None
        pairs = [pair for level in result["checker"] for pair in level["pairs"]]
        theirs = {Board(p["w"], p["b"]) for p in pairs if p["b"] > 0}
        their_bye = next((p["w"] for p in pairs if p["b"] == 0), None)
        self._compare(rnd, request, theirs, their_bye)
        self._record_byes(ch, tournament, rnd, kept_out)
        self._play(ch, tournament, rnd, pairs)

    def _not_playing(self, cid: int, rnd: int) -> bool:
        plan = self.plan
        return (
            rnd < plan.late.get(cid, 1)
            or rnd >= plan.withdrawn.get(cid, plan.rounds + 1)
            or (cid, rnd) in plan.absences
        )

    def _accelerate(self, tournament: dict[str, Any]) -> None:
        # As the generator does it (C.04.5.1 Baku): GA is the first 2 * ceil(present / 4)
        # players present in round 1, with 1 virtual point then 1/2.
        present = [c["cid"] for c in tournament["competitors"] if c["present"]]
        group = ((len(present) + 3) // 4) * 2
        rounds = self.plan.rounds
        spans = [(1, (rounds + 3) // 4, "1.0"), ((rounds + 3) // 4 + 1, (rounds + 1) // 2, "0.5")]
        tournament["accelerated"]["values"] = [
            {
                "matchPoints": Decimal(points) * 2,
                "gamePoints": Decimal(points),
                "firstRound": first,
                "lastRound": last,
                "firstCompetitor": 1,
                "lastCompetitor": present[min(group, len(present)) - 1],
            }
            for first, last, points in spans
            if first <= last
        ]

    def _our_request(self, rnd: int, kept_out: dict[int, str]) -> Any:
        plan = self.plan
        tournament = SwissTournament(
            id=1,
            name="differential",
            num_rounds=plan.rounds,
            initial_colour="white" if plan.top_colour == "w" else "black",
            accelerated=plan.accelerated,
        )
        participants = {}
        for cid in range(1, plan.players + 1):
            if rnd < plan.late.get(cid, 1):
                continue  # not entered yet: the service does not know them
            participants[cid] = SwissParticipant(
                id=cid,
                tournament=tournament,
                name=f"Player {cid:4}",
                rating=2200 - 10 * cid,
                start_number=cid,
                joined_after_round=plan.late.get(cid, 1) - 1,
                status=ParticipantStatus.PAUSED
                if kept_out.get(cid) == "Z"
                else ParticipantStatus.ACTIVE,
            )
        sheets = {cid: dict(self.sheets[cid]) for cid in participants}
        state = EventState(tournament, participants, [], {}, sheets)
        numbers = pairing_numbers(state)
        assert all(numbers[cid] == cid for cid in participants) or plan.late, numbers
        self.numbers = numbers
        half = {cid for cid, kind in kept_out.items() if kind == "H" and cid in participants}
        forbidden = {(a, b) for a, b in plan.forbidden if a in participants and b in participants}
        return pairing_request(
            state, round_number=rnd, numbers=numbers, half_byes=half, forbidden=forbidden
        )

    def _compare(self, rnd: int, request: Any, theirs: set[Board], their_bye: int | None) -> None:
        report = self.report
        report.rounds += 1
        report.boards += len(theirs)
        to_cid = {number: cid for cid, number in self.numbers.items()}
        where = f"{report.regulations} seed {report.seed} round {rnd}"
        try:
            pairing = pair_round(request, engine=self.engine)
        except PairingError as error:
            report.differences.append(Difference("engine", f"{where}: {error}"))
            return
        ours = {Board(to_cid[b.white], to_cid[b.black]) for b in pairing.boards}
        our_bye = None if pairing.bye is None else to_cid[pairing.bye]
        our_pairs = {frozenset((b.white, b.black)) for b in ours}
        if our_pairs != {frozenset((b.white, b.black)) for b in theirs}:
            mine, reference = sorted(map(_key, ours)), sorted(map(_key, theirs))
            detail = f"{where}: ours {mine}, gacrux {reference}"
            report.differences.append(Difference("pairs", detail))
        elif ours != theirs:
            flipped = sorted(_key(b) for b in ours - theirs)
            report.differences.append(Difference("colours", f"{where}: ours {flipped}"))
        if our_bye != their_bye:
            report.differences.append(
                Difference("bye", f"{where}: ours {our_bye}, gacrux {their_bye}")
            )

    def _compare_no_pairing(self, rnd: int, request: Any) -> None:
        """gacrux finds no legal pairing: ours must say the same (the event stops here)."""
        self.report.rounds += 1
        where = f"{self.report.regulations} seed {self.report.seed} round {rnd}"
        try:
            pairing = pair_round(request, engine=self.engine)
        except NoValidPairing:
            return
        except PairingError as error:
            self.report.differences.append(Difference("engine", f"{where}: {error}"))
            return
        detail = f"{where}: gacrux finds no legal pairing, ours paired {pairing.boards}"
        self.report.differences.append(Difference("no-pairing", detail))

    def _record_byes(
        self, ch: Any, tournament: dict[str, Any], rnd: int, kept_out: dict[int, str]
    ) -> None:
        draw = tournament["scoreSystem"]["game"]["D"]
        for cid, kind in kept_out.items():
            game = {
                "id": 0,
                "round": rnd,
                "white": {"cid": cid, "result": "D" if kind == "H" else "Z"},
                "black": None,
                "played": False,
                "rated": False,
            }
            ch.append_result(tournament["gameList"], game)
            if kind == "H":
                _competitor(tournament, cid)["gamePoints"] += draw
            self.sheets[cid][rnd] = Cell(None, None, kind)

    def _play(
        self, ch: Any, tournament: dict[str, Any], rnd: int, pairs: list[dict[str, Any]]
    ) -> None:
        points = tournament["scoreSystem"]["game"]
        for pair in pairs:
            white = _competitor(tournament, pair["w"])
            if pair["b"] == 0:
                letter = points["P"]  # the result letter a pairing-allocated bye scores as
                white["gamePoints"] += points[letter]
                game = {"id": 0, "round": rnd, "white": {"cid": pair["w"], "result": letter}}
                game |= {"black": {"cid": 0, "result": None}, "played": True, "rated": False}
                ch.append_result(tournament["gameList"], game)
                self.sheets[pair["w"]][rnd] = Cell(None, None, "U")
                continue
            black = _competitor(tournament, pair["b"])
            outcome = self.statistics.result(white["realRating"], black["realRating"])
            white_side, black_side = GACRUX_SIDES[outcome]
            white["gamePoints"] += points[white_side]
            black["gamePoints"] += points[black_side]
            played = outcome in "WDB"
            game = {
                "id": 0,
                "round": rnd,
                "white": {"cid": pair["w"], "result": white_side},
                "black": {"cid": pair["b"], "result": black_side},
                "played": played,
                "rated": played,
            }
            ch.append_result(tournament["gameList"], game)
            white_code, black_code = RESULT_CODES[outcome]
            self.sheets[pair["w"]][rnd] = Cell(pair["b"], "w", white_code)
            self.sheets[pair["b"]][rnd] = Cell(pair["w"], "b", black_code)


def _competitor(tournament: dict[str, Any], cid: int) -> dict[str, Any]:
    return next(c for c in tournament["competitors"] if c["cid"] == cid)


def _key(board: Board) -> str:
    return f"{board.white}-{board.black}"


def compare_tournament(
    seed: int,
    regulations: str = "2026",
    *,
    engine: str | None = None,
    tiebreaks: bool = True,
    small: bool = False,
) -> tuple[TournamentReport, str]:
    """Pair every round both ways; returns the report and gacrux's TRF of the tournament."""
    plan = plan_for(seed, small=small)
    report = TournamentReport(seed=seed, regulations=regulations)
    generator = _Generator(plan, report, seed, engine)
    try:
        event = generator.gen(regulations)
    except _Stopped:
        return report, ""
    trf_text = trf2json().output_file(event, 1, False)
    if tiebreaks:
        found, _, compared = compare_text(trf_text, regulations, f"seed {seed}")
        report.tiebreak_values += compared
        report.differences += [Difference("tiebreak", line) for line in found]
    return report, trf_text
