"""Each leader action's service records itself in the audit log, inside its transaction: a
refused action records nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError
from arbiter.tournaments.models import AuditEntry, EntryClaim, NoShowRecord, SwissTournament
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.forbidden import (
    forbidden_pairing_add,
    forbidden_pairing_remove,
    forbidden_pairings_replace,
)
from arbiter.tournaments.services.lifecycle import tournament_cancel
from arbiter.tournaments.services.no_shows import no_show_ban_lift
from arbiter.tournaments.services.pairing import round_pair_manually
from arbiter.tournaments.services.registered import (
    RegisteredPlayer,
    entry_claim_approve,
    entry_claim_remove,
    entry_link_offer,
    registered_entries_add,
    registered_entry_status_set,
)
from arbiter.tournaments.services.schedule import round_schedule
from tests.factories.events import event_with_players
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def _log(event: SwissTournament) -> list[tuple[str, str]]:
    return [(e.action, e.subject) for e in AuditEntry.objects.filter(tournament=event).reverse()]


def test_forbidden_pairs_schedule_ban_lift_and_cancel_are_recorded() -> None:
    built = event_with_players(4, round_interval_seconds=None)
    event, leader = built.event, built.leader
    a, b, c, _ = built.entries
    pair = forbidden_pairing_add(tournament=event, user=leader, player1=a, player2=b)
    forbidden_pairing_remove(tournament=event, user=leader, pair_id=pair.id)
    forbidden_pairings_replace(tournament=event, user=leader, pairs=[(a, c)])
    at = timezone.now() + timedelta(hours=2)
    round_schedule(tournament=event, user=leader, at=at)
    user = built.users[0]
    NoShowRecord.objects.create(team=event.team, user=user, ban_seconds=60, banned_until=at)
    no_show_ban_lift(tournament=event, leader=leader, user=user)
    tournament_cancel(tournament=event, user=leader)
    with pytest.raises(ApplicationError):  # refused: nothing recorded
        tournament_cancel(tournament=event, user=leader)
    names = f"{a.display_name} / {b.display_name}"
    assert _log(event) == [
        ("forbidden.added", names),
        ("forbidden.removed", names),
        ("forbidden.replaced", "forbidden pairings"),
        ("round.scheduled", "round 1"),
        ("ban.lifted", user.username),
        ("event.cancelled", event.name),
    ]
    replaced = AuditEntry.objects.get(action="forbidden.replaced")
    assert replaced.before == {"pairs": []}
    assert replaced.after == {"pairs": [sorted([a.id, c.id])]}
    scheduled = AuditEntry.objects.get(action="round.scheduled")
    # Dates are stored as JSON text to the millisecond (Django's JSON encoder).
    assert (scheduled.after or {})["at"].startswith(at.strftime("%Y-%m-%dT%H:%M:%S."))
    assert (scheduled.after or {})["interval"] is None
    assert AuditEntry.objects.get(action="event.cancelled").after == {"status": "cancelled"}


def test_registered_entries_claims_and_manual_pairing_are_recorded() -> None:
    built = event_with_players(4, registered=2, mode="otb")
    event, leader = built.event, built.leader
    (added,) = registered_entries_add(
        tournament=event,
        leader=leader,
        players=[RegisteredPlayer(name="Olsen, Ola", rating=1600, federation="NOR")],
    )
    member = UserFactory()
    MembershipFactory(team=event.team, user=member)
    offer = entry_link_offer(tournament=event, leader=leader, entry_id=added.id, user=member)
    entry_claim_remove(tournament=event, user=leader, claim_id=offer.id)  # an offer withdrawn
    claim = EntryClaim.objects.create(participant=built.entries[2], user=member)
    entry_claim_remove(tournament=event, user=leader, claim_id=claim.id)  # rejected
    other = UserFactory()
    MembershipFactory(team=event.team, user=other)
    second = EntryClaim.objects.create(participant=built.entries[3], user=other)
    entry_claim_approve(tournament=event, user=leader, claim_id=second.id)
    registered_entry_status_set(tournament=event, leader=leader, entry_id=added.id, playing=False)
    a, b, c, d = built.entries
    round_pair_manually(
        tournament=event, user=leader, boards=[(a.id, c.id), (b.id, d.id)], bye=None
    )
    assert [action for action, _ in _log(event)] == [
        "registered.added",
        "link.offered",
        "claim.rejected",
        "claim.approved",
        "player.removed",
        "pairing.edited",
    ]
    registered = AuditEntry.objects.get(action="registered.added")
    assert registered.subject == "Olsen, Ola"
    assert (registered.after or {})["players"][0]["rating"] == 1600
    approved = AuditEntry.objects.get(action="claim.approved")
    assert approved.after == {"user": other.username}
    paired = AuditEntry.objects.get(action="pairing.edited")
    assert paired.subject == "round 1" and paired.before is None
    assert (paired.after or {})["boards"][0] == [a.display_name, c.display_name]


def test_unknown_actions_are_refused() -> None:
    built = event_with_players(2)
    with pytest.raises(ValueError, match="unknown audit action"):
        audit_record(tournament=built.event, actor=built.leader, action="result.guessed")
