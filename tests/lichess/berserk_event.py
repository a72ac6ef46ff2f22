"""One whole Swiss event run through berserk 0.14.0 alone, against a served Arbiter.

Setup (users, their API tokens, the team) goes through Arbiter's own API, which berserk has
no calls for. Everything after it is berserk, unchanged, pointed at the server's root: the
team and account, create / read / list / edit with a password, joins, a withdrawal and a
rejoin, three rounds played over the Board-API streams (a checkmate, a resignation, a draw
agreed after move 30), the refusals on the way (wrong password, illegal move, move out of
turn, abort), the results stream, the TRF and the games export in JSON and PGN, and
terminating an event before and after its start."""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import berserk
import chess
import requests
from berserk.exceptions import ResponseError

PASSWORD = "arbiter-e2e-pw"
ENTRY_CODE = "club night"
NAMES = ("Leader", "Anna", "Boris", "Carla", "Dmitri", "Eve")
ROUND_DELAY_MS = 1500  # schedule each round this far ahead: it must be in the future
WAIT_SECONDS = 30.0


def now_ms() -> int:
    return int(time.time() * 1000)


def refused(call: Callable[[], Any]) -> ResponseError:
    """The ResponseError berserk raises for `call` (lichess's `{"error": …}` shape)."""
    try:
        call()
    except ResponseError as error:
        assert isinstance(error.cause, dict) and "error" in error.cause, error.cause
        return error
    raise AssertionError("the call was not refused")


