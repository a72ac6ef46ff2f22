"""The absolute rules a team pairing must keep (an engine's answer or an arbiter's edit):
every team to pair exactly once, nobody kept out, no rematch ([C1]), no forbidden pair, a
pairing-allocated bye only for an odd field and not a second one when avoidable ([C2])."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import networkx as nx

from arbiter.pairing.errors import InvalidPairing
from arbiter.pairing.team.history import TeamFacts, team_facts
from arbiter.pairing.team.types import TeamBoardPair
from arbiter.trf.team_event import TeamEvent


def validate_team_pairing(
    event: TeamEvent,
    round_number: int,
    matches: Sequence[TeamBoardPair],
    bye: int | None,
    absent: Iterable[int] = frozenset(),
) -> None:
    """`InvalidPairing` (source "hand-made") listing every broken rule; `PairingRequestInvalid`
    when the event itself cannot be paired (an unfinished round, unknown teams...)."""
    facts = team_facts(event, round_number, frozenset(absent))
    problems = find_team_violations(facts, matches, bye)
    if problems:
        raise InvalidPairing("hand-made", tuple(problems))


def find_team_violations(
    facts: TeamFacts, matches: Sequence[TeamBoardPair], bye: int | None
) -> list[str]:
    problems: list[str] = []
    count: dict[int, int] = {}
    for pair in matches:
        if pair.white == pair.black:
            problems.append(f"team {pair.white} is paired with itself")
        for tpn in (pair.white, pair.black):
            count[tpn] = count.get(tpn, 0) + 1
    if bye is not None:
        count[bye] = count.get(bye, 0) + 1
    for tpn in sorted(count):
        if tpn not in facts.teams:
            problems.append(f"team {tpn} is not a team of the event")
        elif tpn in facts.kept_out:
            problems.append(f"team {tpn} is absent or has a bye in this round and is paired")
        elif count[tpn] > 1:
            problems.append(f"team {tpn} is paired {count[tpn]} times")
    if missing := sorted(facts.to_pair - set(count)):
        problems.append(f"teams {missing} are not paired")
    for pair in matches:
        key = frozenset((pair.white, pair.black))
        if key in facts.met:
            problems.append(f"teams {pair.white} and {pair.black} have met already")
        if key in facts.forbidden:
            problems.append(f"teams {pair.white} and {pair.black} must not meet")
    odd = len(facts.to_pair) % 2 == 1
    if bye is not None and not odd:
        problems.append(f"team {bye} has a pairing-allocated bye in an even field")
    if bye is None and odd and not problems:
        problems.append("the field is odd and nobody has the pairing-allocated bye")
    if bye is not None and odd and bye in facts.no_bye and not problems:
        better = _bye_avoidable(facts)
        if better is not None:
            problems.append(
                f"team {bye} cannot have the pairing-allocated bye again (C.04.6 [C2]): "
                f"team {better} could have had it"
            )
    return problems


def _bye_avoidable(facts: TeamFacts) -> int | None:
    """A team C.04.6 [C2] allows the bye to, for which the others can still all be paired."""
    for candidate in sorted(facts.to_pair - facts.no_bye, reverse=True):
        rest = sorted(facts.to_pair - {candidate})
        graph = nx.Graph()
        graph.add_nodes_from(rest)
        graph.add_edges_from(
            (a, b)
            for a, b in combinations(rest, 2)
            if frozenset((a, b)) not in facts.met and frozenset((a, b)) not in facts.forbidden
        )
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == len(rest):
            return candidate
    return None
