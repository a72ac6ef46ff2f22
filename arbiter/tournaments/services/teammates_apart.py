"""A co-hosted event's "teammates do not meet", told in words a leader can act on: why no
pairing of a round keeps the teammates apart, and why a board seating two of them is refused
(the validator only knows a forbidden pair; the event's own list of those may be empty)."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbiter.teams.models import Team
from arbiter.tournaments.models import ParticipantStatus, SwissParticipant, SwissTournament
from arbiter.tournaments.read.teams import entry_team_id
from arbiter.tournaments.services.round_plan import RoundPlan, own_forbidden_pairs


def _option() -> str:
    """The option's name, as the event form shows it."""
    return _("“Teammates do not meet”")


def teammates_rounds_words(tournament: SwissTournament) -> str:
    """The rounds the option covers: "in every round", "in round 1", "in rounds 1 to 3"."""
    last = tournament.teammates_rounds
    if last is None:
        return _("in every round")
    return _("in round 1") if last == 1 else _("in rounds 1 to %(last)s") % {"last": last}


def _team_names(team_ids: set[int]) -> dict[int, str]:
    return dict(Team.objects.filter(id__in=team_ids).values_list("id", "name"))


def _remedies(number: int) -> str:
    """What a leader can change; from round 2 on the option may stop before this round."""
    if number == 1:
        return _("Untick %(option)s or move players to another team.") % {"option": _option()}
    before = number - 1
    first = ngettext("the first round", "the first %(count)s rounds", before) % {"count": before}
    return _("Untick %(option)s, limit it to %(first)s or move players to another team.") % {
        "option": _option(),
        "first": first,
    }


def teammates_refusal(*, tournament: SwissTournament, plan: RoundPlan, engine_answer: str) -> str:
    """The engine found no pairing of the plan's round with every two teammates apart. Said
    first: which constraint, and why. A team holding more than half the players to pair can
    never be kept apart (each of its players needs an opponent from another team, or the one
    bye of an odd field); otherwise it is that constraint together with the games already
    played (no rematch, colours) and the forbidden pairs. The engine's own words come last."""
    to_pair = [
        p
        for p in plan.state.participants.values()
        if p.status == ParticipantStatus.ACTIVE and p.id not in plan.half_byes
    ]
    sizes = Counter(entry_team_id(p, tournament) for p in to_pair)
    count = len(to_pair)
    head = _(
        "Round %(round)s cannot be paired with teammates kept apart (%(option)s %(rounds)s)"
    ) % {
        "round": plan.number,
        "option": _option(),
        "rounds": teammates_rounds_words(tournament),
    }
    team_id, size = sizes.most_common(1)[0] if sizes else (None, 0)
    outside = count - size
    if team_id is not None and size > outside + count % 2:
        name = _team_names({team_id}).get(team_id) or _("one team")
        if count % 2:
            why = _(
                "%(team)s has %(size)s of the %(count)s players to pair, and only %(outside)s of "
                "them can play someone from another team and one can have the bye"
            )
        else:
            why = _(
                "%(team)s has %(size)s of the %(count)s players to pair, and only %(outside)s of "
                "them can play someone from another team"
            )
        why = why % {"team": name, "size": size, "count": count, "outside": outside}
    elif plan.number > 1:
        why = _(
            "no team has more than half of the players to pair, but with the games already "
            "played (no rematch, the colour rules) and the forbidden pairs no pairing keeps "
            "every two teammates apart"
        )
    else:
        # Round 1 has no games behind it: only the event's own forbidden pairs can add to it.
        why = _(
            "no team has more than half of the players to pair, but with the forbidden pairs no "
            "pairing keeps every two teammates apart"
        )
    return _("%(head)s: %(why)s. %(remedies)s The pairing engine answered: %(answer)s") % {
        "head": head,
        "why": why,
        "remedies": _remedies(plan.number),
        "answer": engine_answer,
    }


def teammates_board_refusals(
    *, tournament: SwissTournament, plan: RoundPlan, pairs: list[tuple[int, int]]
) -> dict[tuple[int, int], str]:
    """For the forbidden boards of a hand-made pairing (participant ids), the words of those
    refused only because the two are teammates kept apart (not in the event's own list): "alice
    and bob are teammates (Team X): this event keeps teammates apart in every round"."""
    own = {frozenset(pair) for pair in own_forbidden_pairs(tournament=tournament, state=plan.state)}
    people: dict[int, SwissParticipant] = plan.state.participants
    teammates = [
        (a, b)
        for a, b in pairs
        if frozenset((a, b)) not in own
        and entry_team_id(people[a], tournament) == entry_team_id(people[b], tournament)
    ]
    names = _team_names({entry_team_id(people[a], tournament) for a, _ in teammates})
    words = {}
    for a, b in teammates:
        team = names.get(entry_team_id(people[a], tournament)) or _("one team")
        words[(a, b)] = _(
            "%(white)s and %(black)s are teammates (%(team)s): this event keeps teammates apart "
            "%(rounds)s."
        ) % {
            "white": people[a].display_name,
            "black": people[b].display_name,
            "team": team,
            "rounds": teammates_rounds_words(tournament),
        }
    return words
