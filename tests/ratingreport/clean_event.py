"""A small finished event that FIDE's rating officer would take as it is: six players (one new
to the list), a five-round round robin at 90 min + 30 s a move, every record filled in.
Each test alters one thing in it (`clean()` returns a fresh copy)."""

from __future__ import annotations

from decimal import Decimal

from arbiter.ratingreport import Finding, RatingReport, rating_report
from arbiter.trf import read_trf, write_trf
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament

HEADER = {
    "012": "Lakeside Open 2026",
    "022": "Lakeside",
    "032": "NOR",
    "042": "2026/04/10",
    "052": "2026/04/12",
    "062": "6",
    "072": "5",
    "092": "Individual: round robin",
    "102": "Arbiter, Ada (1500001)",
    "112": "Deputy, Dan (1500002)",
    "122": "90 min + 30 s per move from move 1",
    "142": "5",
    "222": "5400+30",
}
ROUND_DATES = ["26/04/10", "26/04/10", "26/04/11", "26/04/11", "26/04/12"]
# (sex, title, name, rating, federation, FIDE ID, birth date); number 6 is new to the list.
PLAYERS = [
    ("m", "GM", "Aalto, Aki", 2512, "FIN", "503010", "1991/04/02"),
    ("w", "WIM", "Berg, Brita", 2288, "SWE", "1712344", "1999/11/30"),
    ("m", "FM", "Costa, Caio", 2301, "POR", "1907112", "2002/01/15"),
    ("m", "", "Dahl, Dag", 2105, "NOR", "1500123", "1985/06/01"),
    ("w", "", "Egger, Eva", 1950, "AUT", "1600456", "2008/03/03"),
    ("m", "", "Fox, Finn", None, "NOR", "1500999", "2012/05/05"),
]
# Round by round: (white, black, white's result).
GAMES = [
    [(1, 6, "="), (2, 5, "1"), (3, 4, "=")],
    [(6, 4, "0"), (5, 3, "="), (1, 2, "1")],
    [(2, 6, "1"), (3, 1, "0"), (4, 5, "1")],
    [(6, 5, "="), (1, 4, "1"), (2, 3, "=")],
    [(3, 6, "1"), (4, 2, "0"), (5, 1, "0")],
]
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
POINTS = {
    "1": Decimal(1),
    "=": Decimal("0.5"),
    "+": Decimal(1),
    "W": Decimal(1),
    "D": Decimal("0.5"),
}


def clean() -> Tournament:
    players = [
        PlayerRecord(
            start_number=number,
            name=name,
            sex=sex,
            title=title,
            rating=rating,
            federation=federation,
            fide_id=fide_id,
            birth_date=birth,
        )
        for number, (sex, title, name, rating, federation, fide_id, birth) in enumerate(
            PLAYERS, start=1
        )
    ]
    by_number = {p.start_number: p for p in players}
    for pairings in GAMES:
        for white, black, result in pairings:
            by_number[white].rounds.append(RoundEntry(black, "w", result))
            by_number[black].rounds.append(RoundEntry(white, "b", OTHER_SIDE[result]))
    t = Tournament(header=dict(HEADER), round_dates=list(ROUND_DATES), players=players)
    rescore(t)
    return t


def rescore(t: Tournament) -> None:
    """Points and ranks from the round results (after a test changed one)."""
    for player in t.players:
        player.points = sum(
            (POINTS.get(e.result, Decimal(0)) for e in player.rounds), Decimal(0)
        ) + sum(
            (Decimal(1) if e.result == "F" else Decimal("0.5") if e.result == "H" else 0)
            for e in player.rounds
        )
    ordered = sorted(t.players, key=lambda p: (-p.points, p.start_number))
    for rank, player in enumerate(ordered, start=1):
        player.rank = rank


def set_result(t: Tournament, rnd: int, white: int, result: str, black_result: str) -> None:
    """Give the game of `white` in round `rnd` a result on both lines."""
    player = player_of(t, white)
    entry = player.rounds[rnd - 1]
    assert entry.opponent is not None
    player.rounds[rnd - 1] = RoundEntry(entry.opponent, entry.colour, result)
    other = player_of(t, entry.opponent)
    back = other.rounds[rnd - 1]
    other.rounds[rnd - 1] = RoundEntry(back.opponent, back.colour, black_result)
    rescore(t)


def player_of(t: Tournament, number: int) -> PlayerRecord:
    return next(p for p in t.players if p.start_number == number)


def as_file(t: Tournament) -> Tournament:
    """The tournament written as a TRF and read back: what the report sees of a real file."""
    return read_trf(write_trf(t))


def report_of(t: Tournament) -> RatingReport:
    return rating_report(as_file(t))


def errors(report: RatingReport) -> set[tuple[str, int | None]]:
    return {(f.field, f.start_number) for f in report.errors}


def warnings(report: RatingReport) -> set[tuple[str, int | None]]:
    return {(f.field, f.start_number) for f in report.warnings}


def only(report: RatingReport, field: str, number: int | None) -> Finding:
    """The one finding on `field` of `number`."""
    found = [f for f in report.findings if f.field == field and f.start_number == number]
    assert len(found) == 1, report.text()
    return found[0]
