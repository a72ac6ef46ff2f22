"""The TRF(x) we hand to engines, and the request the CLI reads back from a TRF file."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from arbiter.pairing import PairingRequestInvalid
from arbiter.pairing.engines.gacrux import GacruxEngine
from arbiter.pairing.engines.py4swiss import Py4swissEngine
from arbiter.pairing.trf_request import build_tournament, request_from_tournament
from arbiter.trf.reader import read_trf
from arbiter.trf.writer import write_trf

from .helpers import request_from_rounds

ROUNDS = [
    [(1, 2, "1"), (3, 4, "+"), (5, 0, "U"), (6, 0, "H")],
    [
        (2, 3, "="),
        (4, 1, "0"),
        (5, 6, "-"),
    ],
]


def _request(**options):
    return request_from_rounds(6, ROUNDS, total_rounds=5, **options)


def _lines(text: str) -> dict[int, str]:
    return {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}


def test_protocol_trf_blocks_and_points():
    request = _request(absent=frozenset({3}), half_point_byes=frozenset({6}))
    text = write_trf(build_tournament(request))
    lines = _lines(text)
    assert lines[1][80:84] == " 2.0" and lines[1].endswith("     2 w 1     4 b 1")
    assert lines[3].endswith("     4 w +     2 b =  0000 - Z")  # kept out of round 3
    assert lines[3][80:84] == " 1.5"  # the round-3 zero adds nothing
    assert lines[5].endswith("  0000 - U     6 w -")
    assert lines[6].endswith("  0000 - H     5 b +  0000 - H")  # a requested half-point bye
    assert lines[6][80:84] == " 2.0"  # counted: py4swiss checks the column against every block
    assert "XXR 5" in text and "XXC white1" in text


def test_zero_blocks_never_carry_an_opponent():
    request = _request(absent=frozenset({1, 2}))
    for line in _lines(write_trf(build_tournament(request))).values():
        blocks = [line[91 + 10 * i : 99 + 10 * i] for i in range((len(line) - 91 + 2) // 10)]
        assert all(b.startswith("0000") for b in blocks if b.endswith("Z"))


def test_gacrux_trf_has_no_round_column_for_the_kept_out_and_a_260_record():
    request = _request(absent=frozenset({3}), forbidden_pairs=frozenset({(6, 1)}))
    text = write_trf(GacruxEngine().build_tournament(request))
    assert _lines(text)[3].endswith("     2 b =")
    assert "260   3   3    1    6" in text.splitlines()


def test_the_black_initial_colour_is_xxc_black1():
    text = write_trf(build_tournament(_request(initial_colour="black")))
    assert "XXC black1" in text.splitlines()


def test_long_and_multiline_names_fit_the_fixed_columns():
    request = _request()
    players = list(request.players)
    players[0] = dataclasses.replace(players[0], name="A very\nlong name " * 5)
    text = write_trf(build_tournament(dataclasses.replace(request, players=tuple(players))))
    assert _lines(text)[1][14:47] == "A very long name A very long name"


def test_a_written_request_reads_back_the_same():
    request = _request(
        absent=frozenset({3}),
        half_point_byes=frozenset({6}),
        forbidden_pairs=frozenset({(1, 5)}),
        initial_colour="black",
        virtual_points={1: (Decimal(1), Decimal(1), Decimal("0.5"))},
    )
    text = write_trf(Py4swissEngine().build_tournament(request))
    assert request_from_tournament(read_trf(text)) == request


def test_gacrux_style_files_read_back_too():
    request = _request(forbidden_pairs=frozenset({(1, 5)}), acceleration=True)
    back = request_from_tournament(read_trf(write_trf(GacruxEngine().build_tournament(request))))
    assert back.forbidden_pairs == request.forbidden_pairs
    assert back.round == 3 and back.absent == frozenset()
    five_rounds = (Decimal(1), Decimal(1), Decimal("0.5"))  # 3 accelerated, 2 at full
    assert back.virtual_points == dict.fromkeys((1, 2, 3, 4), five_rounds)


def test_a_file_without_xxr_or_xxc_is_refused():
    tournament = build_tournament(_request())
    tournament.total_rounds = None
    with pytest.raises(PairingRequestInvalid, match="XXR"):
        request_from_tournament(tournament)
    tournament = build_tournament(_request())
    tournament.initial_colour = None
    with pytest.raises(PairingRequestInvalid, match="XXC"):
        request_from_tournament(tournament)
