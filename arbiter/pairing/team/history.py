"""What the finished rounds of a team event say, for the request checks and the validation."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.pairing.errors import PairingRequestInvalid
from arbiter.trf.i18n import gettext as _
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
        problems.append(
            _("team pairing numbers must be 1..%(count)s, got %(numbers)s")
            % {"count": len(tpns), "numbers": tpns}
        )
    if event.boards < 1:
        problems.append(_("the event has %(boards)s boards") % {"boards": event.boards})
    if not 1 <= round_number <= event.total_rounds:
        problems.append(
            _("round %(round)s is not one of the rounds 1..%(total_rounds)s")
            % {"round": round_number, "total_rounds": event.total_rounds}
        )
    numbers = {p.number for p in event.players}
    for team in event.teams:
        unknown = [p for p in team.players if p not in numbers]
        if unknown:
            problems.append(
                _("team %(team)s names unknown players %(unknown)s")
                % {"team": team.tpn, "unknown": unknown}
            )
    known = set(tpns)
    if bad := sorted(set(absent) - known):
        problems.append(_("absent teams %(teams)s are not teams of the event") % {"teams": bad})
    for a, b in event.forbidden:
        if a not in known or b not in known or a == b:
            problems.append(
                _("forbidden pair (%(team_a)s, %(team_b)s) does not name two teams of the event")
                % {"team_a": a, "team_b": b}
            )
    seen: dict[int, set[int]] = {}
    for match in event.matches:
        for tpn in (match.white, match.black):
            if tpn is None:
                continue
            in_round = seen.setdefault(match.round, set())
            if tpn not in known:
                problems.append(
                    _("round %(round)s: a match names team %(team)s, not a team")
                    % {"round": match.round, "team": tpn}
                )
            elif tpn in in_round:
                problems.append(
                    _("round %(round)s: team %(team)s is paired twice")
                    % {"round": match.round, "team": tpn}
                )
            in_round.add(tpn)
        if match.round == round_number:
            problems.append(
                _("round %(round)s is already paired (team %(white)s)")
                % {"round": round_number, "white": match.white}
            )
        elif match.round < round_number and match.black is not None:
            problems += _unfinished(event, match.round, match.white, match.black, match.games)
    for bye in event.byes:
        if bye.round < round_number and bye.tpn in seen.get(bye.round, set()):
            problems.append(
                _("round %(round)s: team %(team)s has a bye and a match")
                % {"round": bye.round, "team": bye.tpn}
            )
    if not problems:
        kept_out = set(absent) | {b.tpn for b in event.byes if b.round == round_number}
        if len(known - kept_out) < 2:
            problems.append(
                _("fewer than two teams to pair in round %(round)s (%(count)s of %(teams)s)")
                % {
                    "round": round_number,
                    "count": len(known - kept_out),
                    "teams": len(known),
                }
            )
    return problems


def _unfinished(event: TeamEvent, rnd: int, white: int, black: int, games: tuple) -> list[str]:
    where = _("round %(round)s, match %(white)s-%(black)s") % {
        "round": rnd,
        "white": white,
        "black": black,
    }
    if len(games) != event.boards:
        return [
            _("%(where)s has %(count)s boards, not %(boards)s")
            % {"where": where, "count": len(games), "boards": event.boards}
        ]
    out = []
    for game in games:
        if game.result not in BOARD_RESULTS:
            out.append(
                _("%(where)s, board %(board)s has no result")
                % {"where": where, "board": game.board}
            )
        elif game.result in PLAYED_RESULTS and (game.white is None or game.black is None):
            out.append(
                _("%(where)s, board %(board)s: a played result with a player missing")
                % {"where": where, "board": game.board}
            )
    return out
