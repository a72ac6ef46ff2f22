"""`python -m arbiter.checker check FILE [--engine NAME] [--strict]`: the report on stdout;
exit 0 when clean, 1 on any discrepancy, 2 for a file that cannot be read (one line on
stderr). The reader's warnings (a date written another way, ...) are report lines; with
`--strict` they are errors: one line each on stderr, exit 2, nothing checked.

`python -m arbiter.checker report FILE`: the FIDE rating report (arbiter.ratingreport) on
stdout; exit 0 when FIDE would take the file (warnings allowed), 1 when it has errors, 2 for a
file that cannot be read."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from arbiter.checker.check import check_tournament
from arbiter.ratingreport import rating_report
from arbiter.trf.errors import TrfError
from arbiter.trf.reader import read_trf_file

EXIT_CLEAN, EXIT_DISCREPANCIES, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m arbiter.checker", description="TRF tools for arbiters.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="re-pair every round and recompute the standings")
    check.add_argument("file", help="a TRF-2026, TRF-16 or extended TRF file")
    check.add_argument("--engine", help="gacrux, bbpPairings, py4swiss or javafo")
    check.add_argument("--timeout", type=float, help="seconds per round (default 60)")
    check.add_argument(
        "--strict", action="store_true", help="refuse a file the reader read with warnings"
    )
    report = commands.add_parser(
        "report", help="what FIDE's rating officer would send back (the rating report)"
    )
    report.add_argument("file", help="a TRF-2026, TRF-16 or extended TRF file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "report":
        return _rating_report(args.file)
    try:
        tournament = read_trf_file(args.file)
        if args.strict and tournament.warnings:
            for warning in tournament.warnings:
                sys.stderr.write(f"error: {args.file}: {warning}\n")
            return EXIT_BAD_INPUT
        report = check_tournament(tournament, engine=args.engine, timeout=args.timeout)
    except TrfError as error:
        return _fail(f"{args.file}: {error}")
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror or error}")
    except ValueError as error:  # facts of the file the checker cannot use
        return _fail(f"{args.file}: {error}")
    sys.stdout.write(report.text())
    return EXIT_CLEAN if report.clean else EXIT_DISCREPANCIES


def _rating_report(path: str) -> int:
    try:
        tournament = read_trf_file(path)
    except TrfError as error:
        return _fail(f"{path}: {error}")
    except OSError as error:
        return _fail(f"cannot read {path}: {error.strerror or error}")
    if not tournament.players:
        return _fail(f"{path}: no player (001) lines: not a tournament report")
    report = rating_report(tournament)
    sys.stdout.write(report.text())
    return EXIT_CLEAN if report.clean else EXIT_DISCREPANCIES


def _fail(message: str) -> int:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    return EXIT_BAD_INPUT