@dataclass
class Player:
    name: str
    client: berserk.Client
    id: str = ""
    # Lines of the player's `/api/stream/event`, read by a thread for the whole event.
    events: queue.Queue[dict[str, Any]] = field(default_factory=queue.Queue)

    def listen(self) -> None:
        def read() -> None:
            try:
                for line in self.client.board.stream_incoming_events():
                    self.events.put(line)
            except Exception:  # the server stops at the end of the test: the stream ends
                return

        threading.Thread(target=read, daemon=True, name=f"events-{self.name}").start()

    def next_event(
        self, kind: str, swiss_id: str, seen: set[str], *, timeout: float = WAIT_SECONDS
    ) -> dict[str, Any]:
        """The next `kind` line of a game of `swiss_id` not in `seen` (other lines are dropped);
        queue.Empty after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            game = line.get("game", {})
            if (
                line.get("type") == kind
                and game.get("swissId") == swiss_id
                and game["gameId"] not in seen
            ):
                return dict(game)


# --- setup through Arbiter's own API -------------------------------------------------------


def arbiter_account(base: str, name: str) -> str:
    """Register `name` and return a new API token of theirs."""
    session = requests.Session()
    reply = session.post(
        f"{base}/api/auth/register/",
        json={"username": name, "password": PASSWORD},
        timeout=WAIT_SECONDS,
    )
    assert reply.status_code == 201, reply.text
    csrf = session.get(f"{base}/api/auth/csrf/", timeout=WAIT_SECONDS).json()["csrf_token"]
    reply = session.post(
        f"{base}/api/auth/tokens/",
        json={"name": "berserk"},
        headers={"X-CSRFToken": csrf, "Referer": base + "/"},
        timeout=WAIT_SECONDS,
    )
    assert reply.status_code == 201, reply.text
    return str(reply.json()["token"])


def arbiter_team(base: str, token: str) -> str:
    reply = requests.post(
        f"{base}/api/teams/",
        json={"name": "Berserk Club", "join_policy": "open"},
        headers={"Authorization": f"Bearer {token}"},
        timeout=WAIT_SECONDS,
    )
    assert reply.status_code == 201, reply.text
    return str(reply.json()["slug"])


# --- games ------------------------------------------------------------------------------

Script = Callable[[str, list[str], dict[str, Any]], tuple[str, str] | None]
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def quiet_moves(plies: int, seed: int = 7) -> list[str]:
    """A legal line of `plies` quiet moves (no capture, no check, no repeated position): a
    game that reaches move 30 and is still open, so that a draw can be agreed."""
    rng = random.Random(seed)
    board = chess.Board()
    line = []
    for _ in range(plies):
        quiet = [
            move
            for move in board.legal_moves
            if not board.is_capture(move) and not board.gives_check(move)
        ]
        rng.shuffle(quiet)
        for move in quiet:
            board.push(move)
            if not board.is_repetition(2) and not board.is_game_over():
                break
            board.pop()
        else:
            raise AssertionError("no quiet move left")
        line.append(move.uci())
    return line


DRAW_LINE = quiet_moves(60)


def mate_script(colour: str, moves: list[str], state: dict[str, Any]) -> tuple[str, str] | None:
    ply = len(moves)
    if ply < len(FOOLS_MATE) and (ply % 2 == 0) == (colour == "white"):
        return "move", FOOLS_MATE[ply]
    return None


RESIGN_LINE = ["e2e4", "e7e5", "g1f3"]


def resign_script(colour: str, moves: list[str], state: dict[str, Any]) -> tuple[str, str] | None:
    ply = len(moves)
    my_turn = (ply % 2 == 0) == (colour == "white")
    if ply == len(RESIGN_LINE):
        return ("resign", "") if colour == "black" else None
    if my_turn and ply == 2 and colour == "white":
        return "early-draw", RESIGN_LINE[ply]  # offered too early: ignored, then the move
    return ("move", RESIGN_LINE[ply]) if my_turn else None


def draw_script(colour: str, moves: list[str], state: dict[str, Any]) -> tuple[str, str] | None:
    ply = len(moves)
    my_turn = (ply % 2 == 0) == (colour == "white")
    if ply < len(DRAW_LINE):
        return ("move", DRAW_LINE[ply]) if my_turn else None
    if colour == "white" and not state.get("wdraw"):
        return "offer-draw", ""
    if colour == "black" and state.get("wdraw"):
        return "accept-draw", ""
    return None


def game_lines(player: Player, game_id: str) -> Iterator[dict[str, Any]]:
    """The game stream's gameState lines, the gameFull's state first."""
    stream = player.client.board.stream_game_state(game_id)
    full = next(stream)
    assert full["type"] == "gameFull", full
    yield full
    yield full["state"]
    for line in stream:
        if line.get("type") == "gameState":
            yield line


def play_side(player: Player, game_id: str, script: Script, out: dict[str, Any]) -> None:
    lines = game_lines(player, game_id)
    full = next(lines)
    colour = "white" if full["white"]["id"] == player.id else "black"
    assert full[colour]["id"] == player.id
    out[f"full-{colour}"] = full
    board = player.client.board
    if colour == "white":
        assert refused(lambda: board.abort_game(game_id)).status_code == 400
    for state in lines:
        moves = state["moves"].split() if state["moves"] else []
        if state["status"] != "started":
            out[colour] = state
            return
        if script is resign_script and len(moves) == 3:
            # the early offer at ply 2 was ignored: no wdraw after white's move
            out["after-early-offer"] = dict(state)
        action = script(colour, moves, state)
        if action is None:
            continue
        kind, uci = action
        if kind == "move":
            board.make_move(game_id, uci)
        elif kind == "early-draw":
            board.offer_draw(game_id)
            board.make_move(game_id, uci)
        elif kind == "resign":
            board.resign_game(game_id)
        elif kind == "offer-draw":
            board.offer_draw(game_id)
        elif kind == "accept-draw":
            board.accept_draw(game_id)
    raise AssertionError(f"game {game_id}: the stream ended before the game did")


def play_round(
    swiss_id: str, players: list[Player], seen: set[str], script: Script
) -> tuple[list[dict[str, Any]], list[Player]]:
    """Wait for the round's gameStart lines, play every game over the Board API; the games'
    records and the player without a game (the bye)."""
    by_id = {p.id: p for p in players}
    starts: dict[str, dict[str, Any]] = {}
    playing: dict[str, list[Player]] = {}
    # Each paired player hears of their game; the one with the bye hears nothing.
    deadline = time.monotonic() + WAIT_SECONDS
    while sum(len(v) for v in playing.values()) < len(players) - len(players) % 2:
        assert time.monotonic() < deadline, f"gameStart lines heard: {starts}"
        for player in players:
            if any(player in v for v in playing.values()):
                continue
            try:
                game = player.next_event("gameStart", swiss_id, seen, timeout=0.05)
            except queue.Empty:
                continue
            starts[game["gameId"]] = game
            playing.setdefault(game["gameId"], []).append(player)
            assert game["opponent"]["id"] in by_id
            assert game["source"] == "swiss" and game["isMyTurn"] == (game["color"] == "white")
    records = []
    for game_id, pair in playing.items():
        assert len(pair) == 2, (game_id, pair)
        out: dict[str, Any] = {"id": game_id}
        threads = [threading.Thread(target=play_side, args=(p, game_id, script, out)) for p in pair]
        for thread in threads:
            thread.start()
        records.append((out, threads))
    games = []
    for out, threads in records:
        for thread in threads:
            thread.join(timeout=WAIT_SECONDS)
            assert not thread.is_alive(), f"game {out['id']} did not end"
        assert out["white"]["status"] == out["black"]["status"], out
        games.append(out)
    seen.update(playing)
    bye = [p for p in players if not any(p in v for v in playing.values())]
    return games, bye


def illegal_and_out_of_turn(white: Player, black: Player, game_id: str) -> None:
    """Refusals in lichess's shape, from a game nobody has moved in yet."""
    illegal = refused(lambda: white.client.board.make_move(game_id, "e2e5"))
    assert illegal.status_code == 400
    out_of_turn = refused(lambda: black.client.board.make_move(game_id, "e7e5"))
    assert out_of_turn.status_code == 400


