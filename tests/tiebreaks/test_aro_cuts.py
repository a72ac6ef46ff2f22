"""ARO when cuts remove every game, and for a player with no game over the board.

Expected values are gacrux's answers on the same event (tests/tiebreaks/oracle.py), except
the one cited difference: no game over the board gives 0 (the seed libraries' rule, issue 24),
where gacrux gives no value.
"""

from decimal import Decimal

import pytest

from arbiter.tiebreaks.model import Player, TiebreakGame
from arbiter.tiebreaks.standings import rank
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import entry_points
from arbiter.trf.writer import write_trf
from tests.tiebreaks.oracle import gacrux_run

PLAYERS = [
    Player("1", 2000),
    Player("2", 1800),
    Player("3", 1600),
    Player("4", 1400),
    Player("5", 1500),
]
# 1 meets 2 over the board, then has a pairing bye and a forfeit win; 4 has one game only;
# 5 never plays over the board (pairing bye, then absent).
ROUNDS = [
    [TiebreakGame("1", "2", 1), TiebreakGame("3", "4", 0), TiebreakGame("5", "", 1, "pairing-bye")],
    [TiebreakGame("1", "", 1, "pairing-bye"), TiebreakGame("2", "3", Decimal("0.5"))],
    [TiebreakGame("1", "4", 1, "forfeit-win"), TiebreakGame("2", "", 1, "pairing-bye")],
]
CODES = ["ARO", "ARO/C1", "ARO/C2", "ARO/M1", "ARO/M2"]


def _trf() -> str:
    """The same event as a TRF for gacrux."""
    entries: dict[str, list[RoundEntry]] = {p.id: [] for p in PLAYERS}
    codes = {None: ("1", "0"), "pairing-bye": ("U", ""), "forfeit-win": ("+", "-")}
    for games in ROUNDS:
        seen = set()
        for game in games:
            own, other = codes[game.kind]
            if not game.black:
                entries[game.white].append(RoundEntry(None, "-", own))
                seen.add(game.white)
                continue
            if game.kind is None and game.result == Decimal("0.5"):
                own = other = "="
            elif game.kind is None and game.result == 0:
                own, other = "0", "1"
            entries[game.white].append(RoundEntry(int(game.black), "w", own))
            entries[game.black].append(RoundEntry(int(game.white), "b", other))
            seen |= {game.white, game.black}
        for player in PLAYERS:
            if player.id not in seen:
                entries[player.id].append(RoundEntry(None, "-", "-"))
    records = [
        PlayerRecord(
            start_number=int(p.id),
            name=f"Player {p.id}",
            rating=p.rating,
            points=sum((entry_points(entry) for entry in entries[p.id]), Decimal(0)),
            rounds=entries[p.id],
        )
        for p in PLAYERS
    ]
    return write_trf(Tournament(players=records, total_rounds=3))


def _ours() -> dict[str, dict[str, Decimal | None]]:
    return {s.player_id: s.values for s in rank(ROUNDS, PLAYERS, CODES)}


@pytest.fixture(scope="module")
def theirs() -> dict[str, dict[str, Decimal | None]]:
    answer = gacrux_run(_trf(), CODES)
    return {
        str(number): {
            code: None if value is None else Decimal(value)
            for code, value in zip(CODES, values, strict=True)
        }
        for number, (_, values) in answer.items()
    }


def test_cuts_that_remove_every_game_give_no_value_as_gacrux(theirs):
    ours = _ours()
    assert ours["1"]["ARO/C1"] is None  # one game (2), cut
    assert ours["4"]["ARO/C2"] is None
    assert ours["2"]["ARO/M1"] is None  # two games (1 and 3), both cut
    for player in ("1", "2", "3", "4"):
        assert ours[player] == theirs[player], player


def test_uncut_and_partly_cut_values_equal_gacrux(theirs):
    ours = _ours()
    assert ours["1"]["ARO"] == theirs["1"]["ARO"] == 1800
    assert ours["2"]["ARO/C1"] == theirs["2"]["ARO/C1"] == 2000  # 3 (1600) cut


def test_no_game_over_the_board_gives_zero_where_gacrux_gives_no_value(theirs):
    # The cited difference (docs/tiebreaks.md): player 5 only had a bye and an absence.
    assert _ours()["5"] == dict.fromkeys(CODES, Decimal(0))
    assert theirs["5"] == dict.fromkeys(CODES)
