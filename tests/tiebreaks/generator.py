"""Seeded random Swiss tournaments for differential tests (and the pairing engineer).

One generated event is kept three ways from the same draw: TRF round entries (a
`arbiter.trf.model.Tournament`), and the tie-break model (`TiebreakGame` lists and `Player`s), so a
test can feed the same event to gacrux (through TRF) and to our library.

The pairing is only Swiss-like (score groups, no repeats when avoidable, one pairing-allocated
bye for the lowest scorer without one); it exercises every kind of unplayed round: half-,
zero- and full-point byes, forfeits, double forfeits, withdrawals and late entries.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal

from arbiter.tiebreaks import Player, TiebreakGame
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import player_points

# Start dates that select each rule set in gacrux (record 042; 2026 rules from 2026-03-01).
START_DATES = {"2023": "2025/06/01", "2026": "2026/06/01"}

_OTB_POINTS = {"1": 2, "=": 1, "0": 0, "W": 2, "D": 1, "L": 0}
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D"}


@dataclass(slots=True)
class GeneratedEvent:
    tournament: Tournament
    rounds: list[list[TiebreakGame]]
    players: list[Player]
    regulations: str
    total_rounds: int


def generate(seed: int, regulations: str = "2026", *, players: int | None = None,
             rounds: int | None = None, bye_then_forfeit: int = 0) -> GeneratedEvent:  # fmt: skip
    """`bye_then_forfeit` players (drawn at random) get a zero-point bye (or an absence) in
    the second-to-last round and lose the last round by forfeit (issue 13, defect 17)."""
    rng = random.Random(seed)
    n = players if players is not None else rng.randint(4, 31)
    total_rounds = rounds if rounds is not None else rng.randint(3, min(11, n - 1))
    forced = (
        set(rng.sample(range(1, n + 1), min(bye_then_forfeit, n))) if total_rounds > 1 else set()
    )
    numbers = list(range(1, n + 1))
    ratings = {sn: rng.randint(1400, 2700) for sn in numbers}
    entry_round = {sn: 0 for sn in numbers}
    leave_round = {sn: total_rounds for sn in numbers}
    for sn in numbers:
        draw = rng.random()
        if draw < 0.08 and total_rounds > 2:
            entry_round[sn] = rng.randint(1, 2)  # late entry
        elif draw < 0.18:
            leave_round[sn] = rng.randint(1, total_rounds - 1)  # withdraws after this round
    entries: dict[int, list[RoundEntry]] = {sn: [] for sn in numbers}
    games: list[list[TiebreakGame]] = []
    score = dict.fromkeys(numbers, 0)
    met: dict[int, set[int]] = {sn: set() for sn in numbers}
    had_pab: set[int] = set()
    for r in range(total_rounds):
        round_games: list[TiebreakGame] = []
        active = []
        for sn in numbers:
            if sn in forced and r >= total_rounds - 2:
                if r == total_rounds - 2:
                    if rng.random() < 0.5:
                        _bye(sn, "Z", entries, round_games, score)
                    else:
                        _absent(rng, sn, entries, round_games, late=False)
                else:
                    active.append(sn)
                continue
            if r < entry_round[sn] or r >= leave_round[sn]:
                _absent(rng, sn, entries, round_games, late=r < entry_round[sn])
                continue
            draw = rng.random()
            if draw < 0.06:
                _bye(sn, "H", entries, round_games, score)
            elif draw < 0.09:
                _bye(sn, "Z", entries, round_games, score)
            elif draw < 0.10:
                _bye(sn, "F", entries, round_games, score)
            else:
                active.append(sn)
        rng.shuffle(active)
        active.sort(key=lambda sn: -score[sn])
        # In the last round the forced players must be paired, to lose by forfeit.
        losers = forced if r == total_rounds - 1 else set()
        if len(active) % 2:
            free = [sn for sn in reversed(active) if sn not in losers] or active[::-1]
            candidates = [sn for sn in free if sn not in had_pab] or free
            bye = candidates[0]
            active.remove(bye)
            had_pab.add(bye)
            _bye(bye, "U", entries, round_games, score)
        played_any = False
        while active:
            white = active.pop(0)
            partner = next((sn for sn in active if sn not in met[white]), active[0])
            active.remove(partner)
            if rng.random() < 0.5:
                white, partner = partner, white
            met[white].add(partner)
            met[partner].add(white)
            played_any |= _pair(
                rng, white, partner, entries, round_games, score, losers & {white, partner}
            )
        if not played_any and round_games:
            # gacrux counts rounds up to the last one with a game played over the board.
            _replay_last_pair(entries, round_games, score, r, losers)
        games.append(round_games)
    tournament = Tournament(
        header={
            "012": f"Generated {seed}",
            "042": START_DATES[regulations],
            "062": str(n),
            "142": str(total_rounds),
        },
        total_rounds=total_rounds,
    )
    for sn in numbers:
        record = PlayerRecord(
            start_number=sn,
            name=f"Player {sn}",
            rating=ratings[sn],
            rounds=entries[sn],
        )
        record.points = player_points(record)
        tournament.players.append(record)
    model_players = [Player(str(sn), ratings[sn]) for sn in numbers]
    return GeneratedEvent(tournament, games, model_players, regulations, total_rounds)


def _absent(
    rng: random.Random,
    sn: int,
    entries: dict[int, list[RoundEntry]],
    round_games: list[TiebreakGame],
    *,
    late: bool,
) -> None:
    """Not there: TRF writes it as "-", "Z" or a blank block; the model has no game."""
    code = rng.choice(["-", "Z", " "] if not late else ["-", " "])
    entries[sn].append(RoundEntry(None, "-", code))
    if code == "Z":
        round_games.append(TiebreakGame(str(sn), "", 0, "zero-bye"))


def _bye(
    sn: int, code: str, entries: dict[int, list[RoundEntry]], round_games: list[TiebreakGame],
    score: dict[int, int],
) -> None:  # fmt: skip
    kind, points = {
        "H": ("half-bye", 1),
        "Z": ("zero-bye", 0),
        "F": ("full-bye", 2),
        "U": ("pairing-bye", 2),
    }[code]
    entries[sn].append(RoundEntry(None, "-", code))
    round_games.append(TiebreakGame(str(sn), "", Decimal(points) / 2, kind))
    score[sn] += points


def _pair(
    rng: random.Random,
    white: int,
    black: int,
    entries: dict[int, list[RoundEntry]],
    round_games: list[TiebreakGame],
    score: dict[int, int],
    losers: set[int],
) -> bool:
    """Add one board (a forfeit lost by `losers` if any); True if played over the board."""
    draw = rng.random()
    if losers:
        draw = 0.11 if len(losers) == 2 else 0.01 if black in losers else 0.06
    if draw < 0.05:
        codes, game = ("+", "-"), TiebreakGame(str(white), str(black), 1, "forfeit-win")
    elif draw < 0.10:
        codes, game = ("-", "+"), TiebreakGame(str(white), str(black), 0, "forfeit-loss")
    elif draw < 0.12:
        codes, game = ("-", "-"), TiebreakGame(str(white), str(black), 0, "double-forfeit")
    else:
        code = rng.choice(["1", "1", "0", "0", "=", "=", "W", "L", "D"] if draw < 0.14 else "10=")
        codes = (code, _MIRROR[code])
        game = TiebreakGame(str(white), str(black), Decimal(_OTB_POINTS[code]) / 2)
    entries[white].append(RoundEntry(black, "w", codes[0]))
    entries[black].append(RoundEntry(white, "b", codes[1]))
    round_games.append(game)
    for sn, code in ((white, codes[0]), (black, codes[1])):
        score[sn] += {"+": 2, "-": 0}.get(code, _OTB_POINTS.get(code, 0))
    return game.kind is None


def _replay_last_pair(
    entries: dict[int, list[RoundEntry]], round_games: list[TiebreakGame],
    score: dict[int, int], r: int, losers: set[int],
) -> None:  # fmt: skip
    """Turn the round's last board between two players (not a forced forfeit) into a draw."""
    for i in range(len(round_games) - 1, -1, -1):
        game = round_games[i]
        if game.black and not {int(game.white), int(game.black)} & losers:
            white, black = int(game.white), int(game.black)
            for sn, entry in ((white, entries[white][r]), (black, entries[black][r])):
                score[sn] += 1 - {"+": 2, "-": 0}[entry.result]
                entries[sn][r] = RoundEntry(entry.opponent, entry.colour, "=")
            round_games[i] = TiebreakGame(game.white, game.black, Decimal("0.5"))
            return
