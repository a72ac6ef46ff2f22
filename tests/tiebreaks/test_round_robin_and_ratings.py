"""Round-robin rules (C.07 15.2) and the rating-based tie-breaks' special cases."""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame, tiebreak
from tests.tiebreaks.fixtures import M_PLAYERS, M_ROUNDS

# A 4-player round robin with a forfeit: R1 A-B forfeit win for A, C-D 1-0;
# R2 A-C 1/2, B-D 1-0; R3 D-A 0-1, B-C 0-1.
RR_ROUNDS = [
    [TiebreakGame("A", "B", 1, "forfeit-win"), TiebreakGame("C", "D", 1)],
    [TiebreakGame("A", "C", 0.5), TiebreakGame("B", "D", 1)],
    [TiebreakGame("D", "A", 0), TiebreakGame("B", "C", 0)],
]
RR_PLAYERS = [Player("A", 2400), Player("B", 2200), Player("C", 2000), Player("D", 2100)]


def rr(code: str, player: str) -> Decimal | None:
    return tiebreak(code, player, RR_ROUNDS, RR_PLAYERS, system="round-robin")


def swiss(code: str, player: str) -> Decimal | None:
    return tiebreak(code, player, RR_ROUNDS, RR_PLAYERS)


def test_points() -> None:
    # A 2.5, B 1, C 2.5, D 0
    assert [rr("PTS", p) for p in "ABCD"] == [Decimal("2.5"), 1, Decimal("2.5"), 0]


def test_forfeit_counts_as_a_game_for_buchholz_in_a_round_robin() -> None:
    # RR: A's opponents B 1, C 2.5, D 0 -> 3.5 (article 16 does not apply)
    assert rr("BH", "A") == Decimal("3.5")
    # Swiss: the forfeit is a dummy: own 2.5 capped by B's adjusted score 1
    assert swiss("BH", "A") == Decimal("3.5")
    assert tiebreak("BH", "A", RR_ROUNDS, RR_PLAYERS, regulations="2023") == Decimal(5)
    # SB RR: 1 x 1 + 1/2 x 2.5 + 1 x 0
    assert rr("SB", "A") == Decimal("2.25")


def test_rating_tie_breaks_ignore_every_forfeit() -> None:
    assert rr("ARO", "A") == Decimal(2050)  # C 2000 and D 2100 only
    assert rr("ARO", "B") == Decimal(2050)  # C and D; the forfeit against A is ignored
    # TPR(A): 1.5 / 2 = 0.75 -> dp 193
    assert rr("TPR", "A") == Decimal(2050 + 193)


def test_type_b_tie_breaks_in_a_round_robin() -> None:
    assert rr("WON", "A") == 2  # the forfeit win counts as a game won (15.2)
    assert swiss("WON", "A") == 1
    assert rr("REP", "B") == 2  # B's forfeit loss is an unplayed round
    assert rr("WIN", "A") == 2
    assert rr("BPG", "A") == 1  # A had Black against D


def test_koya_round_robin_limit() -> None:
    # 50 % of 3 = 1.5: A and C qualify. A: 1/2 against C; C: 1/2 against A.
    assert rr("KS", "A") == Decimal("0.5")
    assert rr("KS", "B") == 0
    # odd field: 3 players x 3 rounds, each sits out once -> max 2 games, limit 1
    rounds = [
        [TiebreakGame("A", "B", 1), TiebreakGame("C", "", 0, "zero-bye")],
        [TiebreakGame("B", "C", 0.5), TiebreakGame("A", "", 0, "zero-bye")],
        [TiebreakGame("C", "A", 0), TiebreakGame("B", "", 0, "zero-bye")],
    ]
    players = [Player(p) for p in "ABC"]
    # scores A 2, B 0.5, C 0.5: only A reaches 1 -> B scored 0 against A
    assert tiebreak("KS", "B", rounds, players, system="round-robin") == 0
    assert tiebreak("KS", "A", rounds, players, system="round-robin") == 0


def test_unrated_participant_drops_the_rating_tie_breaks() -> None:
    players = [*M_PLAYERS[:3], Player("D")]
    for code in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"):
        assert tiebreak(code, "A", M_ROUNDS, players) is None


def test_no_game_over_the_board_gives_no_rating_value() -> None:
    rounds = [[TiebreakGame("A", "", 1, "pairing-bye"), TiebreakGame("B", "C", 1)]]
    players = [Player("A", 2000), Player("B", 2100), Player("C", 1900)]
    assert tiebreak("ARO", "A", rounds, players) == 0  # the seed libraries' rule (issue 24)
    assert tiebreak("TPR", "A", rounds, players) is None
    assert tiebreak("PTP", "B", rounds, players) == Decimal(1900 + 800)  # 100 %
    assert tiebreak("PTP", "C", rounds, players) == Decimal(2100 - 800)  # 0 %
