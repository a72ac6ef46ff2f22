"""The prize table over REST: leaders set it, everyone reads it, winners after the end."""

from decimal import Decimal

import pytest

from arbiter.tournaments.models import AuditEntry, TournamentStatus
from tests.factories.events import event_with_round
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

TABLE = {
    "sharing": "hort",
    "prizes": [
        {"category": "overall", "place": 1, "amount": "100.00", "label": "Cup"},
        {"category": "overall", "place": 2, "amount": "50"},
        {"category": "rating", "place": 1, "amount": "20", "rating_max": 1499},
        {"category": "women", "place": 1, "label": "Book"},
    ],
}


def _url(event_id: int) -> str:
    return f"/api/tournaments/swiss/{event_id}/prizes/"


def test_table_without_winners_before_the_end_then_hort_shares_after_it() -> None:
    # Round 1: boards 1 and 2 won by white; round 2: the two winners draw, the losers' game
    # is won by white. The two winners tie on 1.5 points for the 100 and 50.
    built = event_with_round(
        4, 1, results=[["1-0", "1-0"]], num_rounds=2, ratings=[1600, 1550, 1450, 1400]
    )
    url = _url(built.event.id)
    answer = client_of(built.leader).put(url, TABLE, format="json")
    assert answer.status_code == 200, answer.json()
    body = client_of(UserFactory()).get(url).json()
    assert body["sharing"] == "hort" and body["final"] is False
    assert [(p["category"], p["place"], p["winner"]) for p in body["prizes"]] == [
        ("overall", 1, None),
        ("overall", 2, None),
        ("rating", 1, None),
        ("women", 1, None),
    ]

    from tests.factories.events import round_next

    round_next(built, results=["1/2-1/2", "1-0"])
    built.event.refresh_from_db()
    assert built.event.status == TournamentStatus.FINISHED
    body = client_of(UserFactory()).get(url).json()
    assert body["final"] is True
    paid = {(p["category"], p["place"]): p for p in body["prizes"]}
    top = paid[("overall", 1)], paid[("overall", 2)]
    assert {p["received"] for p in top} == {"87.50", "62.50"}  # 50 + 37.50, 25 + 37.50
    assert top[0]["shared_with"] == [top[1]["winner"]]
    # The rating prize (up to 1499) goes to the best of the two lower-rated entries.
    assert paid[("rating", 1)]["winner"] is not None
    assert paid[("rating", 1)]["received"] == "20.00"
    assert paid[("women", 1)]["winner"] is None  # the factories' users are not "w"


def test_prize_table_edit_is_audited_and_for_leaders_only() -> None:
    built = event_with_round(4, 1)
    url = _url(built.event.id)
    assert client_of(built.users[0]).put(url, TABLE, format="json").status_code == 403
    assert client_of(built.leader).put(url, TABLE, format="json").status_code == 200
    entry = AuditEntry.objects.get(tournament=built.event, action="prizes.edited")
    assert entry.actor_name == built.leader.username
    assert entry.before == {"sharing": "tiebreaks", "prizes": []}
    after = entry.after or {}
    assert after["sharing"] == "hort"
    assert after["prizes"][0]["amount"] == "100.00"
    # The same table again changes nothing and records nothing.
    assert client_of(built.leader).put(url, TABLE, format="json").status_code == 200
    assert AuditEntry.objects.filter(action="prizes.edited").count() == 1
    # Nor does the same table sent in another order (the form sends it as it shows it).
    reordered = {**TABLE, "prizes": [*reversed(TABLE["prizes"])]}
    assert client_of(built.leader).put(url, reordered, format="json").status_code == 200
    assert AuditEntry.objects.filter(action="prizes.edited").count() == 1


@pytest.mark.parametrize(
    ("row", "field"),
    [
        ({"category": "overall", "place": 1}, "amount"),
        ({"category": "rating", "place": 1, "amount": "5"}, "rating_min"),
        ({"category": "age", "place": 1, "amount": "5"}, "born_from"),
        ({"category": "overall", "place": 1, "amount": "5", "born_from": 2010}, "born_from"),
        ({"category": "overall", "place": 1, "amount": "5", "colour": "red"}, "colour"),
        ({"category": "overall", "place": 0, "amount": "5"}, "place"),
        ({"category": "overall", "place": 1, "amount": "-5"}, "amount"),
        ({"category": "club", "place": 1, "amount": "5"}, "category"),
        (
            {"category": "rating", "place": 1, "amount": "5", "rating_min": 9, "rating_max": 1},
            "rating_max",
        ),
    ],
)
def test_bad_rows_are_400_with_field_messages(row: dict[str, object], field: str) -> None:
    built = event_with_round(4, 1)
    answer = client_of(built.leader).put(_url(built.event.id), {"prizes": [row]}, format="json")
    assert answer.status_code == 400, answer.json()
    assert field in str(answer.json()["extra"]), answer.json()


def test_a_place_given_twice_is_refused() -> None:
    built = event_with_round(4, 1)
    row = {"category": "overall", "place": 1, "amount": "5"}
    answer = client_of(built.leader).put(
        _url(built.event.id), {"prizes": [row, row], "sharing": "tiebreaks"}, format="json"
    )
    assert answer.status_code == 400
    assert "prizes[1]" in str(answer.json()["extra"])
    assert Decimal("5")  # nothing stored
    assert client_of(built.leader).get(_url(built.event.id)).json()["prizes"] == []
