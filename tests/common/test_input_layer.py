"""The shared input layer (`arbiter.common.parsers`) on its own, and the CSV formula guard
(`arbiter.common.text.csv_safe`) on its own and in the audit log's CSV."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.utils import timezone as django_timezone
from rest_framework.exceptions import ParseError, ValidationError

from arbiter.common.parsers import TOO_FAR, instant_problem, json_decoded, query_int
from arbiter.common.text import csv_safe
from arbiter.tournaments.read.audit import audit_csv
from arbiter.tournaments.services.audit import audit_record
from tests.factories.events import event_with_players


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a": "\\ud800"}',
        b'{"a": ' + b"9" * 5000 + b"}",
        b'{"a": 1e999}',
        b'{"a": NaN}',
        b'{"a": Infinity}',
        b"\xff\xfe",
        b"{",
    ],
)
def test_json_that_python_cannot_hold_is_a_parse_error_in_our_words(raw: bytes):
    with pytest.raises(ParseError) as refused:
        json_decoded(raw)
    message = str(refused.value.detail)
    assert message.startswith("The request body is not valid"), message
    assert "sys." not in message and "4300" not in message


def test_json_that_python_can_hold_is_read():
    assert json_decoded(b'{"a": [1, 2.5, "\\u00e9", true, null]}') == {
        "a": [1, 2.5, "é", True, None]
    }


@pytest.mark.parametrize(
    ("text", "value"), [("", None), ("1", 1), ("007", 7), ("2147483647", 2_147_483_647)]
)
def test_query_int_reads_ascii_digits_in_range(text: str, value: int | None):
    assert query_int({"nb": text}, "nb", low=1) == value


@pytest.mark.parametrize(
    "text", ["0", "²", "١٢", "-1", "+1", " 1", "1_0", "2147483648", "9" * 5000, "1.0"]
)
def test_query_int_refuses_anything_else_naming_the_parameter(text: str):
    with pytest.raises(ValidationError) as refused:
        query_int({"nb": text}, "nb", low=1)
    assert refused.value.detail == {"nb": ["Must be a whole number from 1 to 2147483647."]}


def test_instant_problem_is_the_two_year_limit_and_year_9999_in_utc():
    now = django_timezone.now()
    assert instant_problem(now + timedelta(days=700)) is None
    assert instant_problem(now + timedelta(days=740)) == TOO_FAR
    assert instant_problem(datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC)) == TOO_FAR
    west = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-14)))
    assert instant_problem(west) == TOO_FAR


@pytest.mark.parametrize(
    "text",
    [
        "=1+1",
        "+1",
        "-1",
        "@SUM(A1)",
        "\t=1",
        "\r=1",
        '\uff1dHYPERLINK("http://x")',  # FULLWIDTH EQUALS SIGN
        "\ufe66cmd",  # SMALL EQUALS SIGN
        "\uff0b1",  # FULLWIDTH PLUS SIGN
        "\uff0d1",  # FULLWIDTH HYPHEN-MINUS
        "\uff20SUM(A1)",  # FULLWIDTH COMMERCIAL AT
        "  =1",
        "\u3000=1",  # IDEOGRAPHIC SPACE first
    ],
)
def test_the_csv_guard_quotes_every_formula_start(text: str):
    assert csv_safe(text) == "'" + text


@pytest.mark.parametrize("text", ["Open", "", "1-0", "Ann = Bob", "½-½", "'quoted"])
def test_the_csv_guard_leaves_other_text_alone(text: str):
    assert csv_safe(text) == text


@pytest.mark.django_db
def test_the_audit_csv_quotes_a_full_width_formula():
    built = event_with_players(2)
    audit_record(
        tournament=built.event,
        actor=built.leader,
        action="event.edited",
        subject='\uff1dHYPERLINK("http://x")',
    )
    rows = list(csv.reader(io.StringIO(audit_csv(tournament=built.event))))
    assert rows[-1][3] == '\'\uff1dHYPERLINK("http://x")'
