"""Who wins an event's prizes, from its final rank order: plain values in, awards out (no
Django). The rules chosen here are docs/prizes.md's.

- Each candidate (an entry; a team, once team standings exist) wins at most one prize. Prizes
  are given out in order of value: the higher amount first; at equal amounts, overall before
  the categories, then the lower place; a label-only prize counts as amount 0. Each goes to
  the best-placed candidate of its category that has no prize yet, so a category's places
  move down when its best already won more elsewhere.
- Entries that are disqualified, or fail the category's condition, win nothing.
- Shared places (`sharing`): "tiebreaks" leaves the rank order (tie-breaks included) as the
  last word; "hort" then shares money between winners of the same category tied on points:
  each keeps half of the prize of their place, and the other halves of the group are pooled
  and split equally (the Hort system).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
SHARING_RULES = ("tiebreaks", "hort")
DISQUALIFIED = "disqualified"


@dataclass(frozen=True)
class PrizeSpec:
    id: int
    category: str
    place: int
    amount: Decimal | None = None
    label: str = ""
    rating_min: int | None = None
    rating_max: int | None = None
    born_from: int | None = None
    born_before: int | None = None

    @property
    def group(self) -> tuple[object, ...]:
        """Prizes of one category with one condition rank their candidates together."""
        return (self.category, self.rating_min, self.rating_max, self.born_from, self.born_before)


@dataclass(frozen=True)
class Candidate:
    key: str  # one prize per key: "entry:<id>", "team:<id>"
    name: str
    order: int  # position in the final rank order, 0 first
    points: Decimal


@dataclass(frozen=True)
class EntryFacts:
    """What the player categories test of an entry."""

    candidate: Candidate
    rating: int
    rating_kind: str  # fide, national, arbiter
    birth_year: int | None
    sex: str  # "m", "w" or ""
    status: str


@dataclass(frozen=True)
class Award:
    prize: PrizeSpec
    winner: Candidate | None
    amount: Decimal | None  # what the winner receives (the Hort system may move it)
    shared_with: tuple[str, ...] = field(default=())  # the Hort group's other winners' keys


def _in_range(value: int | None, low: int | None, high_exclusive: int | None) -> bool:
    if value is None:
        return low is None and high_exclusive is None
    return (low is None or value >= low) and (high_exclusive is None or value < high_exclusive)


def is_unrated(facts: EntryFacts) -> bool:
    """No official rating: the entry's rating is the arbiter's estimate (or the server's own
    rating, on an online event), or none at all."""
    return facts.rating_kind not in ("fide", "national") or facts.rating == 0


ENTRY_TESTS: dict[str, Callable[[PrizeSpec, EntryFacts], bool]] = {
    "overall": lambda spec, facts: True,
    "rating": lambda spec, facts: (
        (spec.rating_min is None or facts.rating >= spec.rating_min)
        and (spec.rating_max is None or facts.rating <= spec.rating_max)
    ),
    "age": lambda spec, facts: (
        facts.birth_year is not None
        and _in_range(facts.birth_year, spec.born_from, spec.born_before)
    ),
    "women": lambda spec, facts: facts.sex == "w",
    "unrated": lambda spec, facts: is_unrated(facts),
}


def entry_candidates(spec: PrizeSpec, entries: Iterable[EntryFacts]) -> list[Candidate]:
    """The entries that may win `spec`, best first."""
    test = ENTRY_TESTS[spec.category]
    return sorted(
        (e.candidate for e in entries if e.status != DISQUALIFIED and test(spec, e)),
        key=lambda c: c.order,
    )


def _value_order(spec: PrizeSpec) -> tuple[object, ...]:
    return (-(spec.amount or Decimal(0)), spec.category != "overall", spec.place, spec.id)


def prizes_allocate(
    *,
    prizes: Sequence[PrizeSpec],
    candidates: Callable[[PrizeSpec], Sequence[Candidate]],
    sharing: str = "tiebreaks",
) -> list[Award]:
    """Each prize's winner (None: nobody left in its category), in the table's order
    (category group, then place)."""
    if sharing not in SHARING_RULES:
        raise ValueError(f"unknown sharing rule {sharing!r}")
    won: set[str] = set()
    awards: dict[int, Award] = {}
    for spec in sorted(prizes, key=_value_order):
        winner = next((c for c in candidates(spec) if c.key not in won), None)
        if winner is not None:
            won.add(winner.key)
        awards[spec.id] = Award(spec, winner, spec.amount if winner else None)
    if sharing == "hort":
        _hort_share(awards)
    return sorted(awards.values(), key=lambda a: (_group_order(a.prize), a.prize.place))


CATEGORY_ORDER = ("overall", "rating", "age", "women", "unrated", "team")


def _group_order(spec: PrizeSpec) -> tuple[object, ...]:
    known = spec.category in CATEGORY_ORDER
    rank = CATEGORY_ORDER.index(spec.category) if known else len(CATEGORY_ORDER)
    bounds = tuple((value is not None, value or 0) for value in spec.group[1:])
    return (rank, spec.category, *bounds)


def hort_shares(amounts: Sequence[Decimal]) -> list[Decimal]:
    """The Hort system for one group tied on points, given the prizes of their places in rank
    order: half of each stays with its winner, the pooled halves are split equally; to the
    cent, half up."""
    if len(amounts) < 2:
        return list(amounts)
    pooled_each = sum(amounts, Decimal(0)) / 2 / len(amounts)
    return [(amount / 2 + pooled_each).quantize(CENT, rounding=ROUND_HALF_UP) for amount in amounts]


def _hort_share(awards: dict[int, Award]) -> None:
    tied: dict[tuple[object, ...], list[Award]] = defaultdict(list)
    for award in awards.values():
        if award.winner is not None and award.amount is not None:
            tied[(award.prize.group, award.winner.points)].append(award)
    for group in tied.values():
        if len(group) < 2:
            continue
        group.sort(key=lambda a: a.winner.order if a.winner else 0)
        shares = hort_shares([a.amount or Decimal(0) for a in group])
        keys = [a.winner.key for a in group if a.winner]
        for award, share in zip(group, shares, strict=True):
            assert award.winner is not None
            others = tuple(k for k in keys if k != award.winner.key)
            awards[award.prize.id] = Award(award.prize, award.winner, share, others)
