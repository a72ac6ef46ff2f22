"""Reading a game's notation: SAN lists and PGN text, the move that fails named by its
scoresheet number, the result settled against the last position. No database."""

from __future__ import annotations

import pytest

from arbiter.otb.rules.notation import (
    MAX_PLIES,
    NotationError,
    move_label,
    pgn_game_read,
    pgn_read,
    pgn_split,
    result_settled,
    sans_read,
)

FOOLS_MATE = ["f3", "e5", "g4", "Qh4#"]


def test_a_san_list_is_replayed_into_uci_and_normalised_san() -> None:
    game = sans_read(["e4", " e5 ", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "0-0"])
    assert game.ucis[:3] == ("e2e4", "e7e5", "g1f3")
    assert game.ucis[-1] == "e1g1"
    assert game.sans[-1] == "O-O"  # written the standard way whatever was typed
    assert game.forced_result is None
    assert game.stated_result == "*"


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["e4", "e5", "Nf9"], "Move 2. Nf9 is not a move in standard algebraic notation."),
        (["e4", "e5", "Ke3"], "Move 2. Ke3 is illegal in this position."),
        (["e4", "e5", "Nf3", "Ke6"], "Move 2... Ke6 is illegal in this position."),
        (["e4", "--"], "Move 1... -- is a null move, which no game played over the board has."),
        ([*FOOLS_MATE, "a3"], "Move 3. a3: the game was already over, no move can follow."),
        (
            ["Nf3", "d5", "Nc3", "e5", "Ne5", "Nc6", "Nc4", "Nf6", "Ne3", "Ng8", "Nd5"],
            "Move 6. Nd5 is ambiguous: name the piece's file or rank (e.g. Nbd2).",
        ),
    ],
)
def test_the_move_that_fails_is_named_by_its_number(moves: list[str], message: str) -> None:
    with pytest.raises(NotationError) as refused:
        sans_read(moves)
    assert refused.value.message == message
    assert refused.value.ply == len(moves) - 1


def test_a_list_longer_than_any_game_is_refused_before_replaying() -> None:
    with pytest.raises(NotationError, match=f"at most {MAX_PLIES}"):
        sans_read(["Nf3", "Nf6", "Ng1", "Ng8"] * (MAX_PLIES // 4 + 1))


def test_checkmate_forces_the_result() -> None:
    game = sans_read(FOOLS_MATE)
    assert game.forced_result == "0-1"
    assert result_settled(stated=None, game=game) == "0-1"
    assert result_settled(stated="*", game=game) == "0-1"
    with pytest.raises(NotationError, match="the result is 0-1"):
        result_settled(stated="1-0", game=game)


def test_a_game_that_could_go_on_takes_the_stated_result() -> None:
    game = sans_read(["e4", "e5"])
    assert result_settled(stated=None, game=game) == "*"
    assert result_settled(stated="1/2-1/2", game=game) == "1/2-1/2"


PGN = """[Event "Club Open"]
[White "Carlsen, Magnus"]
[Black "Doe, Jane"]
[Result "1-0"]
[Annotator "The arbiter"]

1. e4 {the best by test} e5 (1... c5 2. Nf3 d6) 2. Nf3 $1 Nc6 3.Bb5!? a6 ; a comment
4. Ba4 1-0
"""


def test_a_pgn_game_keeps_its_main_line_and_tags() -> None:
    game = pgn_read(PGN)
    assert game.sans == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4")
    assert game.tags["Annotator"] == "The arbiter"
    assert game.stated_result == "1-0"


def test_a_token_chess_pgn_would_skip_is_reported() -> None:
    # python-chess's own reader passes over "Nf9" and reads "Nc6" as White's move.
    with pytest.raises(NotationError) as refused:
        pgn_read("1. e4 e5 2. Nf9 Nc6 *")
    assert refused.value.message == "Move 2. Nf9 is not a move in standard algebraic notation."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "No game found in the PGN text."),
        (PGN + "\n" + PGN, "The PGN text holds more than one game: send one here."),
        ('[Result "1-0"]\n\n1. e4 0-1', "The Result tag says 1-0 but the moves end with 0-1."),
        ("1. e4 e5 1-0 2. d4", "Text follows the result 1-0: '2.'."),
        ("1. e4 (1. d4 d5", "A variation opens and never closes."),
        ('[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n1. Kb1 *', "Only games from the standard"),
        ('[Variant "Chess960"]\n\n1. e4 *', "Only standard chess is kept here"),
    ],
)
def test_pgn_text_that_is_no_one_game_is_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError) as refused:
        pgn_read(text)
    assert refused.value.message.startswith(message)


def test_a_file_splits_into_games_with_or_without_blank_lines() -> None:
    text = (
        '[White "A"]\n[Black "B"]\n\n1. e4 e5 1-0\n'
        '[White "C"]\n[Black "D"]\n1. d4 d5 2. Nf9 *\n\n'
        "1. c4 *\n"  # a game without tags after a finished one
    )
    games = pgn_split(text)
    assert [(g.index, g.tags.get("White")) for g in games] == [(1, "A"), (2, "C"), (3, None)]
    assert pgn_game_read(games[0]).sans == ("e4", "e5")
    with pytest.raises(NotationError, match=r"2\. Nf9"):
        pgn_game_read(games[1])
    assert pgn_game_read(games[2]).sans == ("c4",)


def test_tag_values_are_unescaped() -> None:
    games = pgn_split('[White "O\\"Brien, Pat \\\\ Jr"]\n\n*')
    assert games[0].tags["White"] == 'O"Brien, Pat \\ Jr'


@pytest.mark.parametrize(("ply", "label"), [(0, "1. e4"), (1, "1... e4"), (22, "12. e4")])
def test_move_labels_follow_the_scoresheet(ply: int, label: str) -> None:
    assert move_label(ply, "e4") == label
