"""Which games FIDE will rate, per player, and what follows for each player.

A game is rated when it was played over the board (result 1, = or 0: a forfeit, a bye or a
game of no move — W, D, L — is not), at a rate of play fast enough for the two players'
ratings (`minimum_minutes`), and:
- for a rated player, when the opponent is rated too (a rated player's change counts games
  against rated players only);
- for a player with no rating, when the opponent is rated: those games make the player's first
  rating, which FIDE publishes once it rests on 5 such games (pooled with other events of the
  last 26 months); a player who scores nothing against them has the event disregarded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Final

from arbiter.ratingreport import rules
from arbiter.ratingreport.findings import ERROR, WARNING, Finding
from arbiter.ratingreport.players import is_new
from arbiter.ratingreport.timecontrol import TimeControl, minutes_text
from arbiter.trf.model import PlayerRecord, Tournament

RATED_RESULTS: Final = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}
FIRST_RATING_GAMES: Final = 5
EXAMPLES: Final = 3


def minimum_minutes(rating: int, opponent_rating: int) -> int:
    """Each player's time for 60 moves a standard game needs (Rating Regulations 1.1)."""
    top = max(rating, opponent_rating)
    if top >= 2400:
        return 120
    return 90 if top >= 1800 else 60


@dataclass(slots=True)
class GameCount:
    rated_games: dict[int, int] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)


def count_rated_games(t: Tournament, control: TimeControl | None) -> GameCount:
    """Rated games per start number, the games the rate of play excludes (one event-level
    warning), games without a result (an error per round), and a warning per player whose
    games will not count as they might expect."""
    by_number = {p.start_number: p for p in t.players}
    minutes = control.game_minutes if control and control.speed == "standard" else None
    out = GameCount()
    too_fast: set[tuple[int, int, int, int]] = set()  # round, players, minutes needed
    unfinished: dict[int, set[tuple[int, int]]] = {}
    for player in sorted(t.players, key=lambda p: p.start_number):
        left_out = Counter[str]()
        against_rated = 0
        score = Decimal(0)
        for rnd, entry in enumerate(player.rounds, start=1):
            opponent = by_number.get(entry.opponent) if entry.opponent is not None else None
            if opponent is None:
                continue
            pair = (
                min(player.start_number, opponent.start_number),
                max(player.start_number, opponent.start_number),
            )
            if entry.result == " ":
                unfinished.setdefault(rnd, set()).add(pair)
                left_out["without a result"] += 1
            elif entry.result not in RATED_RESULTS:
                left_out["not played (forfeit or no move)"] += 1
            elif not opponent.rating:
                left_out["against an unrated opponent"] += 1
            elif minutes is not None and minutes < (
                needed := minimum_minutes(player.rating or 0, opponent.rating)
            ):
                too_fast.add((rnd, *pair, needed))
                left_out["too fast for the rate of play"] += 1
            else:
                against_rated += 1
                score += RATED_RESULTS[entry.result]
        counted = 0 if is_new(player) and not score else against_rated
        out.rated_games[player.start_number] = counted
        out.findings.extend(_player_notes(player, counted, against_rated, score, left_out))
    out.findings[:0] = [*_unfinished(unfinished), *_too_fast(sorted(too_fast), minutes)]
    return out


def _player_notes(
    player: PlayerRecord, counted: int, against_rated: int, score: Decimal, left_out: Counter[str]
) -> Iterator[Finding]:
    def note(message: str, rule: str) -> Finding:
        return Finding(player.start_number, player.name, "game", message, rule, WARNING)

    if is_new(player):
        if against_rated and not score:
            yield note(
                f"scored 0 in {_games(against_rated)} against rated opponents: if this is the "
                "player's first rated event, FIDE disregards it (no games counted here)",
                rules.NEW_PLAYER_GAMES,
            )
        elif counted < FIRST_RATING_GAMES:
            yield note(
                f"{_games(counted, 'rated game')} against rated opponents: "
                f"no first rating from this event alone ({FIRST_RATING_GAMES} needed; games of "
                "the last 26 months are pooled)",
                rules.NEW_PLAYER_GAMES,
            )
    elif left_out and not counted:
        reasons = ", ".join(f"{count} {why}" for why, count in sorted(left_out.items()))
        rule = (
            rules.RATE_OF_PLAY
            if "too fast for the rate of play" in left_out
            else (
                rules.RATED_OPPONENTS
                if "against an unrated opponent" in left_out
                else rules.UNPLAYED
            )
        )
        yield note(f"none of this player's games will be rated: {reasons}", rule)


def _unfinished(games: dict[int, set[tuple[int, int]]]) -> Iterator[Finding]:
    for rnd in sorted(games):
        boards = sorted(games[rnd])
        shown = ", ".join(f"{a}-{b}" for a, b in boards[:EXAMPLES])
        more = f" and {len(boards) - EXAMPLES} more" if len(boards) > EXAMPLES else ""
        yield Finding(
            None,
            "",
            "game",
            f"round {rnd}: {_games(len(boards))} without a "
            f"result ({shown}{more}): enter every result before the report is sent",
            rules.TRF_RESULTS,
            ERROR,
        )


def _too_fast(
    games: list[tuple[int, int, int, int]], minutes: Fraction | None
) -> Iterator[Finding]:
    if not games or minutes is None:
        return
    shown = ", ".join(f"round {r}: {a}-{b}" for r, a, b, _ in games[:EXAMPLES])
    more = f" and {len(games) - EXAMPLES} more" if len(games) > EXAMPLES else ""
    needed = max(n for *_, n in games)
    yield Finding(
        None,
        "",
        "time_control",
        f"{minutes_text(minutes)} min per player for 60 moves is less than the {needed} min "
        f"these players' ratings need: {_games(len(games))} "
        f"will not be rated ({shown}{more})",
        rules.RATE_OF_PLAY,
        WARNING,
    )


def _games(count: int, word: str = "game") -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"
