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
from arbiter.trf.i18n import gettext as _
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
            problems.append(_("team %(white)s is paired with itself") % {"white": pair.white})
        for tpn in (pair.white, pair.black):
            count[tpn] = count.get(tpn, 0) + 1
    if bye is not None:
        count[bye] = count.get(bye, 0) + 1
    for tpn in sorted(count):
        if tpn not in facts.teams:
            problems.append(_("team %(team)s is not a team of the event") % {"team": tpn})
        elif tpn in facts.kept_out:
            problems.append(
                _("team %(team)s is absent or has a bye in this round and is paired")
                % {"team": tpn}
            )
        elif count[tpn] > 1:
            problems.append(
                _("team %(team)s is paired %(count)s times") % {"team": tpn, "count": count[tpn]}
            )
    if missing := sorted(facts.to_pair - set(count)):
        problems.append(_("teams %(missing)s are not paired") % {"missing": missing})
    for pair in matches:
        key = frozenset((pair.white, pair.black))
        if key in facts.met:
            problems.append(
                _("teams %(white)s and %(black)s have met already")
                % {"white": pair.white, "black": pair.black}
            )
        if key in facts.forbidden:
            problems.append(
                _("teams %(white)s and %(black)s must not meet")
                % {"white": pair.white, "black": pair.black}
            )
    odd = len(facts.to_pair) % 2 == 1
    if bye is not None and not odd:
        problems.append(
            _("team %(bye)s has a pairing-allocated bye in an even field") % {"bye": bye}
        )
    if bye is None and odd and not problems:
        problems.append(_("the field is odd and nobody has the pairing-allocated bye"))
    if bye is not None and odd and bye in facts.no_bye and not problems:
        better = _bye_avoidable(facts)
        if better is not None:
            problems.append(
                _(
                    "team %(bye)s cannot have the pairing-allocated bye again "
                    "(C.04.6 [C2]): team %(better)s could have had it"
                )
                % {"bye": bye, "better": better}
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
