"""The prize rules on plain values (pure): the shared-place rules with the Hort system's
worked example, one prize per player, the categories."""

from decimal import Decimal

import pytest

from arbiter.tournaments.rules.prizes import (
    Award,
    Candidate,
    EntryFacts,
    PrizeSpec,
    entry_candidates,
    hort_shares,
    prizes_allocate,
)


def _entries(rows: list[tuple[str, str, int, str, int | None, str, str]]) -> list[EntryFacts]:
    """(name, points, rating, rating_kind, birth_year, sex, status), in final rank order."""
    return [
        EntryFacts(
            Candidate(f"entry:{i}", name, i, Decimal(points)), rating, kind, born, sex, status
        )
        for i, (name, points, rating, kind, born, sex, status) in enumerate(rows)
    ]


def _table(amounts: list[str], category: str = "overall", first_id: int = 1) -> list[PrizeSpec]:
    return [
        PrizeSpec(id=first_id + i, category=category, place=i + 1, amount=Decimal(a))
        for i, a in enumerate(amounts)
    ]


def _paid(awards: list[Award]) -> dict[str, Decimal | None]:
    return {a.winner.name: a.amount for a in awards if a.winner}


# The Hort system's worked example (de.wikipedia.org/wiki/Hort-System): six prizes; A and B
# tie on 8 points (Buchholz 71.0 / 70.5), C alone on 7.5, D, E, F on 7 (Buchholz 73.5, 71.0,
# 68.5).
HORT_FIELD = _entries(
    [
        ("A", "8", 2400, "fide", 1980, "m", "active"),
        ("B", "8", 2300, "fide", 1990, "m", "active"),
        ("C", "7.5", 2200, "fide", 2000, "w", "active"),
        ("D", "7", 2100, "fide", 2008, "m", "active"),
        ("E", "7", 2000, "fide", 1970, "w", "active"),
        ("F", "7", 1900, "fide", 1960, "m", "active"),
        ("G", "6.5", 1800, "fide", 1995, "m", "active"),
    ]
)
HORT_TABLE = _table(["1000", "500", "350", "200", "150", "100"])


def _allocate(table: list[PrizeSpec], entries: list[EntryFacts], sharing: str) -> list[Award]:
    return prizes_allocate(
        prizes=table, candidates=lambda spec: entry_candidates(spec, entries), sharing=sharing
    )


def test_hort_worked_example() -> None:
    # A: 500 kept + (1000 + 500) / 2 / 2 = 875; B: 250 + 375 = 625; C alone keeps 350;
    # D: 100 + (200 + 150 + 100) / 2 / 3 = 175; E: 75 + 75 = 150; F: 50 + 75 = 125.
    paid = _paid(_allocate(HORT_TABLE, HORT_FIELD, "hort"))
    assert paid == {
        "A": Decimal("875.00"),
        "B": Decimal("625.00"),
        "C": Decimal("350"),
        "D": Decimal("175.00"),
        "E": Decimal("150.00"),
        "F": Decimal("125.00"),
    }
    assert sum(paid.values()) == sum(p.amount for p in HORT_TABLE if p.amount)


def test_hort_small_prizes_to_the_cent() -> None:
    # The same standings with 100, 80, 60, 40, 20, 10: A 50 + 45 = 95, B 40 + 45 = 85, C 60;
    # D 20 + 35 / 3 = 31.67, E 21.67, F 16.67 (the cent rounded half up: 70.01 paid for 70).
    assert hort_shares([Decimal(100), Decimal(80)]) == [Decimal("95.00"), Decimal("85.00")]
    assert hort_shares([Decimal(40), Decimal(20), Decimal(10)]) == [
        Decimal("31.67"),
        Decimal("21.67"),
        Decimal("16.67"),
    ]


def test_tiebreaks_rule_pays_each_place_in_rank_order() -> None:
    awards = _allocate(HORT_TABLE, HORT_FIELD, "tiebreaks")
    assert [(a.prize.place, a.winner.name if a.winner else None, a.amount) for a in awards] == [
        (1, "A", Decimal(1000)),
        (2, "B", Decimal(500)),
        (3, "C", Decimal(350)),
        (4, "D", Decimal(200)),
        (5, "E", Decimal(150)),
        (6, "F", Decimal(100)),
    ]
    assert all(a.shared_with == () for a in awards)


