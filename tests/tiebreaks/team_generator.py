"""Random team Swiss events (TeamEvent) for the differential tests against gacrux.

Not a pairing engine: teams are paired by score, avoiding rematches where it can, with a
pairing-allocated bye for the lowest team of an odd field. The events carry what the team
tie-breaks have to handle: board forfeits (both players named, or a board left empty),
double forfeits, matches forfeited by a team that fielded nobody (or by both teams),
requested byes (H, F, Z), withdrawals, reserves, several score systems, game points first,
and both C.07 rule sets.
"""

from __future__ import annotations

import random
from decimal import Decimal

from arbiter.trf.team_event import (
    BoardGame,
    Match,
    Points,
    ScoreSystem,
    Team,
    TeamBye,
    TeamEvent,
    TeamPlayer,
    board_colour,
)

D = Decimal
SCORE_SYSTEMS = (
    ScoreSystem(),
    ScoreSystem(),
    ScoreSystem(match=Points(D(3), D(1), D(0)), pab_match=D(3)),
    ScoreSystem(pab_match=D(1), pab_game=D(2)),
    ScoreSystem(primary="gp"),
)


def generate_team_event(seed: int, *, teams: int | None = None, boards: int | None = None,
                        rounds: int | None = None) -> TeamEvent:  # fmt: skip
    rng = random.Random(seed)
    n = teams or rng.randint(5, 13)
    size = boards or rng.randint(2, 6)
    total = rounds or rng.randint(3, 7)
    scores = rng.choice(SCORE_SYSTEMS)
    players: list[TeamPlayer] = []
    squads: list[Team] = []
    for tpn in range(1, n + 1):
        squad = []
        for _ in range(size + rng.choice((0, 0, 1, 2))):
            number = len(players) + 1
            rating = None if rng.random() < 0.03 else rng.randint(1400, 2700)
            players.append(TeamPlayer(number, f"Player {number}", rating))
            squad.append(number)
        squads.append(Team(tpn, f"Team {tpn}", tuple(squad)))
    withdraws = {tpn: rng.randint(2, total) for tpn in range(1, n + 1) if rng.random() < 0.08}
    match_points = {tpn: D(0) for tpn in range(1, n + 1)}
    game_points = {tpn: D(0) for tpn in range(1, n + 1)}
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    matches: list[Match] = []
    byes: list[TeamBye] = []
    for number in range(1, total + 1):
        active = []
        for tpn in range(1, n + 1):
            if tpn in withdraws and number >= withdraws[tpn]:
                if rng.random() < 0.5:
                    byes.append(TeamBye(number, tpn, "Z"))
                continue
            if rng.random() < 0.06:
                kind = rng.choice(("H", "H", "F", "Z"))
                byes.append(TeamBye(number, tpn, kind))
                points = {"H": scores.match.draw, "F": scores.match.win, "Z": D(0)}[kind]
                match_points[tpn] += points
                continue
            active.append(tpn)
        order = sorted(active, key=lambda t: (-match_points[t], -game_points[t], t))
        if len(order) % 2:
            bye = next((t for t in reversed(order) if t not in had_bye), order[-1])
            order.remove(bye)
            had_bye.add(bye)
            matches.append(Match(number, bye, None))
            match_points[bye] += scores.pab_match
        while order:
            first = order.pop(0)
            partner = next((t for t in order if frozenset((first, t)) not in met), order[0])
            order.remove(partner)
            met.add(frozenset((first, partner)))
            white, black = (first, partner) if rng.random() < 0.5 else (partner, first)
            match = _match(rng, number, squads[white - 1], squads[black - 1], size)
            matches.append(match)
            for tpn, mp, gp in _points(match, squads, scores):
                match_points[tpn] += mp
                game_points[tpn] += gp
    return TeamEvent(
        name=f"Generated {seed}",
        boards=size,
        total_rounds=total,
        teams=tuple(squads),
        players=tuple(players),
        matches=tuple(matches),
        byes=tuple(byes),
        scores=scores,
        start_date=rng.choice(("2026/05/02", "2026/05/02", "2025/05/02")),
    )


def _line_up(rng: random.Random, team: Team, size: int) -> list[int]:
    chosen = sorted(rng.sample(range(len(team.players)), size))
    return [team.players[i] for i in chosen]


def _match(rng: random.Random, number: int, white: Team, black: Team, size: int) -> Match:
    ours, theirs = _line_up(rng, white, size), _line_up(rng, black, size)
    # A team that did not come (every board forfeited, nobody named), or neither team.
    absent_team = rng.random() < 0.03 and rng.choice(("white", "black", "both"))
    games = []
    for board in range(1, size + 1):
        own: int | None = ours[board - 1]
        other: int | None = theirs[board - 1]
        roll = rng.random()
        if absent_team == "both":
            own, other, result = None, None, "--"
        elif absent_team == "white" or (not absent_team and roll < 0.03):
            own, result = None, "-+"
        elif absent_team == "black" or (not absent_team and roll < 0.06):
            other, result = None, "+-"
        elif roll < 0.09:
            result = rng.choice(("+-", "-+"))
        elif roll < 0.10:
            result = "--"
        else:
            result = rng.choices(("1-0", "0-1", "1/2"), (40, 35, 25))[0]
        if board_colour(board) == "w":
            games.append(BoardGame(board, own, other, result))
        else:
            games.append(BoardGame(board, other, own, _flip(result)))
    return Match(number, white.tpn, black.tpn, tuple(games))


def _flip(result: str) -> str:
    return {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}.get(result, result)


def _points(match: Match, squads: list[Team], scores: ScoreSystem) -> list[tuple[int, D, D]]:
    """(tpn, match points, game points) of both teams, for the generator's own pairing only."""
    assert match.black is not None
    team_of = {n: team.tpn for team in squads for n in team.players}
    gp = {match.white: D(0), match.black: D(0)}
    for game in match.games:
        side_points = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (0.5, 0.5), "+-": (1, 0)}
        side_points |= {"-+": (0, 1), "--": (0, 0)}
        for player, points in zip((game.white, game.black), side_points[game.result], strict=True):
            if player is not None:
                gp[team_of[player]] += D(str(points))
    w, b = gp[match.white], gp[match.black]
    if w > b:
        return [(match.white, scores.match.win, w), (match.black, D(0), b)]
    if b > w:
        return [(match.white, D(0), w), (match.black, scores.match.win, b)]
    return [(match.white, scores.match.draw, w), (match.black, scores.match.draw, b)]
