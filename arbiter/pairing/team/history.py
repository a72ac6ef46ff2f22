"""What the finished rounds of a team event say, for the request checks and the validation."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.pairing.errors import PairingRequestInvalid
from arbiter.trf.team_event import BOARD_RESULTS, PLAYED_RESULTS, TeamEvent
from arbiter.trf.team_trf import match_played, match_scores


@dataclass(frozen=True, slots=True)
class TeamFacts:
    """`met`: pairs of TPNs that played a match before (a match forfeited as a whole is no
    meeting: `team_trf.match_played`, gacrux's reading); `no_bye`: teams
    C.04.6 art. 2.1.2 [C2] keeps from the pairing-allocated bye (they had one, a full-point
    bye, or won a match by forfeit: gacrux's reading); `kept_out`: teams not paired in the
    round (a requested bye in the round, or absent)."""

    teams: frozenset[int]
    met: frozenset[frozenset[int]]
    no_bye: frozenset[int]
    kept_out: frozenset[int]
    forbidden: frozenset[frozenset[int]]

    @property
    def to_pair(self) -> frozenset[int]:
        return self.teams - self.kept_out


def team_facts(event: TeamEvent, round_number: int, absent: frozenset[int]) -> TeamFacts:
    """The facts, after checking the request (`PairingRequestInvalid` naming what is wrong)."""
    problems = request_problems(event, round_number, absent)
    if problems:
        raise PairingRequestInvalid("; ".join(problems))
    met: set[frozenset[int]] = set()
    no_bye: set[int] = set()
    for match in event.matches:
        if match.round >= round_number:
            continue
        if match.black is None:
            no_bye.add(match.white)
            continue
        if match_played(match, event.scores, event.boards):
            met.add(frozenset((match.white, match.black)))
        else:
            for tpn, score in match_scores(match, event.scores, event.boards).items():
                if score.match == event.scores.match.win and score.game > 0:
                    no_bye.add(tpn)
    no_bye |= {b.tpn for b in event.byes if b.round < round_number and b.kind == "F"}
    kept_out = set(absent) | {b.tpn for b in event.byes if b.round == round_number}
    return TeamFacts(
        teams=frozenset(team.tpn for team in event.teams),
        met=frozenset(met),
        no_bye=frozenset(no_bye),
        kept_out=frozenset(kept_out),
        forbidden=frozenset(frozenset(pair) for pair in event.forbidden),
    )


def request_problems(event: TeamEvent, round_number: int, absent: frozenset[int]) -> list[str]:
    problems: list[str] = []
    tpns = sorted(team.tpn for team in event.teams)
    if tpns != list(range(1, len(tpns) + 1)):
        problems.append(f"team pairing numbers must be 1..{len(tpns)}, got {tpns}")
    if event.boards < 1:
        problems.append(f"the event has {event.boards} boards")
    if not 1 <= round_number <= event.total_rounds:
        problems.append(f"round {round_number} is not one of the rounds 1..{event.total_rounds}")
    numbers = {p.number for p in event.players}
    for team in event.teams:
        unknown = [p for p in team.players if p not in numbers]
        if unknown:
            problems.append(f"team {team.tpn} names unknown players {unknown}")
    known = set(tpns)
    if bad := sorted(set(absent) - known):
        problems.append(f"absent teams {bad} are not teams of the event")
    for a, b in event.forbidden:
        if a not in known or b not in known or a == b:
            problems.append(f"forbidden pair ({a}, {b}) does not name two teams of the event")
    seen: dict[int, set[int]] = {}
    for match in event.matches:
        for tpn in (match.white, match.black):
            if tpn is None:
                continue
            in_round = seen.setdefault(match.round, set())
            if tpn not in known:
                problems.append(f"round {match.round}: a match names team {tpn}, not a team")
            elif tpn in in_round:
                problems.append(f"round {match.round}: team {tpn} is paired twice")
            in_round.add(tpn)
        if match.round == round_number:
            problems.append(f"round {round_number} is already paired (team {match.white})")
        elif match.round < round_number and match.black is not None:
            problems += _unfinished(event, match.round, match.white, match.black, match.games)
    for bye in event.byes:
        if bye.round < round_number and bye.tpn in seen.get(bye.round, set()):
            problems.append(f"round {bye.round}: team {bye.tpn} has a bye and a match")
    if not problems:
        kept_out = set(absent) | {b.tpn for b in event.byes if b.round == round_number}
        if len(known - kept_out) < 2:
            problems.append(
                f"fewer than two teams to pair in round {round_number} "
                f"({len(known - kept_out)} of {len(known)})"
            )
    return problems


def _unfinished(event: TeamEvent, rnd: int, white: int, black: int, games: tuple) -> list[str]:
    where = f"round {rnd}, match {white}-{black}"
    if len(games) != event.boards:
        return [f"{where} has {len(games)} boards, not {event.boards}"]
    out = []
    for game in games:
        if game.result not in BOARD_RESULTS:
            out.append(f"{where}, board {game.board} has no result")
        elif game.result in PLAYED_RESULTS and (game.white is None or game.black is None):
            out.append(f"{where}, board {game.board}: a played result with a player missing")
    return out
