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
* 320 (PAB: match and game points, then the TPN per round), 240 H/F/Z team byes. Every
  absence is written as a Z bye: a team with neither a match nor a bye record in a round has
  no game points there for gacrux, and its BH:GP / SB:GP then fail (KeyError 'gpoints').
* 300 (out of order) for a team that left a board empty: its line-up by board, 0000 for the
  empty board; without it gacrux cannot pair the boards of the two teams. 330 for a match
  without a board at which both teams sat (one team fielded nobody, or each team only
  where the other did not): gacrux finds neither the match nor its colours from the boards
  then. Its result letters do not matter: gacrux recomputes the result from the boards.
"""

from __future__ import annotations

from decimal import Decimal

from arbiter.tiebreaks.team import team_standings
from arbiter.tiebreaks.team_scores import board_teams
from arbiter.trf.team_event import Match, TeamEvent

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
            if 0 in fielded[tpn]:
                extra.append(
                    f"300 {match.round:3d} {tpn:3d} {other_tpn:3d} "
                    + " ".join(f"{n:4d}" for n in fielded[tpn])
                )
        if not any(game.white and game.black for game in match.games):
            extra.append(f"330 {_forfeit_kind(match, team_of)} {match.round:3d} "
                         f"{match.white:3d} {match.black:3d}")  # fmt: skip
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
            f"320 {_points(scores.pab_match)} {_points(pab_game)}"
            + "".join(f" {pab_rounds.get(r, 0):3d}" for r in range(1, rounds + 1))
        )
    byes: dict[tuple[str, int], list[int]] = {}
    seen = {(m.round, tpn) for m in event.matches for tpn in (m.white, m.black) if tpn}
    for bye in event.byes:
        if bye.round <= rounds:
            byes.setdefault((bye.kind, bye.round), []).append(bye.tpn)
            seen.add((bye.round, bye.tpn))
    for number in range(1, rounds + 1):  # an absence is a Z bye (gacrux needs the record)
        for team in event.teams:
            if (number, team.tpn) not in seen:
                byes.setdefault(("Z", number), []).append(team.tpn)
    for (kind, number), tpns in sorted(byes.items()):
        lines.append(f"240 {kind} {number:3d} " + " ".join(f"{tpn:4d}" for tpn in tpns))
    lines.extend(extra)
    return "\n".join(line for line in lines if line) + "\n"


def _forfeit_kind(match: Match, team_of: dict[int, int]) -> str:
    """Record 330's result for a match without a board both teams sat at: gacrux cannot tell
    its teams apart from the boards then (it recomputes the result from the boards)."""
    points = {match.white: 0, match.black: 0}
    for game in match.games:
        for player, wins in ((game.white, "+-"), (game.black, "-+")):
            if player is not None and game.result == wins:
                points[team_of[player]] += 1
    assert match.black is not None
    if points[match.white] == points[match.black]:
        return "--"
    return "+-" if points[match.white] > points[match.black] else "-+"
