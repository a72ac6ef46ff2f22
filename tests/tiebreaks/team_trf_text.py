"""A TeamEvent as TRF-2026 team text that gacrux 1.11.65 reads (the differential tests' own
writer; the event's export is arbiter/trf/team_trf.py).

What gacrux's trf2json needs, found by reading it:
* 162 / 362 score records in its fixed layout: a letter every 9 columns from column 6
  (`162  W 1.0    D 0.5    L 0.0`, `362 TW 2.0   TD 1.0   TL 0.0`); "362 TW 2.0 TD 1.0"
  with single spaces is misread.
* 192 FIDE_TEAM (match points first) or FIDE_TEAM_GP_MP (game points first), 352 WB...
* 001 per player: each round `oooo c r` at columns 92, 102, ... (the opponent's start number,
  w/b, 1 = 0 + - for played and forfeited); a board whose opponent team fielded nobody is
  `0000 - +`; a player who did not play that round is left blank. Columns 81-84 are the
  player's points, which gacrux checks against the 162 score system.
* 310 per team: TPN, name, match and game points, rank, the squad's start numbers.
* 320 (PAB: match and game points, then the TPN per round), 240 H/F/Z team byes.
* 300 (out of order) for a team that left a board empty: its line-up by board, 0000 for the
  empty board; without it gacrux cannot pair the boards of the two teams. 330 for a match
  in which one team fielded nobody at all (gacrux finds no match from the boards then).
"""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks.team import team_standings
from arbiter.tiebreaks.team_scores import board_teams
from arbiter.trf.team_event import TeamEvent

_SYMBOL = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2": ("=", "="), "+-": ("+", "-")}
_SYMBOL |= {"-+": ("-", "+"), "--": ("-", "-")}


def _points(value: Decimal) -> str:
    return f"{value:4.1f}"


def team_trf_text(event: TeamEvent, *, rounds: int | None = None) -> str:
    rounds = event.total_rounds if rounds is None else rounds
    scores = event.scores
    lines = [
        f"012 {event.name}",
        f"042 {event.start_date}" if event.start_date else "",
        f"142 {rounds}",
        "192 FIDE_TEAM" if scores.primary == "mp" else "192 FIDE_TEAM_GP_MP",
        "162  W{}    D{}    L{}".format(
            *(_points(v) for v in (scores.game.win, scores.game.draw, scores.game.loss))
        ),
        "352 " + "".join("W" if b % 2 else "B" for b in range(1, event.boards + 1)),
        "362 TW{}   TD{}   TL{}".format(
            *(_points(v) for v in (scores.match.win, scores.match.draw, scores.match.loss))
        ),
    ]
    entries: dict[int, dict[int, str]] = {p.number: {} for p in event.players}
    points = {p.number: Decimal(0) for p in event.players}
    game_points = scores.game
    value = {"1": game_points.win, "=": game_points.draw, "0": game_points.loss}
    value |= {"+": game_points.win, "-": Decimal(0)}
    extra: list[str] = []
    team_of = {n: team.tpn for team in event.teams for n in team.players}
    pab_game = scores.pab_game if scores.pab_game is not None else scores.game.win * event.boards
    pab_rounds: dict[int, int] = {}
    for match in event.matches:
        if match.round > rounds:
            continue
        if match.black is None:
            pab_rounds[match.round] = match.white
            continue
        fielded: dict[int, list[int]] = {match.white: [], match.black: []}
        for game in sorted(match.games, key=lambda g: g.board):
            w, b = _SYMBOL[game.result]
            sides = board_teams(match, game.white, game.black, game.board, team_of)
            for own, other, colour, symbol, tpn in (
                (game.white, game.black, "w", w, sides[0]),
                (game.black, game.white, "b", b, sides[1]),
            ):
                fielded[tpn].append(own or 0)
                if own is None:
                    continue
                if other is None:
                    entries[own][match.round] = f"0000 - {symbol}"
                else:
                    entries[own][match.round] = f"{other:4d} {colour} {symbol}"
                points[own] += value[symbol]
        for tpn, other_tpn in ((match.white, match.black), (match.black, match.white)):
            line_up = fielded[tpn]
            if 0 in line_up and any(line_up):
                extra.append(
                    f"300 {match.round:3d} {tpn:3d} {other_tpn:3d} "
                    + " ".join(f"{n:4d}" for n in line_up)
                )
            elif not any(line_up):
                white_gets = "-+" if tpn == match.white else "+-"
                extra.append(
                    f"300 {match.round:3d} {tpn:3d} {other_tpn:3d} "
                    + " ".join(f"{n:4d}" for n in line_up)
                )
                extra.append(f"330 {white_gets} {match.round:3d} {match.white:3d} {match.black:3d}")
    for player in event.players:
        row = "".join(
            f"  {entries[player.number].get(r, ''):8s}" for r in range(1, rounds + 1)
        ).rstrip()
        name = player.name[:33]
        rating = player.rating or 0
        lines.append(
            f"001 {player.number:4d} {player.sex or ' '}    {name:33s} {rating:4d} "
            f"{player.federation[:3]:3s} {0:11d} {'':10s} {_points(points[player.number])}"
            f" {0:4d}{row}"
        )
    standings = {s.tpn: s for s in team_standings(event, after_round=rounds)}
    for team in event.teams:
        standing = standings[team.tpn]
        squad = " ".join(f"{n:4d}" for n in team.players)
        lines.append(
            f"310 {team.tpn:3d} {team.name[:32]:32s} {team.nickname[:5]:5s} {0:6d} "
            f"{standing.match_points:6.1f} {standing.game_points:6.1f} {0:3d}  {squad}"
        )
    if pab_rounds:
        lines.append(
            f"320 {_points(scores.pab_match)} {_points(pab_game)}   "
            + "".join(f"{pab_rounds.get(r, 0):4d}" for r in range(1, rounds + 1))
        )
    byes: dict[tuple[str, int], list[int]] = {}
    for bye in event.byes:
        if bye.round <= rounds:
            byes.setdefault((bye.kind, bye.round), []).append(bye.tpn)
    for (kind, number), tpns in sorted(byes.items()):
        lines.append(f"240 {kind} {number:3d} " + " ".join(f"{tpn:4d}" for tpn in tpns))
    lines.extend(extra)
    return "\n".join(line for line in lines if line) + "\n"
