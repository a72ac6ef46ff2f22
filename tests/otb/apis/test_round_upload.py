"""A round's games uploaded as one PGN file (docs/otb-games.md, "Uploading a round"): each
game matched to its board by names, FIDE IDs or board numbers, the matched ones saved as an
arbiter's entry, and a report of every game and of the boards left without one."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.otb.models import OtbGame
from arbiter.otb.read.serializers import RoundUploadOutputSerializer, UploadedGameSerializer
from arbiter.tournaments.models import SwissPairing
from arbiter.tournaments.services.results.submit import result_submit
from tests.factories.events import BuiltEvent, event_with_round
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

NAMES = [
    ("Carlsen, Magnus", "1503014"),
    ("Kowalska, Alicja", "1119002"),
    ("Øst-Hansen, Jacob", "1401319"),
    ("García Pérez, José", "2200003"),
    ("Smith, John", "2000004"),
    ("Doe, Jane", "2000005"),
    ("Berg, Anna", "1500006"),
    ("Lie, Ola", "1500007"),
]


def named_round() -> tuple[BuiltEvent, dict[int, SwissPairing]]:
    """An over-the-board event of eight registered players with real-looking names, round 1
    paired (four boards)."""
    built = event_with_round(8, registered=8)
    for entry, (name, fide_id) in zip(built.entries, NAMES, strict=True):
        entry.name, entry.fide_id = name, fide_id
        entry.save(update_fields=["name", "fide_id"])
    boards = {
        board.board: board
        for board in SwissPairing.objects.filter(round=built.round).select_related("white", "black")
    }
    return built, boards


def first_last(name: str) -> str:
    """ "Carlsen, Magnus" as a DGT operator types it: "Magnus Carlsen"."""
    last, first = name.split(", ")
    return f"{first} {last}"


def typo(name: str) -> str:
    """The name with its first two letters swapped: "Smith, John" -> "mSith, John"."""
    return name[1] + name[0] + name[2:]


def game(white: str, black: str, moves: str, result: str = "*", **tags: str) -> str:
    header = {"Event": "Club Open", "White": white, "Black": black, "Result": result, **tags}
    return "".join(f'[{k} "{v}"]\n' for k, v in header.items()) + f"\n{moves} {result}\n\n"


def upload(built: BuiltEvent, text: str, user: Any = None, number: int = 1) -> Any:
    url = f"/api/tournaments/swiss/{built.event.id}/rounds/{number}/pgn/"
    return client_of(user or built.leader).post(url, {"pgn": text}, format="json")


def test_a_round_with_one_mismatched_name_reports_exactly_that_board() -> None:
    built, boards = named_round()
    b1, b2, b3, b4 = (boards[n] for n in (1, 2, 3, 4))
    text = "".join(
        [
            # In another order than the boards, names written other ways.
            game(first_last(b3.white.name), first_last(b3.black.name), "1. e4 e5 2. Nf3", "*"),
            game(b1.white.name.upper(), b1.black.name, "1. d4 d5 2. c4", "1-0", Round="1.1"),
            # One name mistyped: the only board the report singles out.
            game(b4.white.name, typo(b4.black.name), "1. c4 c5", "1/2-1/2"),
            # Names no one would recognise, but the FIDE IDs of board 2's players.
            game(
                "Someone",
                "Else",
                "1. Nf3 Nf6 2. g3",
                "0-1",
                WhiteFideId=b2.white.fide_id,
                BlackFideId=b2.black.fide_id,
                Round="1.2",
            ),
        ]
    )
    answer = upload(built, text)
    assert answer.status_code == 200, answer.json()
    report = answer.json()
    assert set(report) == set(RoundUploadOutputSerializer().fields)
    assert all(set(line) == set(UploadedGameSerializer().fields) for line in report["games"])
    by_index = {line["index"]: line for line in report["games"]}
    assert [by_index[i]["board"] for i in (1, 2, 3, 4)] == [3, 1, 4, 2]
    assert [by_index[i]["status"] for i in (1, 2, 3, 4)] == [
        "saved",
        "saved",
        "name_mismatch",
        "saved",
    ]
    assert by_index[3]["message"] == (
        f"Board 4: Black {typo(b4.black.name)!r} is no player of round 1 (the board's black "
        f"player is {b4.black.name!r})."
    )
    assert report["boards_without_game"] == [4]
    assert report["saved"] == 3
    # The saved games are an arbiter's entries, with their results on the boards.
    assert OtbGame.objects.get(pairing=b1).ply == 3
    assert OtbGame.objects.get(pairing=b3).result == "*"
    assert by_index[2]["result_entry"]["status"] == "set"
    assert by_index[1]["result_entry"]["status"] == "none"
    results = dict(SwissPairing.objects.filter(round=built.round).values_list("board", "result"))
    assert results == {1: "1-0", 2: "0-1", 3: "", 4: ""}


def test_games_that_fit_no_board_say_why() -> None:
    built, boards = named_round()
    b1, b2, b3, b4 = (boards[n] for n in (1, 2, 3, 4))
    result_submit(pairing=b4, user=built.leader, result="1-0")
    text = "".join(
        [
            game(b1.black.name, b1.white.name, "1. e4", "*"),  # colours the other way
            game(b1.white.name, b2.black.name, "1. e4", "*"),  # players of two boards
            game("Who, Ever", "No, Body", "1. e4", "*"),
            game(b2.white.name, b2.black.name, "1. e4 e5 2. Ke3", "*"),  # an illegal move
            game(b3.white.name, b3.black.name, "1. e4", "*", Round="2.3"),
            game(b4.white.name, b4.black.name, "1. e4 e5", "0-1"),  # against the board's 1-0
            game(b4.white.name, b4.black.name, "1. d4", "*"),  # board 4 again
            game(b3.white.name, b3.black.name, "", "*"),  # nothing to save
        ]
    )
    answer = upload(built, text)
    assert answer.status_code == 200, answer.json()
    lines = answer.json()["games"]
    assert [(line["status"], line["board"]) for line in lines] == [
        ("colours_swapped", 1),
        ("different_boards", None),
        ("no_board", None),
        ("illegal_move", 2),
        ("other_round", None),
        ("disputed", 4),
        ("duplicate", 4),
        ("empty", 3),
    ]
    assert lines[3]["message"] == "Board 2: Move 2. Ke3 is illegal in this position."
    assert "the colours the other way round" in lines[0]["message"]
    assert lines[5]["result_entry"]["status"] == "disputed"
    b4.refresh_from_db()
    assert (b4.result, b4.disputed) == ("", True)
    assert answer.json()["boards_without_game"] == [1, 2, 3]


def test_only_leaders_upload_and_only_paired_rounds_of_otb_events() -> None:
    built, boards = named_round()
    text = game(boards[1].white.name, boards[1].black.name, "1. e4", "*")
    assert upload(built, text, user=UserFactory()).status_code == 403
    unpaired = upload(built, text, number=2)
    assert unpaired.status_code == 404
    assert unpaired.json()["message"] == "Round 2 has not been paired."
    empty = upload(built, "   ")
    assert empty.status_code == 400
    assert empty.json()["extra"]["fields"]["pgn"] == ["No game found in the PGN text."]
    assert not OtbGame.objects.exists()
