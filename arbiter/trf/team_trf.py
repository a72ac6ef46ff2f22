"""A team Swiss event (`TeamEvent`) as TRF-2026 with the team records, and back.

`team_event_to_trf(event, through_round=None) -> Tournament` (write it with
`arbiter.trf.writer.write_trf`) and `team_event_from_trf(tournament) -> TeamEvent`. The file is
read by gacrux's `trf2json` (FIDE's tool, the reference) as the same matches, colours and
points; docs/team-swiss.md "TRF-2026 team records" lists every record and why it is written
the way it is. In short:

- 001: one line per player; a round block per board game (opponent, colour, result code); a
  board whose opponent's team fielded nobody is `0000 - +`; a player of a team with a half-
  or full-point bye is `0000 - H` / `0000 - F` (the first `boards` of the squad); any other
  round is blank (gacrux reads `0000 -` as a game of the player and adds it to the match).
- 142, 152, 162 (game points), 192 (FIDE_TEAM_* from the colour model and the scores), 202
  (tie-breaks), 352 (board colours, `WBWB...`), 362 (match points).
- 310: each team with its match and game points, a rank and its squad in order.
- 240 (H/F/Z byes), 260 (forbidden pairs), 320 (the pairing-allocated byes and their points),
  330 (matches with no board between two players: a whole match forfeited), 300 (a line-up
  not in the squad's order, or with an empty board); a match neither team came to is its
  `330 --` record with a `300` record of empty boards for each team. Only for the pairing
  engine (`engine_input=True`) is it two `240 Z` byes and a `### 330` comment: gacrux's
  pairing fails on such a match (its reader leaves a game 0 that it then looks up). For the
  same reason a board neither team fielded anyone on, in a match with other boards, gets a
  stand-in per team there (`_stand_ins`) instead of `0` on both 300 records.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Final, Literal

from arbiter.trf.columns import format_decimal, parse_decimal, parse_int
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.model import PlayerRecord, RoundEntry, Tournament
from arbiter.trf.tags2026 import read_scoring, read_tiebreaks, scoring_text
from arbiter.trf.team_event import (
    PAB_MATCH_POINTS_DEFAULT,
    PLAYED_RESULTS,
    BoardGame,
    ColourModel,
    Match,
    Points,
    PrimaryScore,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
    board_colour,
    bye_score,
)

# A board's result -> the TRF codes of (the white player, the black player).
BOARD_CODES: Final = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2": ("=", "="),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
    "": (" ", " "),
}
_RESULT_OF_CODES: Final = {codes: result for result, codes in BOARD_CODES.items()}
# A match neither team came to: a comment holding its 330 record (see team_event_to_trf).
EMPTY_MATCH_MARK: Final = "### "
COLOUR_TOKENS: Final = {"typea": "TYPEA_", "typeb": "TYPEB_", "nocolor": ""}
TEAM_CODE_PREFIX: Final = "FIDE_TEAM_"


@dataclass(frozen=True, slots=True)
class TeamScore:
    """What one team got from one match or bye: match points and game points."""

    match: Decimal
    game: Decimal


def team_type_code(event: TeamEvent) -> str:
    """The 192 code: FIDE_TEAM_[TYPEA_|TYPEB_]MP[_GP] or GP[_MP] (gacrux's table)."""
    scores = event.scores
    first, second = ("MP", "GP") if scores.primary == "mp" else ("GP", "MP")
    tail = f"{first}_{second}" if scores.secondary_used else first
    return TEAM_CODE_PREFIX + COLOUR_TOKENS[event.colour_model] + tail


def board_game_points(result: str, game: Points) -> tuple[Decimal, Decimal]:
    """(white's, black's) game points of a board: a forfeit win counts as a win, a forfeit
    loss and a board nobody played as nothing (gacrux's `Z`)."""
    zero = Decimal(0)
    return {
        "1-0": (game.win, game.loss),
        "0-1": (game.loss, game.win),
        "1/2": (game.draw, game.draw),
        "+-": (game.win, zero),
        "-+": (zero, game.win),
        "--": (zero, zero),
        "": (zero, zero),
    }[result]


def match_points(
    *, scores: ScoreSystem, results: Iterable[tuple[int, str]]
) -> tuple[Decimal, Decimal, Decimal, Decimal]:
    """(white team's match points, black team's, white team's game points, black team's) of a
    match from its boards' `(board, result)`: the one rule of a match's score (C.04.6 art. 1.2),
    for the live event, the TRF and the team tie-breaks. The match's white team has White on
    the odd boards (`board_colour`). The match goes to the team with more game points; equal
    game points are a draw when both teams scored, else both lose (gacrux
    `games2matches.decide_score`: two teams that both forfeited every board get no match
    point)."""
    white = black = Decimal(0)
    for board, result in results:
        w, b = board_game_points(result, scores.game)
        if board_colour(board) == "w":
            white, black = white + w, black + b
        else:
            white, black = white + b, black + w
    m = scores.match
    if white > black:
        return m.win, m.loss, white, black
    if black > white:
        return m.loss, m.win, white, black
    if white > 0:
        return m.draw, m.draw, white, black
    return m.loss, m.loss, white, black


def match_scores(match: Match, scores: ScoreSystem, boards: int) -> dict[int, TeamScore]:
    """Each team's match and game points from one match (or pairing-allocated bye)."""
    if match.black is None:
        return {match.white: TeamScore(*bye_score(scores=scores, boards=boards))}
    mp_white, mp_black, gp_white, gp_black = match_points(
        scores=scores, results=((board.board, board.result) for board in match.games)
    )
    return {match.white: TeamScore(mp_white, gp_white), match.black: TeamScore(mp_black, gp_black)}


def match_played(match: Match, scores: ScoreSystem, boards: int) -> bool:
    """Whether a match counts as played (gacrux `games2matches.decide_score`): a board was
    played over the board, or both teams scored (each won a board by forfeit). A match that
    was not played is no meeting (the teams may be paired again) and gives no colour."""
    if match.black is None:
        return False
    if any(game.result in PLAYED_RESULTS for game in match.games):
        return True
    return all(score.game > 0 for score in match_scores(match, scores, boards).values())


def requested_bye_score(*, bye: TeamBye, scores: ScoreSystem, boards: int) -> TeamScore:
    """A requested bye (240, not the pairing-allocated one: `bye_score`): H the points of a
    draw, F of a win, Z nothing; the game points are those of drawing / winning every board
    (gacrux's defaults `HG = D*`, `FG = W*`)."""
    if bye.kind == "H":
        return TeamScore(scores.match.draw, scores.game.draw * boards)
    if bye.kind == "F":
        return TeamScore(scores.match.win, scores.game.win * boards)
    return TeamScore(Decimal(0), Decimal(0))


def team_totals(
    event: TeamEvent, through_round: int | None = None
) -> dict[int, tuple[Decimal, Decimal]]:
    """tpn -> (match points, game points) after `through_round` (default: every round)."""
    last = event.total_rounds if through_round is None else through_round
    totals = {team.tpn: (Decimal(0), Decimal(0)) for team in event.teams}
    for match in event.matches:
        if match.round > last:
            continue
        for tpn, score in match_scores(match, event.scores, event.boards).items():
            mp, gp = totals[tpn]
            totals[tpn] = (mp + score.match, gp + score.game)
    for bye in event.byes:
        if bye.round <= last:
            score = requested_bye_score(bye=bye, scores=event.scores, boards=event.boards)
            mp, gp = totals[bye.tpn]
            totals[bye.tpn] = (mp + score.match, gp + score.game)
    return totals


def _lineup(match: Match, side: Literal["w", "b"], boards: int) -> list[int | None]:
    """The players of one side of a match by board (None where nobody played)."""
    out: list[int | None] = [None] * boards
    for game in match.games:
        if not 1 <= game.board <= boards:
            raise ValueError(f"round {match.round}: board {game.board} is not 1..{boards}")
        white_team_white = board_colour(game.board) == "w"
        player = game.white if (side == "w") == white_team_white else game.black
        out[game.board - 1] = player
    return out


def _boards_nobody_sat_at(match: Match, boards: int) -> list[int]:
    """The boards of a match where neither team fielded anyone (none if nobody came at all:
    that match is written apart)."""
    empty = [g.board for g in match.games if g.white is None and g.black is None]
    return [] if len(empty) == len(match.games) == boards else sorted(empty)


def _stand_ins(
    team: Team,
    lineup: list[int | None],
    boards: list[int],
    round_no: int,
    entries: dict[int, dict[int, RoundEntry]],
) -> None:
    """For gacrux's pairing only: a board neither team fielded anyone on gets, on each side,
    the team's next squad player who did not play in the round, with a forfeit loss and no
    opponent (`0000 - -`); gacrux's reader pairs the two into a double forfeit at that board.
    Written as TRF-2026 says (`0` on both teams' 300 records), its reader leaves a game 0
    there that its pairing then looks up (error 510). To the pairing both are the same: no
    points, no colour, the match as played or not as its other boards make it."""
    unused = iter(p for p in team.players if p not in lineup)
    for board in boards:
        stand_in = next(unused, None)
        if stand_in is None:  # a squad shorter than the boards: nothing to name
            return
        lineup[board - 1] = stand_in
        entries[stand_in][round_no] = RoundEntry(None, "-", "-")


def _default_lineup(players: Iterable[int | None], squad: dict[int, int], boards: int) -> list:
    present = sorted((p for p in players if p is not None), key=lambda p: squad[p])
    return present + [None] * (boards - len(present))


def team_event_to_trf(
    event: TeamEvent,
    *,
    through_round: int | None = None,
    engine_input: bool = False,
    ranks: Mapping[int, int] | None = None,
) -> Tournament:
    """The event as a TRF-2026 `Tournament` with the team records, holding the rounds up to
    `through_round` (default: all). ValueError for an event the records cannot say (a player
    in two teams, a board outside 1..boards, a team number not 1..N).

    `engine_input`: the file for gacrux's pairing, which fails on a match neither team came
    to (`330 --` with no game): such a match is written as a `240 Z` bye for each team and
    the 330 record as a `### ` comment (our reader still reads the match). To gacrux's
    pairing both say the same (the teams did not meet, neither scored, neither won by
    forfeit); to the tie-breaks they do not (C.07 16.3: a zero-point bye after a team's last
    round counts as a draw, a forfeit loss as nothing), so the export says what happened.

    `ranks`: each team's rank in the final standings (TPN -> rank, `arbiter.tiebreaks.team`
    computes them; this module sits below it). Without them the 310 rank is the order by the
    primary score, the other score and the TPN, which ignores the tie-breaks."""
    last = event.total_rounds if through_round is None else through_round
    if last < 0:
        raise ValueError(f"through_round {through_round} is negative")
    tpns = sorted(team.tpn for team in event.teams)
    if tpns != list(range(1, len(tpns) + 1)):
        raise ValueError(f"team pairing numbers must be 1..{len(tpns)}, got {tpns}")
    team_of: dict[int, int] = {}
    squad_index: dict[int, int] = {}
    for team in event.teams:
        for index, number in enumerate(team.players):
            if number in team_of:
                raise ValueError(f"player {number} is in teams {team_of[number]} and {team.tpn}")
            team_of[number] = team.tpn
            squad_index[number] = index
    matches = [m for m in event.matches if m.round <= last]
    byes = [b for b in event.byes if b.round <= last]
    rounds = max([m.round for m in matches] + [b.round for b in byes] + [0])

    teams_by_tpn = {team.tpn: team for team in event.teams}
    entries: dict[int, dict[int, RoundEntry]] = defaultdict(dict)
    other: list[str] = []
    pab: dict[int, int] = {}
    empty: set[tuple[int, int]] = set()  # (round, team) of matches nobody came to
    for match in sorted(matches, key=lambda m: (m.round, m.white)):
        if match.black is None:
            if match.round in pab:
                raise ValueError(f"round {match.round}: two pairing-allocated byes")
            pab[match.round] = match.white
            continue
        _match_entries(event, match, team_of, entries)
        if engine_input and all(g.white is None and g.black is None for g in match.games):
            # Neither team fielded anyone. gacrux's pairing cannot take a 330 match without
            # a single game (its games2matches stops without 300 records, and with them
            # leaves a game 0 that its tiebreak module, which the pairing runs, looks up):
            # zero-point byes for both, the match in a comment for our reader.
            other.append(EMPTY_MATCH_MARK + _forfeit_line(match))
            empty.update({(match.round, match.white), (match.round, match.black)})
            continue
        if not any(g.white is not None and g.black is not None for g in match.games):
            other.append(_forfeit_line(match))
        both_empty = _boards_nobody_sat_at(match, event.boards)
        for side, tpn, opponent in (
            ("w", match.white, match.black),
            ("b", match.black, match.white),
        ):
            lineup = _lineup(match, side, event.boards)  # type: ignore[arg-type]
            if engine_input and both_empty:
                _stand_ins(teams_by_tpn[tpn], lineup, both_empty, match.round, entries)
            # gacrux lines the two teams' games up board by board only when each team has
            # one per board: an empty board needs the team's line-up spelled out too.
            if None in lineup or lineup != _default_lineup(lineup, squad_index, event.boards):
                other.append(_out_of_order_line(match.round, tpn, opponent, lineup))
    bye_groups: dict[tuple[str, int], list[int]] = defaultdict(list)
    for rnd, tpn in empty:
        bye_groups[("Z", rnd)].append(tpn)
    for bye in byes:
        bye_groups[(bye.kind, bye.round)].append(bye.tpn)
        if bye.kind in ("H", "F"):
            for number in teams_by_tpn[bye.tpn].players[: event.boards]:
                entries[number][bye.round] = RoundEntry(None, "-", bye.kind)

    # Every round written counts, byes included: a team's half- or full-point bye has 001
    # entries, so gacrux counts its round too (it leaves out only a round no one has an
    # entry in).
    totals = team_totals(event, last)
    scores = event.scores
    players = [
        _player_record(player, entries.get(player.number, {}), rounds, scores.game)
        for player in event.players
    ]
    t = Tournament(players=players, blank_unpaired=True)
    header = t.header
    header["012"] = event.name
    if event.start_date:
        header["042"] = event.start_date
    if event.end_date:
        header["052"] = event.end_date
    header["062"] = str(len(event.players))
    header["082"] = str(len(event.teams))
    header["142"] = str(event.total_rounds)
    header["152"] = "W" if event.initial_colour == "white" else "B"
    header["162"] = scoring_text(_symbols(scores.game))
    header["192"] = team_type_code(event)
    if event.tiebreaks:
        header["202"] = ",".join(event.tiebreaks)
    header["352"] = "".join(board_colour(b).upper() for b in range(1, event.boards + 1))
    header["362"] = match_scoring_text(scores.match)
    if event.round_dates:
        t.round_dates = [_short_date(d) for d in event.round_dates]
    t.team_records = _team_records(event, totals, ranks)
    t.bye_records = [
        (kind, str(rnd), *(str(tpn) for tpn in sorted(group)))
        for (kind, rnd), group in sorted(
            bye_groups.items(), key=lambda item: (item[0][1], item[0][0])
        )
    ]
    t.forbidden_records = [
        ("1", str(event.total_rounds), str(a), str(b)) for a, b in event.forbidden
    ]
    pab_match, pab_game = bye_score(scores=scores, boards=event.boards)
    pab_line = f"320 {_points4(pab_match)} {_points4(pab_game)}"
    if pab:
        pab_line += " " + " ".join(str(pab.get(r, 0)).rjust(3, "0") for r in range(1, max(pab) + 1))
    t.other_records = [pab_line, *other]
    return t


def match_scoring_text(points: Points) -> str:
    """The 362 text: `TW 2.0   TD 1.0   TL 0.0`, each symbol 9 columns after the last (the
    columns of 162, which is where gacrux reads them), with TRF-2026's team letters."""
    out = ""
    for symbol, value in (("TW", points.win), ("TD", points.draw), ("TL", points.loss)):
        out += symbol + _points4(value) + "   "
    return out.rstrip()


def read_match_scoring(text: str) -> dict[str, Decimal]:
    """362 -> {"W": .., "D": .., "L": ..}: `TW 2.0`, `W 2.0`, ... read as words, so the 9-column
    layout gacrux reads and the files that space them otherwise are all read."""
    tokens = text.split()
    values: dict[str, Decimal] = {}
    for symbol, points_text in itertools.pairwise(tokens):
        points = parse_decimal(points_text)
        letter = symbol.upper().removeprefix("T")
        if letter in ("W", "D", "L") and points is not None and letter not in values:
            values[letter] = points
    return values


def _symbols(points: Points) -> dict[str, Decimal]:
    return {"W": points.win, "D": points.draw, "L": points.loss}


def _points4(value: Decimal) -> str:
    text = format_decimal(value)
    if len(text) > 4:
        raise ValueError(f"points {text} do not fit 4 columns")
    return text.rjust(4)


def _short_date(date: str) -> str:
    """132 holds YY/MM/DD (8 characters; gacrux's reader reads 8)."""
    return date[2:] if len(date) == 10 else date


def _match_entries(
    event: TeamEvent,
    match: Match,
    team_of: dict[int, int],
    entries: dict[int, dict[int, RoundEntry]],
) -> None:
    for game in match.games:
        white_code, black_code = BOARD_CODES[game.result]
        for player, opponent, colour, code in (
            (game.white, game.black, "w", white_code),
            (game.black, game.white, "b", black_code),
        ):
            if player is None:
                continue
            if team_of.get(player) not in (match.white, match.black):
                raise ValueError(
                    f"round {match.round}: player {player} plays for neither team "
                    f"{match.white} nor {match.black}"
                )
            if player in entries and match.round in entries[player]:
                raise ValueError(f"round {match.round}: player {player} is on two boards")
            if opponent is None:
                # The other team fielded nobody: a forfeit win without an opponent.
                entry = RoundEntry(None, "-", "+" if code in ("+", " ") else "-")
            else:
                entry = RoundEntry(opponent, colour, code)
            entries[player][match.round] = entry


def _forfeit_line(match: Match) -> str:
    """330: a match with no board between two players (forfeited as a whole), as the match
    result of the white team: `+-`, `-+` or `--` (both teams forfeited)."""
    assert match.black is not None
    scores = match_scores(match, ScoreSystem(), len(match.games))
    white, black = scores[match.white].game, scores[match.black].game
    kind = "+-" if white > black else "-+" if black > white else "--"
    return f"330 {kind} {match.round:3d} {match.white:3d} {match.black:3d}"


def _out_of_order_line(round_no: int, tpn: int, opponent: int | None, lineup: list) -> str:
    """300: the team's players by board (0000 for an empty board)."""
    players = " ".join(str(p or 0).rjust(4) for p in lineup)
    return f"300 {round_no:3d} {tpn:3d} {opponent or 0:3d} {players}"


def _player_record(
    player: TeamPlayer, entries: dict[int, RoundEntry], rounds: int, game: Points
) -> PlayerRecord:
    not_paired = RoundEntry(None, "-", " ")
    blocks = [entries.get(r, not_paired) for r in range(1, rounds + 1)]
    points = sum((_entry_points(entry, game) for entry in blocks), Decimal(0))
    return PlayerRecord(
        start_number=player.number,
        name=player.name,
        sex=player.sex,
        rating=player.rating,
        federation=player.federation,
        fide_id=player.fide_id,
        points=points,
        rounds=blocks,
    )


def _entry_points(entry: RoundEntry, game: Points) -> Decimal:
    if entry.result in ("1", "+", "F"):
        return game.win
    if entry.result in ("=", "H"):
        return game.draw
    if entry.result == "0":
        return game.loss
    return Decimal(0)


def _team_records(
    event: TeamEvent,
    totals: dict[int, tuple[Decimal, Decimal]],
    ranks: Mapping[int, int] | None,
) -> list[tuple[str, ...]]:
    primary_first = event.scores.primary == "mp"

    def key(team: Team) -> tuple[Decimal, Decimal, int]:
        mp, gp = totals[team.tpn]
        first, second = (mp, gp) if primary_first else (gp, mp)
        return (-first, -second, team.tpn)

    ordered = sorted(event.teams, key=key)
    rank = dict(ranks) if ranks is not None else {t.tpn: i + 1 for i, t in enumerate(ordered)}
    records = []
    for team in sorted(event.teams, key=lambda t: t.tpn):
        mp, gp = totals[team.tpn]
        records.append(
            (
                str(team.tpn),
                team.name,
                team.nickname,
                "",
                format_decimal(mp),
                format_decimal(gp),
                str(rank[team.tpn]),
                *(str(p) for p in team.players),
            )
        )
    return records


# --- reading ---------------------------------------------------------------------------


def team_event_from_trf(t: Tournament) -> TeamEvent:
    """The `TeamEvent` a TRF-2026 team file holds (the inverse of `team_event_to_trf`).
    ValueError for a file that is not a team event or whose records contradict each other."""
    if not t.team_records:
        raise ValueError(_("not a team event: the file has no 310 team records"))
    header = t.header
    boards = _boards(t)
    total_rounds = _int_tag(header, "142") or t.total_rounds or t.rounds_played
    colour_model, primary, secondary_used = _team_type(header.get("192", ""))
    game = _points(header.get("162"), "162", Points(Decimal(1), Decimal("0.5"), Decimal(0)))
    match_values = read_match_scoring(header.get("362", ""))
    match_points = Points(
        win=match_values.get("W", Decimal(2)),
        draw=match_values.get("D", Decimal(1)),
        loss=match_values.get("L", Decimal(0)),
    )
    pab_match, pab_game, pab_rounds = _read_pab(t.other_records)
    if pab_game == bye_score(scores=ScoreSystem(game=game), boards=boards)[1]:
        pab_game = None  # the default's (every board won): stored as the default
    scores = ScoreSystem(
        match=match_points,
        game=game,
        pab_match=pab_match if pab_match is not None else PAB_MATCH_POINTS_DEFAULT,
        pab_game=pab_game,
        primary=primary,
        secondary_used=secondary_used,
    )
    teams = tuple(
        Team(
            tpn=int(record[0]),
            name=record[1],
            nickname=record[2],
            players=tuple(int(p) for p in record[7:] if p),
        )
        for record in sorted(t.team_records, key=lambda r: int(r[0]))
    )
    players = tuple(
        TeamPlayer(
            number=p.start_number,
            name=p.name,
            rating=p.rating,
            fide_id=p.fide_id,
            sex=p.sex,
            federation=p.federation,
        )
        for p in sorted(t.players, key=lambda p: p.start_number)
    )
    try:
        matches = _read_matches(t, teams, boards)
    except (KeyError, IndexError) as error:  # a record naming a player or team not there
        raise ValueError(
            _("the team records do not fit the players' rounds: %(error)s") % {"error": repr(error)}
        ) from None
    matches += [Match(round=r, white=tpn, black=None) for r, tpn in pab_rounds.items()]
    matches.sort(key=lambda m: (m.round, m.white))
    in_empty_match = {
        (m.round, tpn) for m in matches if m.black is not None and not any(
            g.white is not None or g.black is not None for g in m.games
        ) for tpn in (m.white, m.black)
    }  # fmt: skip
    byes = tuple(
        TeamBye(round=int(record[1]), tpn=int(tpn), kind=_bye_kind(record[0]))
        for record in t.bye_records
        for tpn in record[2:]
        if int(tpn) and (int(record[1]), int(tpn)) not in in_empty_match
    )
    forbidden = tuple((int(r[2]), int(r[3])) for r in t.forbidden_records if len(r) >= 4)
    colour = header.get("152", "W").strip().upper()
    return TeamEvent(
        name=header.get("012", ""),
        boards=boards,
        total_rounds=total_rounds,
        teams=teams,
        players=players,
        matches=tuple(matches),
        byes=tuple(sorted(byes, key=lambda b: (b.round, b.tpn))),
        scores=scores,
        colour_model=colour_model,
        initial_colour="black" if colour == "B" else "white",
        tiebreaks=tuple(read_tiebreaks(0, "202 " + header["202"])) if header.get("202") else (),
        forbidden=forbidden,
        start_date=header.get("042", ""),
        end_date=header.get("052", ""),
        round_dates=tuple(_long_date(d) for d in t.round_dates),
    )


def _long_date(date: str) -> str:
    return "20" + date if len(date) == 8 and date[2] == "/" else date


def _bye_kind(text: str) -> Literal["H", "F", "Z"]:
    kind = text.strip().upper() or "Z"
    if kind == "H":
        return "H"
    if kind == "F":
        return "F"
    return "Z"


def _int_tag(header: dict[str, str], code: str) -> int | None:
    value = header.get(code, "").strip()
    return parse_int(value) if value else None


def _boards(t: Tournament) -> int:
    sequence = t.header.get("352", "").strip()
    if sequence:
        if sequence.upper() != "".join(
            board_colour(b).upper() for b in range(1, len(sequence) + 1)
        ):
            raise ValueError(
                _("352 board colours %(sequence)s: only WBWB... is supported")
                % {"sequence": repr(sequence)}
            )
        return len(sequence)
    raise ValueError(_("a team event needs its board count: no 352 record"))


def _team_type(code: str) -> tuple[ColourModel, PrimaryScore, bool]:
    code = code.strip().upper()
    if not code.startswith(TEAM_CODE_PREFIX):
        return "typea", "mp", True  # C.04.6 art. 1.7 and 1.2.2 defaults
    rest = code[len(TEAM_CODE_PREFIX) :].removesuffix("_BAKU")
    colour_model: ColourModel = "nocolor"
    for model, token in (("typea", "TYPEA_"), ("typeb", "TYPEB_")):
        if rest.startswith(token):
            colour_model = model  # type: ignore[assignment]
            rest = rest[len(token) :]
    if rest in ("", "TEAM"):
        return ("typea" if code in ("FIDE_TEAM", "FIDE_TEAM_BAKU") else colour_model), "mp", True
    parts = rest.split("_")
    primary: PrimaryScore = "gp" if parts[0] == "GP" else "mp"
    return colour_model, primary, len(parts) > 1


def _points(text: str | None, code: str, default: Points) -> Points:
    if not text:
        return default
    values = read_scoring(0, f"{code} {text}")
    return Points(
        win=values.get("W", default.win),
        draw=values.get("D", default.draw),
        loss=values.get("L", default.loss),
    )


def _read_pab(lines: list[str]) -> tuple[Decimal | None, Decimal | None, dict[int, int]]:
    """320: match points 5-8, game points 10-13, then a team per round (15-17, 19-21, ...)."""
    for line in lines:
        if line[:3] != "320":
            continue
        match_points = parse_decimal(line[4:8].strip())
        game_points = parse_decimal(line[9:13].strip())
        rounds: dict[int, int] = {}
        for index, start in enumerate(range(14, len(line), 4)):
            number = parse_int(line[start : start + 3].strip() or "0")
            if number:
                rounds[index + 1] = number
        return match_points, game_points, rounds
    return None, None, {}


def _read_matches(t: Tournament, teams: tuple[Team, ...], boards: int) -> list[Match]:
    team_of = {p: team.tpn for team in teams for p in team.players}
    squad_index = {p: i for team in teams for i, p in enumerate(team.players)}
    by_number = {p.start_number: p for p in t.players}
    out_of_order: dict[tuple[int, int], list[int | None]] = {}
    forfeited: dict[tuple[int, int], tuple[str, int, int]] = {}
    for line in t.other_records:
        line = line.removeprefix(EMPTY_MATCH_MARK) if line.startswith("### 330 ") else line
        if line[:3] == "300":
            rnd, tpn = int(line[4:7]), int(line[8:11])
            players = [int(line[i : i + 4]) for i in range(16, len(line.rstrip()), 5)]
            out_of_order[(rnd, tpn)] = [p or None for p in players] + [None] * boards
        elif line[:3] == "330":
            kind, rnd = line[4:6], int(line[7:10])
            white, black = int(line[11:14]), int(line[15:18])
            forfeited[(rnd, min(white, black))] = (kind, white, black)
    rounds = max([len(p.rounds) for p in t.players] + [rnd for rnd, _ in forfeited])
    matches: list[Match] = []
    for rnd in range(1, rounds + 1):
        present: dict[int, list[int]] = defaultdict(list)
        opponents: dict[int, int] = {}
        for player in t.players:
            if rnd > len(player.rounds):
                continue
            entry = player.rounds[rnd - 1]
            if entry.opponent is not None or entry.result == "+":
                if player.start_number not in team_of:
                    raise ValueError(
                        _("player %(start_number)s is in no 310 team")
                        % {"start_number": player.start_number}
                    )
                tpn = team_of[player.start_number]
                present[tpn].append(player.start_number)
                if entry.opponent is not None:
                    opponents[tpn] = team_of[entry.opponent]
        pairs: dict[int, int] = {}
        for tpn, opponent in opponents.items():
            pairs[tpn] = opponent
        for (frnd, _team), (_round, white, black) in forfeited.items():
            if frnd == rnd:
                pairs[white], pairs[black] = black, white
        done: set[int] = set()
        for tpn in sorted(pairs):
            if tpn in done:
                continue
            other = pairs[tpn]
            done |= {tpn, other}
            matches.append(
                _read_match(
                    rnd,
                    tpn,
                    other,
                    present,
                    out_of_order,
                    forfeited,
                    by_number,
                    squad_index,
                    boards,
                )
            )
    return matches


def _read_match(
    rnd: int,
    a: int,
    b: int,
    present: dict[int, list[int]],
    out_of_order: dict[tuple[int, int], list[int | None]],
    forfeited: dict[tuple[int, int], tuple[str, int, int]],
    by_number: dict[int, PlayerRecord],
    squad_index: dict[int, int],
    boards: int,
) -> Match:
    def lineup(tpn: int) -> list[int | None]:
        if (rnd, tpn) in out_of_order:
            return out_of_order[(rnd, tpn)][:boards]
        return _default_lineup(present.get(tpn, []), squad_index, boards)

    lineups = {a: lineup(a), b: lineup(b)}
    white = black = 0
    for board in range(1, boards + 1):
        pa, pb = lineups[a][board - 1], lineups[b][board - 1]
        if pa is None or pb is None:
            continue
        colour = by_number[pa].rounds[rnd - 1].colour
        a_white_on_board_1 = (colour == "w") == (board_colour(board) == "w")
        white, black = (a, b) if a_white_on_board_1 else (b, a)
        break
    else:
        record = forfeited.get((rnd, min(a, b)))
        if record is None:
            raise ValueError(
                _(
                    "round %(round)s: teams %(team_a)s and %(team_b)s share no board and "
                    "no 330 record"
                )
                % {"round": rnd, "team_a": a, "team_b": b}
            )
        white, black = record[1], record[2]
    games = []
    for board in range(1, boards + 1):
        first = board_colour(board) == "w"
        wp = lineups[white if first else black][board - 1]
        bp = lineups[black if first else white][board - 1]
        games.append(BoardGame(board, wp, bp, _board_result(rnd, wp, bp, by_number)))
    return Match(round=rnd, white=white, black=black, games=tuple(games))


def _board_result(
    rnd: int, white: int | None, black: int | None, by_number: dict[int, PlayerRecord]
) -> str:
    def code(player: int | None) -> str:
        if player is None:
            return "-"
        rounds = by_number[player].rounds
        return rounds[rnd - 1].result if rnd <= len(rounds) else " "

    codes = (code(white), code(black))
    if white is None or black is None:
        if codes == ("+", "-"):
            return "+-"
        if codes == ("-", "+"):
            return "-+"
        return "--"
    result = _RESULT_OF_CODES.get(codes)
    if result is None:
        raise TrfError(
            0,
            0,
            _("round %(round)s: players %(white)s and %(black)s have results %(codes)s")
            % {"round": rnd, "white": white, "black": black, "codes": codes},
        )
    return result
