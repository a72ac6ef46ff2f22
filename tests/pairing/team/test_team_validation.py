"""`validate_team_pairing` (hand-made pairings) and the request checks, rule by rule."""

from __future__ import annotations

import dataclasses

import pytest

from arbiter.pairing.errors import InvalidPairing, PairingRequestInvalid
from arbiter.pairing.team import TeamBoardPair, validate_team_pairing
from arbiter.pairing.team.history import team_facts
from arbiter.pairing.team.validation import find_team_violations
from arbiter.trf.team_event import BoardGame, Match, TeamBye

from .events import five_teams

P = TeamBoardPair


def violations(matches, bye, absent=frozenset(), event=None) -> tuple[str, ...]:
    with pytest.raises(InvalidPairing) as caught:
        validate_team_pairing(event or five_teams(), 3, matches, bye, absent)
    assert caught.value.source == "hand-made"
    return caught.value.violations


def test_a_legal_pairing_passes() -> None:
    validate_team_pairing(five_teams(), 3, [P(4, 1), P(5, 3)], 2)
    # 3-1 of round 2 was forfeited as a whole: they did not meet and may meet now.
    validate_team_pairing(five_teams(), 3, [P(3, 1), P(4, 5)], 2)


def test_every_team_once() -> None:
    assert violations([P(4, 1), P(5, 1)], 2) == (
        "team 1 is paired 2 times",
        "teams [3] are not paired",
        "teams 5 and 1 must not meet",
    )
    assert violations([P(4, 1)], 2) == ("teams [3, 5] are not paired",)
    assert violations([P(4, 4), P(5, 3)], 2)[0] == "team 4 is paired with itself"
    assert "team 9 is not a team of the event" in violations([P(4, 1), P(5, 3), P(2, 9)], None)


def test_no_rematch_of_a_played_match_and_no_forbidden_pair() -> None:
    assert violations([P(1, 2), P(5, 3)], 4) == ("teams 1 and 2 have met already",)
    assert violations([P(1, 5), P(4, 3)], 2) == (
        "teams 1 and 5 must not meet",
        "teams 4 and 3 have met already",
    )


def test_the_bye_only_in_an_odd_field() -> None:
    assert violations([P(4, 1), P(5, 3)], None) == ("teams [2] are not paired",)
    assert violations([P(4, 1), P(5, 3)], 2, absent={2}) == (
        "team 2 is absent or has a bye in this round and is paired",
        "team 2 has a pairing-allocated bye in an even field",
    )
    validate_team_pairing(five_teams(), 3, [P(4, 1), P(5, 3)], None, absent={2})


def test_a_second_bye_when_another_team_could_have_it() -> None:
    # Team 5 had the PAB in round 1; with 2 out the others can all be paired (1-3, 4-5).
    assert violations([P(4, 1), P(2, 3)], 5) == (
        "team 5 cannot have the pairing-allocated bye again (C.04.6 [C2]): team 2 could "
        "have had it",
    )


def test_a_second_bye_is_allowed_when_nobody_else_can_have_it() -> None:
    facts = team_facts(five_teams(), 3, frozenset())
    # Every team barred from the bye (as if each had had one): 5's second one stands.
    barred = dataclasses.replace(facts, no_bye=frozenset({1, 2, 3, 4, 5}))
    assert find_team_violations(barred, [P(4, 1), P(2, 3)], 5) == []


def test_forfeit_wins_keep_a_team_from_the_bye() -> None:
    facts = team_facts(five_teams(), 3, frozenset())
    assert 1 in facts.no_bye  # won round 2's match against 3 by forfeit
    assert frozenset((1, 3)) not in facts.met
    assert 4 not in facts.no_bye  # a half-point bye in round 2 does not bar it
    full = dataclasses.replace(five_teams(), byes=(TeamBye(2, 4, "F"),))
    assert 4 in team_facts(full, 3, frozenset()).no_bye  # a full-point bye does


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: dataclasses.replace(e, teams=e.teams[1:]), "team pairing numbers must be 1..4"),
        (
            lambda e: dataclasses.replace(e, forbidden=((1, 9),)),
            "forbidden pair (1, 9) does not name two teams",
        ),
        (
            lambda e: dataclasses.replace(
                e,
                matches=(
                    dataclasses.replace(
                        e.matches[0], games=(BoardGame(1, 1, 4, ""), e.matches[0].games[1])
                    ),
                    *e.matches[1:],
                ),
            ),
            "round 1, match 1-2, board 1 has no result",
        ),
        (
            lambda e: dataclasses.replace(e, matches=(*e.matches, Match(2, 4, None))),
            "round 2: team 4 has a bye and a match",
        ),
    ],
)
def test_an_event_that_cannot_be_paired_is_refused(change, message) -> None:
    with pytest.raises(
        PairingRequestInvalid, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        validate_team_pairing(change(five_teams()), 3, [], None)
