"""Hand-built events from docs (shared tiebreaks spec) and our own worked examples."""

from __future__ import annotations

from arbiter.tiebreaks import Player, TiebreakGame

# Fixture M: R1 A-B 1-0, C-D 0-1; R2 A-D 1/2, C-B 0-1; R3 A-C 1-0, D-B 1-0.
M_ROUNDS = [
    [TiebreakGame("A", "B", 1), TiebreakGame("C", "D", 0)],
    [TiebreakGame("A", "D", 0.5), TiebreakGame("C", "B", 0)],
    [TiebreakGame("A", "C", 1), TiebreakGame("D", "B", 1)],
]
M_PLAYERS = [Player("A", 2400), Player("B", 2200), Player("C", 2000), Player("D", 2100)]

# Fixture F16: M with R1 C-D a forfeit win for C; R3 A-C 1-0, D half-bye, B absent.
F16_ROUNDS = [
    [TiebreakGame("A", "B", 1), TiebreakGame("C", "D", 1, "forfeit-win")],
    [TiebreakGame("A", "D", 0.5), TiebreakGame("C", "B", 0)],
    [TiebreakGame("A", "C", 1), TiebreakGame("D", "", 0.5, "half-bye")],
]
F16_PLAYERS = [Player("A"), Player("B"), Player("C"), Player("D")]

# Cut-1 exception: P scores 2 in 4 rounds against O1 (1 point), a half-bye in R2, O2 (3)
# and O3 (3); F1..F4 are fillers that make the opponents' scores.
CUT_ROUNDS = [
    [TiebreakGame("P", "O1", 1), TiebreakGame("O2", "F1", 1), TiebreakGame("O3", "F2", 1)],
    [
        TiebreakGame("P", "", 0.5, "half-bye"),
        TiebreakGame("O1", "F1", 1),
        TiebreakGame("O2", "F2", 1),
        TiebreakGame("O3", "F3", 1),
    ],
    [TiebreakGame("P", "O2", 0.5), TiebreakGame("O1", "F2", 0), TiebreakGame("O3", "F4", 0)],
    [TiebreakGame("O3", "P", 1), TiebreakGame("O1", "F3", 0), TiebreakGame("O2", "F4", 0.5)],
]
CUT_PLAYERS = [Player(pid) for pid in ("P", "O1", "O2", "O3", "F1", "F2", "F3", "F4")]

# SB cut example: R1 A-B 1-0, C-D 1/2; R2 A-C 1/2, B-D 1-0; R3 A-D 1-0, B-C 1/2.
SB_ROUNDS = [
    [TiebreakGame("A", "B", 1), TiebreakGame("C", "D", 0.5)],
    [TiebreakGame("A", "C", 0.5), TiebreakGame("B", "D", 1)],
    [TiebreakGame("A", "D", 1), TiebreakGame("B", "C", 0.5)],
]
# The same with A on a half-bye in R2 (D zero-bye, B-C 1-0) and R3 A-C 1-0, B-D 1/2.
SB_BYE_ROUNDS = [
    [TiebreakGame("A", "B", 1), TiebreakGame("C", "D", 0.5)],
    [
        TiebreakGame("A", "", 0.5, "half-bye"),
        TiebreakGame("D", "", 0, "zero-bye"),
        TiebreakGame("B", "C", 1),
    ],
    [TiebreakGame("A", "C", 1), TiebreakGame("B", "D", 0.5)],
]
ABCD = [Player(pid) for pid in "ABCD"]

# Four players tied on 2 points whose mutual games form the EGF congress pattern:
# P1 beat P2, P4 beat P1, P1 beat P3, P2 beat P3, P2 beat P4, P3 beat P4 (+ filler games).
CYCLE_ROUNDS = [
    [TiebreakGame("P1", "P2", 1), TiebreakGame("P3", "P4", 1)],
    [TiebreakGame("P1", "P3", 1), TiebreakGame("P2", "P4", 1)],
    [TiebreakGame("P4", "P1", 1), TiebreakGame("P2", "P3", 1)],
    [
        TiebreakGame("P3", "F1", 1),
        TiebreakGame("P4", "F2", 1),
        TiebreakGame("F3", "P1", 1),
        TiebreakGame("F4", "P2", 1),
    ],
]
CYCLE_PLAYERS = [Player(pid) for pid in ("P1", "P2", "P3", "P4", "F1", "F2", "F3", "F4")]

# DE 6.3: X, Y, Z tied on 2; X beat Y and Z, Y and Z never met.
NOT_ALL_MET_ROUNDS = [
    [TiebreakGame("X", "Y", 1), TiebreakGame("Z", "F1", 1)],
    [TiebreakGame("X", "Z", 1), TiebreakGame("Y", "F1", 1)],
    [TiebreakGame("F4", "X", 1), TiebreakGame("Y", "F2", 1), TiebreakGame("Z", "F3", 1)],
]
NOT_ALL_MET_PLAYERS = [Player(pid) for pid in ("X", "Y", "Z", "F1", "F2", "F3", "F4")]
