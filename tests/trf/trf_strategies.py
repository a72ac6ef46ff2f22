"""Hypothesis strategies: valid `Tournament`s, consistent the way a real Swiss is.

Imported by the tests of this folder (pytest puts the folder on sys.path).
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis import strategies as st

from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.points import XXS_CODES, player_points

HEADER_CODES = [
    "012",
    "022",
    "032",
    "042",
    "052",
    "062",
    "072",
    "082",
    "092",
    "102",
    "112",
    "122",
    "142",
    "152",
    "162",
    "192",
    "202",
    "212",
]
# TRF-2026 tags the reader checks: valid texts (162 keeps the standard points).
TAG_VALUES = {
    "142": ["9", "11", "99"],
    "152": ["W", "B", "w"],
    "162": [" W 1.0    D 0.5", " W   1    D  .5    L 0.0    A 0.0", " D 0.5"],
    "202": ["BH/C1,BH,SB,DE", "DE, BH/C1 , ARO", "TPR"],
    "212": ["PTS,BH/C1,BH", "PTS"],
}
GACRUX_SAFE_HEADER = ["012", "022", "032", "042", "052", "102", "112", "122"]
TITLES = ["", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "g", "m"]
OTHER_RECORDS = [
    "### comment",
    "### RR1 RRL PPP1",
    "DAT 0001 EMAIL a@b.c",
    "BBW  1.0",
    "XXZ 1 2",
    "320  1.0  1.0   0   3",
    "NOR    1 Ola",
]

# Outcomes of one board: (white's code, black's code).
PLAYED = [("1", "0"), ("0", "1"), ("=", "=")]
NOT_RATED = [("W", "L"), ("L", "W"), ("D", "D")]
FORFEITS = [("+", "-"), ("-", "+"), ("-", "-")]
UNPAIRED = ["H", "F", "Z", "-", "+", " "]

safe_text = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=0x2FF, exclude_characters="\x7f"),
    max_size=40,
)
ascii_text = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40)


def _clip(text: str, width: int) -> str:
    return text.strip()[:width].strip()


@st.composite
def dates(draw: st.DrawFn, *, short: bool = False) -> str:
    year = draw(st.integers(2000 if short else 1950, 2030))
    month = draw(st.integers(1, 12))
    day = draw(st.integers(1, 28))
    if short:
        return f"{year % 100:02d}/{month:02d}/{day:02d}"
    sep = draw(st.sampled_from("/-."))
    return f"{year:04d}{sep}{month:02d}{sep}{day:02d}"


@st.composite
def tournaments(
    draw: st.DrawFn,
    *,
    max_players: int = 10,
    max_rounds: int = 6,
    gacrux_safe: bool = False,
) -> Tournament:
    """A valid tournament. `gacrux_safe` leaves out what gacrux cannot read the same way:
    forfeits without colours, pending games, XXS point values, extension records, odd header
    records and non-ASCII names."""
    count = draw(st.integers(1 if not gacrux_safe else 2, max_players))
    if gacrux_safe or draw(st.booleans()):
        # gacrux (and bbpPairings) need start numbers 1..N without gaps.
        numbers = list(range(1, count + 1))
    else:
        numbers = sorted(
            draw(st.lists(st.integers(1, 9999), min_size=count, max_size=count, unique=True))
        )
    n_rounds = draw(st.integers(1 if gacrux_safe else 0, max_rounds))
    rounds: dict[int, list[RoundEntry]] = {n: [] for n in numbers}
    outcomes = PLAYED * 4 + NOT_RATED + FORFEITS + ([] if gacrux_safe else [(" ", " ")])
    for _ in range(n_rounds):
        status = {n: draw(st.sampled_from(["play"] * 6 + UNPAIRED)) for n in numbers}
        playing = draw(st.permutations([n for n in numbers if status[n] == "play"]))
        if len(playing) % 2:
            rounds[playing[-1]].append(RoundEntry(None, "-", "U"))
            playing = playing[:-1]
        for white, black in zip(playing[0::2], playing[1::2], strict=True):
            w_code, b_code = draw(st.sampled_from(outcomes))
            colourless = not gacrux_safe and w_code in "+-" and draw(st.integers(0, 3)) == 0
            w_col, b_col = ("-", "-") if colourless else ("w", "b")
            rounds[white].append(RoundEntry(black, w_col, w_code))
            rounds[black].append(RoundEntry(white, b_col, b_code))
        for n in numbers:
            if status[n] != "play":
                rounds[n].append(RoundEntry(None, "-", status[n]))

    point_values: dict[str, Decimal] = {}
    if not gacrux_safe and draw(st.integers(0, 3)) == 0:
        codes = draw(st.lists(st.sampled_from(XXS_CODES), unique=True, max_size=6))
        for code in codes:
            point_values[code] = draw(
                st.sampled_from(
                    [Decimal(0), Decimal("0.5"), Decimal(1), Decimal("1.5"), Decimal(2), Decimal(3)]
                )
            )

    text = ascii_text if gacrux_safe else safe_text
    players: list[PlayerRecord] = []
    for n in numbers:
        entries = rounds[n]
        # A player line may stop early where only unpaired rounds follow.
        if not gacrux_safe and draw(st.integers(0, 4)) == 0:
            while entries and entries[-1].opponent is None:
                entries = entries[:-1]
        player = PlayerRecord(
            start_number=n,
            name=_clip(draw(text), 33),
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(TITLES)),
            rating=draw(st.none() | st.integers(0, 3000)),
            federation=draw(st.sampled_from(["", "NOR", "GER", "FID", "USA"])),
            fide_id=draw(st.sampled_from(["", "0"]) | st.integers(1, 99_999_999_999).map(str)),
            birth_date=draw(st.sampled_from(["", "1990", "1978/05/17", "2001/00/00"])),
            rank=draw(st.none() | st.integers(1, count)),
            rounds=list(entries),
        )
        player.points = player_points(player, point_values or None)
        players.append(player)
    order = draw(st.permutations(players))

    header: dict[str, str] = {}
    for code in draw(
        st.lists(
            st.sampled_from(GACRUX_SAFE_HEADER if gacrux_safe else HEADER_CODES),
            unique=True,
            max_size=8,
        )
    ):
        if code in ("042", "052"):
            header[code] = draw(dates())
        elif code in TAG_VALUES:
            header[code] = draw(st.sampled_from(TAG_VALUES[code]))
        elif code == "112":
            header[code] = "\n".join(_clip(draw(text), 60) for _ in range(draw(st.integers(1, 3))))
        else:
            header[code] = draw(text).rstrip()
    t = Tournament(header=header, players=list(order), point_values=point_values)
    if draw(st.booleans()):
        t.round_dates = draw(st.lists(st.just("") | dates(short=True), max_size=n_rounds + 1))
    if gacrux_safe or draw(st.booleans()):
        # gacrux needs XXR: without it a last round with no over-the-board game is dropped.
        t.total_rounds = max(1, t.rounds_played) + draw(st.integers(0, 3))
    if gacrux_safe:
        return t
    t.initial_colour = draw(st.sampled_from([None, "white1", "black1", "rank white1", "rank"]))
    limit = t.total_rounds if t.total_rounds is not None else max_rounds
    for n in draw(st.lists(st.sampled_from(numbers), unique=True, max_size=3)):
        t.accelerations[n] = draw(
            st.lists(st.sampled_from([Decimal(0), Decimal("0.5"), Decimal(1)]), max_size=limit)
        )
    if len(numbers) >= 2:
        for _ in range(draw(st.integers(0, 2))):
            a, b = draw(st.lists(st.sampled_from(numbers), min_size=2, max_size=2, unique=True))
            t.forbidden_pairs.append((a, b))
            t.forbidden_records.append(("1", str(limit), str(a), str(b)))
    future = t.rounds_played + 1
    for _ in range(draw(st.integers(0, 2))):
        who = draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=3, unique=True))
        t.bye_records.append((draw(st.sampled_from("FHZ")), str(future), *map(str, who)))
    if draw(st.booleans()):
        t.acceleration_records.append(("", "1.0", "1", "2", str(numbers[0]), str(numbers[-1])))
    for team in range(draw(st.integers(0, 2))):
        members = draw(st.lists(st.sampled_from(numbers), max_size=4, unique=True))
        nickname = draw(st.sampled_from(["", "NOR", "TEAMA"]))
        points = draw(st.sampled_from(["", "3.0", "10.5"]))
        t.team_records.append(
            (
                str(team + 1),
                f"Team {team + 1}",
                nickname,
                "",
                points,
                points,
                "",
                *map(str, members),
            )
        )
    t.other_records = draw(st.lists(st.sampled_from(OTHER_RECORDS), max_size=3))
    return t
