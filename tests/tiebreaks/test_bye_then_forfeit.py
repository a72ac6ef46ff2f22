"""Issue 13, defect 17: an opponent whose last two rounds are a zero-point bye then a forfeit loss.

C.07 16.2.5: the bye is followed only by a voluntary unplayed round (the forfeit loss), so for
his opponents it counts as a draw (16.3.2); the forfeit loss counts what was awarded (16.3.1).
BH, FB, SB and AOB all read that one adjusted score. gacrux agrees when each of its runs holds
either FB or the other BH-family codes; a run that computes FB first changes the marker its
later BH, SB and AOB read (docs/tiebreaks.md, "Where we differ from gacrux"), which is where
half-point differences on exactly these opponents come from.
"""

from __future__ import annotations

import os
from decimal import Decimal

import pytest

from arbiter.tiebreaks import rank
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import player_points
from arbiter.trf.reader import read_trf
from arbiter.trf.writer import write_trf
from tests.tiebreaks.differential import compare
from tests.tiebreaks.generator import START_DATES, GeneratedEvent, generate
from tests.tiebreaks.oracle import gacrux_run

PER_RULE_SET = 1000 if os.environ.get("ARBITER_SLOW") == "1" else 150
CHUNK = 25
CHUNKS = [(start, min(start + CHUNK, PER_RULE_SET)) for start in range(0, PER_RULE_SET, CHUNK)]

# 1 = X (loses to A, zero-point bye, loses by forfeit to Y), 2 = A, 3 = Y, 4 = B.
_ROWS = {
    1: [RoundEntry(2, "b", "0"), RoundEntry(None, "-", "Z"), RoundEntry(3, "b", "-")],
    2: [RoundEntry(1, "w", "1"), RoundEntry(3, "w", "1"), RoundEntry(4, "w", "1")],
    3: [RoundEntry(4, "w", "="), RoundEntry(2, "b", "0"), RoundEntry(1, "w", "+")],
    4: [RoundEntry(3, "b", "="), RoundEntry(None, "-", "U"), RoundEntry(2, "b", "0")],
}
CODES = ["PTS", "BH", "SB", "AOB"]


def hand_trf(regulations: str) -> str:
    t = Tournament(
        header={"012": "Bye then forfeit", "042": START_DATES[regulations], "142": "3"},
        total_rounds=3,
    )
    for number, rounds in _ROWS.items():
        record = PlayerRecord(start_number=number, name=f"P{number}", rating=2000, rounds=rounds)
        record.points = player_points(record)
        t.players.append(record)
    return write_trf(t)


def ours(text: str, regulations: str, codes: list[str]) -> dict[int, list[Decimal | None]]:
    rounds, players = to_tiebreak_model(read_trf(text))
    return {
        int(s.player_id): [s.points] + [s.values[c] for c in codes[1:]]
        for s in rank(rounds, players, codes[1:], regulations=regulations)
    }


# X's adjusted score is 0 + ½ (the bye, 16.2.5) + 0 (the forfeit) = ½.
# BH(A) = ½ + 1.5 + 1.5; SB(A) = the same (A won all three).
# Y: B 1.5, A 3, and for the forfeit win a dummy of his own 1.5 (2023) or, capped by X's
# adjusted score, ½ (2026, 16.4.1).
EXPECTED = {
    "2023": {
        1: ["0", "3", "0", "3.5"],
        2: ["3", "3.5", "3.5", "5"],
        3: ["1.5", "6", "2.25", "4.75"],
        4: ["1.5", "6", "2.25", "4.75"],
    },
    "2026": {
        1: ["0", "3", "0", "3.5"],
        2: ["3", "3.5", "3.5", "4.67"],
        3: ["1.5", "5", "1.25", "4.75"],
        4: ["1.5", "6", "2.25", "4.25"],
    },
}


@pytest.mark.parametrize("regulations", ["2023", "2026"])
def test_hand_example_equals_c07_and_gacrux(regulations: str) -> None:
    text = hand_trf(regulations)
    expected = {
        number: [Decimal(v) for v in values] for number, values in EXPECTED[regulations].items()
    }
    assert ours(text, regulations, CODES) == expected
    theirs = {number: values for number, (_, values) in gacrux_run(text, CODES).items()}
    assert theirs == expected


@pytest.mark.parametrize("regulations", ["2023", "2026"])
def test_gacrux_computing_fb_first_reproduces_the_reported_half_points(regulations: str) -> None:
    """The reported symptom: after FB in the same gacrux run, X's bye counts 0, not ½."""
    text = hand_trf(regulations)
    leaked = {
        number: values[2:]  # after PTS and FB
        for number, (_, values) in gacrux_run(
            text, ["PTS", "FB", *CODES[1:]], fb_alone=False
        ).items()
    }
    # A's BH and SB lose the ½ of X's bye (A won against X: SB loses ½ × 1).
    assert leaked[2][:2] == [Decimal("3.0"), Decimal("3.00")]
    assert ours(text, regulations, CODES)[2][1:3] == [Decimal("3.5"), Decimal("3.5")]


def test_oracle_refuses_fb_with_other_buchholz_codes() -> None:
    with pytest.raises(AssertionError, match="separate"):
        gacrux_run(hand_trf("2026"), ["PTS", "FB", "BH"])


@pytest.mark.parametrize("regulations", ["2023", "2026"])
@pytest.mark.parametrize(("first", "stop"), CHUNKS)
def test_random_events_with_bye_then_forfeit_equal_gacrux(
    regulations: str, first: int, stop: int
) -> None:
    """Every code, every player, on events where 1-3 players end with a bye then a forfeit."""
    mismatches: list[str] = []
    for seed in range(first, stop):
        event = generate(seed, regulations, bye_then_forfeit=1 + seed % 3)
        assert has_bye_then_forfeit(event.tournament), seed
        found, _ = compare(seed, regulations, event=event)
        mismatches.extend(found)
    assert mismatches == []


def has_bye_then_forfeit(t: Tournament) -> bool:
    last = (t.total_rounds or 0) - 1
    return last >= 1 and any(
        p.rounds[last - 1].opponent is None
        and p.rounds[last - 1].result in "Z- "
        and p.rounds[last].opponent is not None
        and p.rounds[last].result == "-"
        for p in t.players
    )


@pytest.mark.parametrize("regulations", ["2023", "2026"])
def test_sb_and_bh_read_one_opponent_score(regulations: str) -> None:
    """A participant who scored a full point in every round has SB == BH, one who drew every
    round SB == BH / 2: both sum the same opponents' (adjusted or dummy) scores."""
    checked = 0
    for seed in range(60):
        event = generate(seed, regulations, bye_then_forfeit=2)
        points: dict[str, set[Decimal]] = {}
        for games in event.rounds:
            for game in games:
                white = Decimal(game.result)
                black = white if game.kind == "double-forfeit" else 1 - white
                points.setdefault(game.white, set()).add(white)
                if game.black:
                    points.setdefault(game.black, set()).add(black)
        standings = rank(event.rounds, event.players, ["BH", "SB"], regulations=regulations)
        for s in standings:
            won = points.get(s.player_id)
            if won is None or len(won) != 1:
                continue
            factor = next(iter(won))
            if factor in (1, Decimal("0.5")) and _present_every_round(event, s.player_id):
                bh = s.values["BH"]
                assert bh is not None and s.values["SB"] == bh * factor, (seed, s.player_id)
                checked += 1
    assert checked >= 10


def _present_every_round(event: GeneratedEvent, player: str) -> bool:
    return all(any(player in (g.white, g.black) for g in games) for games in event.rounds)