def test_hort_shares_only_among_winners_tied_within_a_category() -> None:
    # Three places, D, E, F tied for 4th: nobody of the tie is in the money, nothing moves;
    # A and B share. The women's prize goes to C and is not pooled with anyone.
    table = [
        *_table(["300", "200", "100"]),
        PrizeSpec(id=10, category="women", place=1, amount=Decimal(50)),
    ]
    awards = _allocate(table, HORT_FIELD, "hort")
    paid = _paid(awards)
    assert paid == {
        "A": Decimal("275.00"),
        "B": Decimal("225.00"),
        "C": Decimal(100),
        "E": Decimal(50),
    }
    by_name = {a.winner.name: a for a in awards if a.winner}
    assert by_name["A"].shared_with == ("entry:1",)
    assert by_name["C"].shared_with == ()


def test_one_prize_per_player_the_higher_first_overall_before_category_at_equal_amounts() -> None:
    field = _entries(
        [
            ("Anna", "5", 2000, "fide", 1990, "w", "active"),
            ("Bob", "4", 1900, "fide", 1990, "m", "active"),
            ("Cleo", "3", 1800, "fide", 1990, "w", "active"),
            ("Dora", "2", 1700, "fide", 1990, "w", "active"),
        ]
    )
    table = [
        PrizeSpec(id=1, category="overall", place=1, amount=Decimal(100)),
        PrizeSpec(id=2, category="overall", place=2, amount=Decimal(60)),
        # The best woman is Anna, who takes the bigger overall prize: the women's 1st moves
        # to Cleo, the 2nd to Dora.
        PrizeSpec(id=3, category="women", place=1, amount=Decimal(60)),
        PrizeSpec(id=4, category="women", place=2, label="Book"),
    ]
    winners = {a.prize.id: a.winner.name for a in _allocate(table, field, "tiebreaks") if a.winner}
    # At 60 each, overall 2nd is given out before the women's 1st: Bob, then Cleo.
    assert winners == {1: "Anna", 2: "Bob", 3: "Cleo", 4: "Dora"}


def test_disqualified_and_non_members_win_nothing() -> None:
    field = _entries(
        [
            ("Cheat", "5", 2000, "fide", 1990, "w", "disqualified"),
            ("Bob", "4", 1900, "fide", 1990, "m", "active"),
        ]
    )
    table = [
        PrizeSpec(id=1, category="overall", place=1, amount=Decimal(100)),
        PrizeSpec(id=2, category="overall", place=2, amount=Decimal(50)),
        PrizeSpec(id=3, category="women", place=1, amount=Decimal(20)),
    ]
    awards = {a.prize.id: a for a in _allocate(table, field, "tiebreaks")}
    assert awards[1].winner and awards[1].winner.name == "Bob"
    assert awards[2].winner is None and awards[2].amount is None
    assert awards[3].winner is None


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (PrizeSpec(1, "rating", 1, Decimal(1), rating_max=1799), ["Low", "Kid", "Est"]),
        (PrizeSpec(1, "rating", 1, Decimal(1), rating_min=1800, rating_max=2099), ["Mid"]),
        (PrizeSpec(1, "age", 1, Decimal(1), born_from=2010), ["Kid"]),
        (PrizeSpec(1, "age", 1, Decimal(1), born_before=1970), ["Old"]),
        (PrizeSpec(1, "unrated", 1, Decimal(1)), ["Kid", "Est"]),
        (PrizeSpec(1, "women", 1, Decimal(1)), ["Mid"]),
    ],
)
def test_categories(spec: PrizeSpec, expected: list[str]) -> None:
    field = _entries(
        [
            ("Old", "4", 2200, "fide", 1950, "m", "active"),
            ("Mid", "3", 1900, "national", 1990, "w", "active"),
            ("Low", "2", 1500, "fide", None, "m", "active"),
            ("Kid", "1", 0, "arbiter", 2012, "m", "active"),
            ("Est", "0", 1600, "arbiter", None, "", "active"),
        ]
    )
    assert [c.name for c in entry_candidates(spec, field)] == expected


def test_unknown_sharing_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="sharing"):
        prizes_allocate(prizes=[], candidates=lambda spec: [], sharing="split")
