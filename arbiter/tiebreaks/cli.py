"""Command line for arbiters: ranked standings of a TRF file with every tie-break value.

    python -m arbiter.tiebreaks FILE.trf --order "BH/C1,BH,SB,DE" [--regulations 2023|2026]
        [--format table|json|csv] [--system swiss|round-robin]

Without --regulations the rule set follows the start date (record 042): events that started
before 2026-03-01 use the 2023 rules. Errors are one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import NoReturn

from arbiter.tiebreaks.codes import parse_code
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.tiebreaks.standings import Standing, rank
from arbiter.trf.errors import TrfError
from arbiter.trf.model import Tournament
from arbiter.trf.reader import read_trf_file

DEFAULT_ORDER = "BH/C1,BH,SB,DE"
RULES_2026_FROM = (2026, 3, 1)
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
EXIT_ERROR = 2
Names = dict[str, str]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line instead of usage + message
        self.exit(EXIT_ERROR, f"error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m arbiter.tiebreaks", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a TRF-16 file")
    parser.add_argument("--order", default=DEFAULT_ORDER, help="tie-breaks, comma separated")
    parser.add_argument("--regulations", choices=["2023", "2026"], default=None)
    parser.add_argument("--format", choices=["table", "json", "csv"], default="table")
    parser.add_argument("--system", choices=["swiss", "round-robin"], default="swiss")
    return parser


def regulations_for(tournament: Tournament) -> str:
    """2023 rules for events that started before 1 March 2026; 2026 otherwise or undated.

    Record 042 is read as YYYY/MM/DD (also with - or .), DD.MM.YYYY (or DD/MM/YYYY, as in
    JaVaFo's sample) or "May 29, 2020" (lichess's export of 2020).
    """
    text = tournament.header.get("042", "").strip()
    if match := re.match(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text):
        started = (int(match[1]), int(match[2]), int(match[3]))
    elif match := re.match(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", text):
        started = (int(match[3]), int(match[2]), int(match[1]))
    elif (match := re.match(r"([A-Za-z]{3})[A-Za-z]*\.? (\d{1,2}),? (\d{4})", text)) and (
        match[1].title() in _MONTHS
    ):
        started = (int(match[3]), _MONTHS.index(match[1].title()) + 1, int(match[2]))
    else:
        return "2026"
    return "2023" if started < RULES_2026_FROM else "2026"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    order = [code.strip() for code in args.order.split(",") if code.strip()]
    try:
        for code in order:
            parse_code(code)
        tournament = read_trf_file(args.file)
        for warning in tournament.warnings:  # read with a tolerance: said, not refused
            sys.stderr.write(f"warning: {args.file}: {warning}\n")
        rounds, players = to_tiebreak_model(tournament)
        regulations = args.regulations or regulations_for(tournament)
        standings = rank(rounds, players, order, regulations=regulations, system=args.system)
    except TrfError as error:
        return _fail(f"{args.file}: {error}")
    except (OSError, ValueError) as error:
        return _fail(f"{args.file}: {error}" if isinstance(error, OSError) else str(error))
    names = {str(p.start_number): p.name for p in tournament.players}
    writer = {"table": as_table, "json": as_json, "csv": as_csv}[args.format]
    sys.stdout.write(writer(Report(standings, order, names, regulations, args.system)))
    return 0


def _fail(message: str) -> int:
    sys.stderr.write("error: " + " ".join(message.split()) + "\n")
    return EXIT_ERROR


def text(value: Decimal | None) -> str:
    """Exact decimal without trailing zeros; "-" for no value."""
    if value is None:
        return "-"
    normal = value.normalize()
    return f"{normal:f}" if normal != 0 else "0"


@dataclass(frozen=True)
class Report:
    """What every output format writes: the standings, their tie-break columns (each code
    once, in the order asked), the players' names by start number and the rules used."""

    standings: list[Standing]
    order: list[str]
    names: dict[str, str]
    regulations: str
    system: str

    @property
    def columns(self) -> list[str]:
        return list(dict.fromkeys(self.order))


def _rows(report: Report) -> list[list[str]]:
    return [
        [str(s.rank), s.player_id, report.names.get(s.player_id, ""), text(s.points)]
        + [text(s.values[code]) for code in report.columns]
        for s in report.standings
    ]


def as_table(report: Report) -> str:
    header = ["Rank", "SNo", "Name", "Pts", *report.columns]
    rows = _rows(report)
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [f"# FIDE C.07 {report.regulations} rules, {report.system}"]
    for row in [header, *rows]:
        cells = [
            cell.ljust(w) if i == 2 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def as_csv(report: Report) -> str:
    buffer = io.StringIO()
    output = csv.writer(buffer, lineterminator="\n")
    output.writerow(["rank", "start_number", "name", "points", *report.columns])
    output.writerows(_rows(report))
    return buffer.getvalue()


def as_json(report: Report) -> str:
    document = {
        "regulations": report.regulations,
        "system": report.system,
        "order": report.columns,
        "standings": [
            {
                "rank": s.rank,
                "start_number": int(s.player_id),
                "name": report.names.get(s.player_id, ""),
                "points": text(s.points),
                "values": {
                    code: None if s.values[code] is None else text(s.values[code])
                    for code in report.columns
                },
            }
            for s in report.standings
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
