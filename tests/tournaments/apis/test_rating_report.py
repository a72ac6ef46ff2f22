"""GET /api/tournaments/swiss/{id}/rating-report/: the rating report of the file the export
writes, for the event's leaders, each finding mapped to the entry to correct; clean once the
entry is corrected through PATCH …/entries/{id}/, and the downloaded TRF-2026 says so."""

from __future__ import annotations

import pytest

from arbiter.ratingreport import rating_report
from arbiter.trf import read_trf
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory
from tests.tournaments.apis.rated_event import rated_event
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def test_only_the_events_leaders_read_the_report() -> None:
    event = rated_event()
    url = f"{event.base}/rating-report/"
    member = UserFactory()
    MembershipFactory(team=event.built.event.team, user=member)
    player = event.built.entries[0]
    assert client_of(member).get(url).status_code == 403
    assert client_of(UserFactory()).get(url).status_code == 403
    assert player.user is None  # registered players have no account to sign in with
    answer = client_of(event.built.leader).get(url)
    assert answer.status_code == 200
    assert answer.json()["tournament"]["id"] == event.built.event.id


def test_a_missing_birth_year_is_named_on_its_entry_and_fixed_from_there() -> None:
    event = rated_event()
    leader = client_of(event.built.leader)
    report = leader.get(f"{event.base}/rating-report/").json()
    assert report["clean"] is False
    mine = [f for f in report["findings"] if f["entry"] == event.newcomer.id]
    assert any(f["field"] == "birth_date" and f["severity"] == "error" for f in mine), mine
    assert all(f["player"] == "Nyhus, Per" for f in mine)
    # Only the newcomer is wrong: every other finding is at most a warning.
    others = [f for f in report["findings"] if f["entry"] != event.newcomer.id]
    assert all(f["severity"] == "warning" for f in others), others
    row = next(p for p in report["players"] if p["entry"] == event.newcomer.id)
    assert row["birth_year"] is None and row["fide_id"] == "1534567"
    assert row["start_number"] == next(f["start_number"] for f in mine)
    # Three rounds, two boards each, all played: every game counts, each once.
    assert report["rated_games"] == sum(p["rated_games"] for p in report["players"]) // 2

    fixed = leader.patch(
        f"{event.base}/entries/{event.newcomer.id}/", {"birth_year": 2011}, format="json"
    )
    assert fixed.status_code == 200, fixed.json()
    again = leader.get(f"{event.base}/rating-report/").json()
    assert again["clean"] is True, again["findings"]
    assert again["error_count"] == 0
    assert not [f for f in again["findings"] if f["field"] == "birth_date"]

    download = leader.get(f"{event.base}/export/trf/")
    text = download.content.decode()
    line = next(x for x in text.splitlines() if x.startswith("001") and "Nyhus, Per" in x)
    assert line[69:79].strip() == "2011"  # columns 70-79
    assert rating_report(read_trf(text)).clean


def test_an_event_without_its_arbiters_is_named_as_the_events_finding() -> None:
    event = rated_event(with_arbiters=False)
    leader = client_of(event.built.leader)
    report = leader.get(f"{event.base}/rating-report/").json()
    chief = [f for f in report["findings"] if f["field"] == "chief_arbiter"]
    assert chief and all(f["entry"] is None and f["start_number"] is None for f in chief)
    assert chief[0]["severity"] == "error"
    assert report["tournament"]["chief_arbiter_name"] == ""

    edited = leader.patch(
        f"{event.base}/",
        {"chief_arbiter_name": "Hansen, Kari", "chief_arbiter_fide_id": "1509012"},
        format="json",
    )
    assert edited.status_code == 200, edited.json()
    after = leader.get(f"{event.base}/rating-report/").json()
    assert not [f for f in after["findings"] if f["field"] == "chief_arbiter"]
    assert after["tournament"]["chief_arbiter_fide_id"] == "1509012"


def test_the_report_lists_every_player_with_the_start_number_of_the_file() -> None:
    event = rated_event()
    leader = client_of(event.built.leader)
    report = leader.get(f"{event.base}/rating-report/").json()
    text = leader.get(f"{event.base}/export/trf/").content.decode()
    numbers = {
        line[14:47].strip(): int(line[4:8]) for line in text.splitlines() if line.startswith("001")
    }
    assert {p["name"]: p["start_number"] for p in report["players"]} == numbers
    assert sorted(p["entry"] for p in report["players"]) == sorted(
        e.id for e in event.built.entries
    )


def test_a_rating_that_is_not_fides_leaves_the_player_new_to_the_list() -> None:
    """The export writes every entry's rating (the pairing order needs it), but a national or
    arbiter-given rating is no FIDE rating: the report asks for what FIDE needs of a player
    new to its list, and the same entry with a FIDE rating is not asked."""
    event = rated_event()
    entry = event.built.entries[0]
    entry.birth_year, entry.rating_kind = None, "fide"
    entry.save(update_fields=["birth_year", "rating_kind"])
    leader = client_of(event.built.leader)
    url = f"{event.base}/rating-report/"

    def errors_of_entry() -> set[str]:
        findings = leader.get(url).json()["findings"]
        return {f["field"] for f in findings if f["entry"] == entry.id and f["severity"] == "error"}

    assert errors_of_entry() == set()
    entry.rating_kind = "national"
    entry.save(update_fields=["rating_kind"])
    assert errors_of_entry() == {"birth_date"}
