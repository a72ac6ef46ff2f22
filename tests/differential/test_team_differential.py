"""Our team Swiss path (TRF-2026 team records, gacrux fideteam as a subprocess, our parsing
and validation) against gacrux's `pairing_fideteam` in-process, on seeded small events
(issue 30). The long run is `scripts/differential.py --team --tournaments 1000`.

Bounded for `make test`: 40 small events (5-8 teams, 2 or 4 boards, 3-4 rounds) and eight
full-size ones, gacrux forked
from this warm process for most rounds (tests/differential/warm_engine.py: the same argv and
files, only the interpreter start left out), a real engine subprocess for one event in ten.
"""

from __future__ import annotations

from pathlib import Path

from tests.differential.team_known import KNOWN, classify
from tests.differential.team_oracle import TeamReport, compare_team_tournament, plan_for
from tests.differential.warm_engine import use_warm_engine

TOURNAMENTS = 40
BIG = range(1000, 1008)  # a few full-size events too: 6 and 8 boards, up to 20 teams, 9 rounds
ROOT = Path(__file__).resolve().parents[2]


def _one(seed: int, *, small: bool = True) -> TeamReport:
    use_warm_engine(seed % 10 != 0)
    try:
        return compare_team_tournament(seed, small=small)[0]
    finally:
        use_warm_engine(False)


def test_our_team_path_equals_gacrux_on_seeded_events() -> None:
    reports = [_one(seed) for seed in range(TOURNAMENTS)]
    reports += [_one(seed, small=False) for seed in BIG]
    unlisted = [d for r in reports for d in r.differences if classify(d) is None]
    assert [f"{d.kind}: {d.detail}" for d in unlisted] == []
    assert sum(r.rounds for r in reports) >= 3 * TOURNAMENTS * 0.9
    assert sum(r.matches for r in reports) > 2 * 3 * TOURNAMENTS
    plans = [plan_for(seed, small=True) for seed in range(TOURNAMENTS)]
    assert {p.colour_model for p in plans} == {"typea", "typeb", "nocolor"}
    assert {p.primary for p in plans} == {"mp", "gp"}
    assert {p.match_points for p in plans} == {(2, 1, 0), (3, 1, 0)}
    assert {p.boards for p in plans} == {2, 4}
    assert {plan_for(seed).boards for seed in BIG} >= {6, 8}


def test_the_oracle_sees_wrong_colours_and_pairs(monkeypatch) -> None:
    import dataclasses

    from arbiter.pairing.team.types import TeamBoardPair
    from tests.differential import team_oracle

    real = team_oracle.pair_team_round

    def flipped(*args, **kwargs):
        pairing = real(*args, **kwargs)
        first, *rest = pairing.matches
        return dataclasses.replace(
            pairing, matches=(TeamBoardPair(first.black, first.white), *rest)
        )

    monkeypatch.setattr(team_oracle, "pair_team_round", flipped)
    report, _ = compare_team_tournament(3, small=True, tiebreaks=False)
    assert {d.kind for d in report.differences} == {"colours"}


def test_the_known_differences_are_cited_in_the_docs() -> None:
    text = (ROOT / "docs" / "team-swiss.md").read_text(encoding="utf-8")
    assert "## Known differences" in text
    for known in KNOWN:
        assert known.name in text
