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
from arbiter.trf.i18n import gettext as _
from arbiter.trf.i18n import ngettext
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
                ngettext(
                    "scored 0 in %(count)s game against rated opponents: if this is the "
                    "player's first rated event, FIDE disregards it (no games counted here)",
                    "scored 0 in %(count)s games against rated opponents: if this is the "
                    "player's first rated event, FIDE disregards it (no games counted here)",
                    against_rated,
                )
                % {"count": against_rated},
                rules.NEW_PLAYER_GAMES,
            )
        elif counted < FIRST_RATING_GAMES:
            yield note(
                ngettext(
                    "%(count)s rated game against rated opponents: no first rating from this "
                    "event alone (%(needed)s needed; games of the last 26 months are pooled)",
                    "%(count)s rated games against rated opponents: no first rating from this "
                    "event alone (%(needed)s needed; games of the last 26 months are pooled)",
                    counted,
                )
                % {"count": counted, "needed": FIRST_RATING_GAMES},
                rules.NEW_PLAYER_GAMES,
            )
    elif left_out and not counted:
        reasons = ", ".join(_reason(why, count) for why, count in sorted(left_out.items()))
        rule = (
            rules.RATE_OF_PLAY
            if "too fast for the rate of play" in left_out
            else (
                rules.RATED_OPPONENTS
                if "against an unrated opponent" in left_out
                else rules.UNPLAYED
            )
        )
        yield note(
            _("none of this player's games will be rated: %(reasons)s") % {"reasons": reasons},
            rule,
        )


def _reason(why: str, count: int) -> str:
    """A count of the games left out for one reason (`why`, the reason's code), in words."""
    # The English reads the same for any count; other languages inflect.
    if why == "without a result":
        text = ngettext("%(count)s without a result", "%(count)s without a result", count)
    elif why == "not played (forfeit or no move)":
        text = ngettext(
            "%(count)s not played (forfeit or no move)",
            "%(count)s not played (forfeit or no move)",
            count,
        )
    elif why == "against an unrated opponent":
        text = ngettext(
            "%(count)s against an unrated opponent", "%(count)s against an unrated opponent", count
        )
    else:
        text = ngettext(
            "%(count)s too fast for the rate of play",
            "%(count)s too fast for the rate of play",
            count,
        )
    return text % {"count": count}


def _examples(shown: str, count: int) -> str:
    """The examples shown of `count` games, and how many more there are."""
    if count <= EXAMPLES:
        return shown
    return _("%(shown)s and %(more)s more") % {"shown": shown, "more": count - EXAMPLES}


def _unfinished(games: dict[int, set[tuple[int, int]]]) -> Iterator[Finding]:
    for rnd in sorted(games):
        boards = sorted(games[rnd])
        shown = ", ".join(f"{a}-{b}" for a, b in boards[:EXAMPLES])
        yield Finding(
            None,
            "",
            "game",
            ngettext(
                "round %(round)s: %(count)s game without a result (%(shown)s): enter every "
                "result before the report is sent",
                "round %(round)s: %(count)s games without a result (%(shown)s): enter every "
                "result before the report is sent",
                len(boards),
            )
            % {"round": rnd, "count": len(boards), "shown": _examples(shown, len(boards))},
            rules.TRF_RESULTS,
            ERROR,
        )


def _too_fast(
    games: list[tuple[int, int, int, int]], minutes: Fraction | None
) -> Iterator[Finding]:
    if not games or minutes is None:
        return
    shown = ", ".join(
        _("round %(round)s: %(white)s-%(black)s") % {"round": r, "white": a, "black": b}
        for r, a, b, _needed in games[:EXAMPLES]
    )
    needed = max(n for *_others, n in games)
    yield Finding(
        None,
        "",
        "time_control",
        ngettext(
            "%(minutes)s min per player for 60 moves is less than the %(needed)s min these "
            "players' ratings need: %(count)s game will not be rated (%(shown)s)",
            "%(minutes)s min per player for 60 moves is less than the %(needed)s min these "
            "players' ratings need: %(count)s games will not be rated (%(shown)s)",
            len(games),
        )
        % {
            "minutes": minutes_text(minutes),
            "needed": needed,
            "count": len(games),
            "shown": _examples(shown, len(games)),
        },
        rules.RATE_OF_PLAY,
        WARNING,
    )
