"""Fuzzing the reader: damaged files raise TrfError and nothing else.

Valid files (generated tournaments, written by us) are damaged the ways files get damaged:
random byte changes (decoded as `read_trf_file` would), truncations, column shifts (spaces
inserted or characters deleted), and lines repeated, dropped or swapped. Whatever the reader
still accepts must then write and read back unchanged.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trf_samples import BASE
from trf_strategies import tournaments

from arbiter.trf import TrfError, read_trf, write_trf
from arbiter.trf.model import Tournament
from arbiter.trf.reader import decode_trf_bytes

NOISE = "0123456789 wb-+=HUFZWLDhuz.,xX\t\r\n\x00é€"


def damage(text: str, rnd: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rnd.randint(1, 4)):
        index = rnd.randrange(len(lines))
        line = lines[index]
        kind = rnd.randrange(9)
        if kind == 0 and line:  # random byte
            raw = bytearray(line.encode("utf-8"))
            raw[rnd.randrange(len(raw))] = rnd.randrange(256)
            lines[index] = decode_trf_bytes(bytes(raw))
        elif kind == 1:  # truncated line
            lines[index] = line[: rnd.randint(0, len(line))]
        elif kind == 2:  # columns shifted right
            at = rnd.randint(0, len(line))
            lines[index] = line[:at] + " " * rnd.randint(1, 3) + line[at:]
        elif kind == 3 and line:  # columns shifted left
            at = rnd.randrange(len(line))
            lines[index] = line[:at] + line[at + 1 :]
        elif kind == 4:
            lines.insert(index, line)
        elif kind == 5 and len(lines) > 1:
            del lines[index]
        elif kind == 6 and line:  # one character replaced by something plausible
            at = rnd.randrange(len(line))
            lines[index] = line[:at] + rnd.choice(NOISE) + line[at + 1 :]
        elif kind == 7:
            other = rnd.randrange(len(lines))
            lines[index], lines[other] = lines[other], lines[index]
        elif kind == 8:  # the whole file cut short
            joined = "\n".join(lines)
            return joined[: rnd.randint(0, len(joined))]
    return "\n".join(lines)


def reads_or_refuses(text: str) -> Tournament | None:
    try:
        return read_trf(text)
    except TrfError as err:
        assert err.line >= 1 and err.column >= 1
        assert str(err).startswith(f"line {err.line}, column {err.column}: ")
        return None


def check(text: str) -> None:
    t = reads_or_refuses(text)
    if t is None:
        return
    written = write_trf(t)  # anything we accept, we can write
    again = read_trf(written)
    t.players.sort(key=lambda p: p.start_number)  # the writer orders players by start number
    assert again == t
    assert write_trf(again) == written


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(tournaments(), st.randoms(use_true_random=False))
def test_damaged_generated_files(t: Tournament, rnd: random.Random) -> None:
    check(damage(write_trf(t), rnd))


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_damaged_base_sample(rnd: random.Random) -> None:
    check(damage(BASE, rnd))


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data: bytes) -> None:
    reads_or_refuses(decode_trf_bytes(data))


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(alphabet=st.sampled_from(NOISE + "0012XRCSAP"), max_size=300))
def test_arbitrary_text_of_trf_characters(text: str) -> None:
    check(text)
