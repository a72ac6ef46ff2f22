"""Small builders shared by the pairing tests."""

from __future__ import annotations

from arbiter.pairing import PairingRequest, PlayerEntry, RoundRecord


def fresh_players(count: int) -> tuple[PlayerEntry, ...]:
    """`count` players with no history, rated in pairing-number order."""
    return tuple(PlayerEntry(n, f"Player {n}", 2600 - n) for n in range(1, count + 1))


ROUND_ONE = PairingRequest(players=fresh_players(6), round=1, total_rounds=5)


def game(
    white_history: list[RoundRecord], black_history: list[RoundRecord], w: int, b: int, result: str
) -> None:
    """Append one game (white `w` vs black `b`, white's result code) to both histories."""
    other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[result]
    white_history.append(RoundRecord(b, "w", result))
    black_history.append(RoundRecord(w, "b", other))


def request_from_rounds(
    count: int, rounds: list[list[tuple[int, int, str]]], total_rounds: int, **options: object
) -> PairingRequest:
    """A request after `rounds` (each a list of (white, black, white's result) games;
    a (player, 0, code) entry is an unpaired round with that code)."""
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, count + 1)}
    for games in rounds:
        for white, black, result in games:
            if black == 0:
                histories[white].append(RoundRecord(None, None, result))
            else:
                game(histories[white], histories[black], white, black, result)
    players = tuple(
        PlayerEntry(n, f"Player {n}", 2600 - 10 * n, tuple(histories[n]))
        for n in range(1, count + 1)
    )
    return PairingRequest(
        players=players, round=len(rounds) + 1, total_rounds=total_rounds, **options
    )
