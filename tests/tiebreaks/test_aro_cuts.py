"""ARO with cuts (issue 13, defect 16): when the cuts leave no opponent, the value is 0 (C.07:
fewer values than cuts gives 0), not empty; without cuts an event with no opponent met stays
empty, and an uncut ARO is the plain mean."""

from decimal import Decimal

from arbiter.tiebreaks.model import Game, Player
from arbiter.tiebreaks.standings import rank

PLAYERS = [Player("A", 2000), Player("B", 1800), Player("C", 1600), Player("D", 1400)]
# A meets B over the board, then has a pairing bye and a forfeit win; D has one game only.
ROUNDS = [
    [Game("A", "B", 1), Game("C", "D", 0)],
    [Game("A", "", 1, "pairing-bye"), Game("B", "C", Decimal("0.5"))],
    [Game("A", "D", 1, "forfeit-win"), Game("B", "", 1, "pairing-bye")],
]


def _values(code: str) -> dict[str, Decimal | None]:
    standings = rank(ROUNDS, PLAYERS, [code])
    return {s.player_id: s.values[code] for s in standings}


def test_cuts_that_leave_no_opponent_give_zero():
    assert _values("ARO/C1")["A"] == 0  # one opponent (B), cut
    assert _values("ARO/C2")["A"] == 0
    assert _values("ARO/C1")["B"] == 2000  # A and C met: the lowest (C) is cut
    assert _values("ARO")["A"] == 1800


def test_median_cuts_that_leave_no_opponent_give_zero():
    assert _values("ARO/M1")["B"] == 0  # two opponents, both cut
