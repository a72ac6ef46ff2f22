"""Command line, a drop-in for bbpPairings's: `python -m arbiter.pairing --dutch IN -p [OUT]`.

Runs the configured engines (ARBITER_PAIRING_ENGINE, or --engine: the next one pairs when one
fails), validates the answer and writes the bbpPairings output format to OUT (stdout when -p
has no file name).
Exit codes as bbpPairings: 0 ok, 1 no valid pairing, 2 engine failure, 3 invalid input;
errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from arbiter.pairing.errors import (
    InvalidPairing,
    NoValidPairing,
    PairingEngineError,
    PairingRequestInvalid,
)
from arbiter.pairing.output import format_answer
from arbiter.pairing.round_pairing import pair_round
from arbiter.pairing.trf_request import request_from_tournament
from arbiter.trf.errors import TrfError
from arbiter.trf.reader import read_trf_file

EXIT_OK = 0
EXIT_NO_VALID_PAIRING = 1
EXIT_ENGINE_FAILURE = 2
EXIT_INVALID_INPUT = 3
STDOUT = "-"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m arbiter.pairing",
        description="Pair the next round of a TRF file (FIDE Dutch), bbpPairings-style.",
    )
    parser.add_argument("--dutch", required=True, type=Path, metavar="FILE.trf")
    parser.add_argument(
        "-p", dest="output", nargs="?", const=STDOUT, default=STDOUT, metavar="OUT.txt"
    )
    parser.add_argument(
        "--engine",
        help="gacrux, bbpPairings, py4swiss or javafo; several separated by commas are tried "
        "in that order (default: ARBITER_PAIRING_ENGINE, else gacrux,py4swiss)",
    )
    parser.add_argument("--timeout", type=float, help="seconds per engine (default 60)")
    return parser


def _fail(code: int, message: str) -> int:
    first_line = " ".join(message.split("\n", 1)[0].split())
    print(f"error: {first_line}", file=sys.stderr)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        request = request_from_tournament(read_trf_file(args.dutch))
        pairing = pair_round(request, engine=args.engine, timeout=args.timeout)
    except (TrfError, PairingRequestInvalid) as exc:
        return _fail(EXIT_INVALID_INPUT, str(exc))
    except OSError as exc:
        return _fail(EXIT_INVALID_INPUT, f"cannot read {args.dutch}: {exc.strerror or exc}")
    except NoValidPairing as exc:
        return _fail(EXIT_NO_VALID_PAIRING, str(exc))
    except (PairingEngineError, InvalidPairing) as exc:
        return _fail(EXIT_ENGINE_FAILURE, str(exc))
    text = format_answer(pairing.boards, pairing.bye)
    if args.output == STDOUT:
        sys.stdout.write(text)
    else:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            return _fail(EXIT_ENGINE_FAILURE, f"cannot write {args.output}: {exc.strerror}")
    return EXIT_OK