# --- the event ----------------------------------------------------------------------------


def wait_until(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def run_event(base: str) -> dict[str, Any]:
    """The whole event; returns figures the test prints."""
    tokens = {name: arbiter_account(base, name) for name in NAMES}
    slug = arbiter_team(base, tokens["Leader"])
    # From here on: berserk only.
    everyone = [
        Player(name, berserk.Client(session=berserk.TokenSession(tokens[name]), base_url=base))
        for name in NAMES
    ]
    leader, players = everyone[0], everyone[1:]

    # A. account and team
    for person in everyone:
        account = person.client.account.get()
        assert account["id"] == person.name.lower() and account["username"] == person.name
        assert isinstance(account["createdAt"], datetime)
        person.id = account["id"]
    for player in players:
        player.client.teams.join(slug)
    team = leader.client.teams.get_team(slug)
    assert team["id"] == slug and team["nbMembers"] == len(everyone) and team["open"] is True
    assert team["leader"]["id"] == leader.id
    members = list(leader.client.teams.get_members(slug))
    assert {m["id"] for m in members} == {p.id for p in everyone}

    # B. create, read, list, edit
    tours = leader.client.tournaments
    bad = refused(lambda: tours.create_swiss(slug, 0, 0, 3))  # a 0+0 clock
    assert bad.status_code == 400 and isinstance(bad.cause["error"], dict)
    created = tours.create_swiss(
        slug,
        600,
        5,
        3,
        name="Berserk Swiss",
        startsAt=now_ms() + 600_000,
        roundInterval=99999999,
        rated=False,
        description="played by berserk",
    )
    sid = created["id"]
    assert isinstance(sid, str) and created["status"] == "created" and created["round"] == 0
    assert created["clock"] == {"limit": 600, "increment": 5} and created["nbRounds"] == 3
    assert isinstance(created["startsAt"], datetime)
    assert tours.get_swiss(sid)["name"] == "Berserk Swiss"
    assert sid in [s["id"] for s in tours.swiss_by_team(slug, maxT=10)]
    tours.edit_swiss(
        sid,
        600,
        5,
        3,
        roundInterval=99999999,
        description="edited",
        password=ENTRY_CODE,
        rated=False,
    )
    edited = tours.get_swiss(sid)
    assert edited.get("password") is True and edited["rated"] is False

    # C. entries: a wrong password, joins, a withdrawal and a rejoin
    wrong = refused(lambda: players[0].client.tournaments.join_swiss(sid, password="nope"))
    assert wrong.status_code == 400 and wrong.cause == {"error": "Wrong entry code"}
    for player in players:
        player.client.tournaments.join_swiss(sid, password=ENTRY_CODE)
    players[4].client.tournaments.withdraw_swiss(sid)
    assert tours.get_swiss(sid)["nbPlayers"] == 4
    players[4].client.tournaments.join_swiss(sid, password=ENTRY_CODE)
    assert tours.get_swiss(sid)["nbPlayers"] == 5

    # D. three rounds over the Board API
    for player in players:
        player.listen()
    seen: set[str] = set()
    played: list[dict[str, Any]] = []
    byes = []
    for number, script in ((1, mate_script), (2, resign_script), (3, draw_script)):
        tours.schedule_swiss_next_round(sid, now_ms() + ROUND_DELAY_MS)
        games, bye = play_round(sid, players, seen, script)
        assert len(games) == 2 and len(bye) == 1
        byes.append(bye[0].name)
        for game in games:
            full = game["full-white"]
            assert full["clock"] == {"initial": 600_000, "increment": 5_000}
            assert full["speed"] == "rapid" and full["initialFen"] == "startpos"
        played.extend(games)
        wait_until(lambda n=number: tours.get_swiss(sid)["nbOngoing"] == 0, "the round's end")
        for game in games:  # each player's event stream tells of the game's end too
            for colour in ("white", "black"):
                who = next(p for p in players if p.id == game[f"full-{colour}"][colour]["id"])
                finish = who.next_event("gameFinish", sid, set())
                assert finish["gameId"] == game["id"], (finish, game["id"])

    statuses = [g["white"]["status"] for g in played]
    assert statuses == ["mate"] * 2 + ["resign"] * 2 + ["draw"] * 2, statuses
    assert all(g["white"].get("winner") == "black" for g in played[:2])
    assert all(g["white"].get("winner") == "white" for g in played[2:4])
    assert all("wdraw" not in g["after-early-offer"] for g in played[2:4])
    assert len(set(byes)) == 3, byes  # a pairing-allocated bye at most once each

    # E. results and exports
    final = tours.get_swiss(sid)
    assert final["status"] == "finished" and final["round"] == 3 and "stats" in final
    rows = list(tours.stream_swiss_results(sid))
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert sum(r["points"] for r in rows) == 9  # a round: two games and a one-point bye
    trf = tours.export_swiss_trf(sid)
    assert trf.startswith("012 ") and "XXR 3" in trf
    player_lines = [line for line in trf.splitlines() if line.startswith("001")]
    assert len(player_lines) == 5
    points = {r["username"].lower(): float(r["points"]) for r in rows}
    for line in player_lines:
        name = line[14:47].strip().lower()
        assert float(line[80:84]) == points[name], (line, points)
    games_json = [cast(dict[str, Any], g) for g in tours.export_swiss_games(sid)]
    assert len(games_json) == 6 and all(g["swiss"] == sid for g in games_json)
    assert all(isinstance(g["createdAt"], datetime) for g in games_json)
    assert sorted(g["status"] for g in games_json) == sorted(statuses)
    pgns = list(tours.export_swiss_games(sid, as_pgn=True))
    assert len(pgns) == 6 and all('[Result "' in pgn for pgn in pgns)

    # F. terminate before and after the start
    early = tours.create_swiss(slug, 300, 3, 3, startsAt=now_ms() + 600_000)
    tours.terminate_swiss(early["id"])
    assert refused(lambda: tours.get_swiss(early["id"])).status_code == 404
    late = tours.create_swiss(slug, 300, 3, 3, startsAt=now_ms() + 600_000)
    for player in players[:2]:
        player.client.tournaments.join_swiss(late["id"])
    tours.schedule_swiss_next_round(late["id"], now_ms() + ROUND_DELAY_MS)
    first = players[0].next_event("gameStart", late["id"], set())
    second = players[1].next_event("gameStart", late["id"], set())
    assert first["gameId"] == second["gameId"]
    white, black = (
        (players[0], players[1]) if first["color"] == "white" else (players[1], players[0])
    )
    illegal_and_out_of_turn(white, black, first["gameId"])
    white.client.board.make_move(first["gameId"], "e2e4")
    black.client.board.make_move(first["gameId"], "e7e5")
    tours.terminate_swiss(late["id"])
    assert tours.get_swiss(late["id"])["status"] == "finished"
    return {"swiss": sid, "games": len(games_json), "byes": byes}
