"""An account joins a team Swiss squad only when its user confirms: a captain's listing is
an invitation the user accepts or declines on their page, it never locks them out of
another team, and a captain never sets an account's name or rating."""

import pytest

from arbiter.ratings.services import user_rating_set
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _team(client, base: str, tpn: int) -> dict:
    return next(t for t in client.get(f"{base}/").json()["teams"] if t["tpn"] == tpn)


def test_listing_someone_elses_account_is_only_an_invitation(client_for):
    built = event_with_teams(teams=0)
    base = f"/api/team-swiss/{built.event.id}"
    mallory, victim = UserFactory(), UserFactory()
    user_rating_set(user=victim, speed="classical", rating=1712)

    body = {
        "name": "Poachers",
        "players": [{"username": mallory.username}, {"username": victim.username}],
    }
    listed = client_for(mallory).post(f"{base}/teams/", body, format="json")
    assert listed.status_code == 201, listed.json()
    mine, theirs = listed.json()["players"]
    assert mine["username"] == mallory.username  # the caller listing themselves: consent
    assert theirs["username"] is None and theirs["invited"] == victim.username

    # The victim is not locked out: their own team is registered.
    own = {"name": "Victims", "players": [{"username": victim.username}, {"name": "Friend"}]}
    registered = client_for(victim).post(f"{base}/teams/", own, format="json")
    assert registered.status_code == 201, registered.json()
    assert registered.json()["players"][0]["username"] == victim.username
    # Their account's rating is their own, never a captain's.
    assert registered.json()["players"][0]["rating"] == 1712


def test_a_captain_never_sets_an_accounts_name_or_rating(client_for):
    built = event_with_teams(teams=0)
    base = f"/api/team-swiss/{built.event.id}"
    captain, friend = UserFactory(), UserFactory()
    body = {
        "name": "Raters",
        "players": [
            {"username": captain.username},
            {"username": friend.username, "name": "Magnus Carlsen", "rating": 3500},
        ],
    }
    refused = client_for(captain).post(f"{base}/teams/", body, format="json")
    assert refused.status_code == 400
    (message,) = refused.json()["extra"]["fields"]["players"]
    assert message.startswith("2: ") and "come from the account" in message
    # A player without an account has the name and rating the captain gives.
    named = {"name": "Raters", "players": [body["players"][0], {"name": "Magnus", "rating": 2830}]}
    assert client_for(captain).post(f"{base}/teams/", named, format="json").status_code == 201


def test_the_invited_user_accepts_on_their_page_and_their_other_invitations_go(client_for):
    built = event_with_teams(teams=0)
    base = f"/api/team-swiss/{built.event.id}"
    bob = UserFactory()
    user_rating_set(user=bob, speed="classical", rating=1950)
    first, second = UserFactory(), UserFactory()
    for captain, name in ((first, "First"), (second, "Second")):
        players = [{"username": captain.username}, {"username": bob.username}]
        body = {"name": name, "players": players}
        assert client_for(captain).post(f"{base}/teams/", body, format="json").status_code == 201

    page = client_for(bob).get("/api/team-swiss/invitations/")
    assert page.status_code == 200
    invitations = page.json()["results"]
    assert [(i["event"]["id"], i["team"]["name"]) for i in invitations] == [
        (built.event.id, "First"),
        (built.event.id, "Second"),
    ]
    assert invitations[0]["captain"] == first.username
    assert client_for(UserFactory()).get("/api/team-swiss/invitations/").json()["count"] == 0

    # Only bob accepts it; accepting one drops his invitation from the other team.
    accept = f"{base}/invitations/{invitations[0]['id']}/accept/"
    assert client_for(first).post(accept).status_code == 403
    accepted = client_for(bob).post(accept)
    assert accepted.status_code == 200, accepted.json()
    line = accepted.json()["players"][1]
    assert (line["username"], line["invited"], line["name"], line["rating"]) == (
        bob.username,
        None,
        bob.username,
        1950,
    )
    assert client_for(bob).get("/api/team-swiss/invitations/").json()["count"] == 0
    other = _team(client_for(bob), base, 2)["players"][1]
    assert (other["username"], other["invited"]) == (None, None)
    again = client_for(bob).post(f"{base}/invitations/{invitations[1]['id']}/accept/")
    assert again.status_code == 404


def test_an_invitation_is_declined_by_its_user_or_withdrawn_by_the_captain(client_for):
    built = event_with_teams(teams=0)
    base = f"/api/team-swiss/{built.event.id}"
    captain, carol, dave = UserFactory(), UserFactory(), UserFactory()
    players = [{"username": user.username} for user in (captain, carol, dave)]
    body = {"name": "Hopefuls", "players": players}
    team = client_for(captain).post(f"{base}/teams/", body, format="json").json()
    carol_line, dave_line = team["players"][1]["id"], team["players"][2]["id"]

    assert client_for(dave).delete(f"{base}/invitations/{carol_line}/").status_code == 403
    assert client_for(carol).delete(f"{base}/invitations/{carol_line}/").status_code == 204
    assert client_for(captain).delete(f"{base}/invitations/{dave_line}/").status_code == 204
    players = _team(client_for(captain), base, 1)["players"]
    assert [(p["username"], p["invited"]) for p in players] == [
        (captain.username, None),
        (None, None),
        (None, None),
    ]
    assert client_for(carol).get("/api/team-swiss/invitations/").json()["count"] == 0
    assert client_for(carol).post(f"{base}/invitations/{carol_line}/accept/").status_code == 404


def test_after_round_one_a_squad_gains_only_invitations_and_keeps_account_ratings(client_for):
    built = event_with_teams(teams=2, boards=2)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    captain = client_for(built.captains[0])
    squad = _team(captain, base, 1)["players"]
    newcomer = UserFactory()

    forged = {
        "name": "Club A",
        "players": [
            {"id": squad[0]["id"], "rating": 3500, "name": "Magnus Carlsen"},
            {"id": squad[1]["id"]},
        ],
    }
    refused = captain.put(f"{base}/teams/1/", forged, format="json")
    assert refused.status_code == 400
    (message,) = refused.json()["extra"]["fields"]["players"]
    assert message.startswith("1: ") and "come from the account" in message

    body = {
        "name": "Club A",
        "players": [
            {"id": squad[0]["id"]},
            {"id": squad[1]["id"]},
            {"username": newcomer.username},
        ],
    }
    added = captain.put(f"{base}/teams/1/", body, format="json")
    assert added.status_code == 200, added.json()
    reserve = added.json()["players"][2]
    assert (reserve["username"], reserve["invited"]) == (None, newcomer.username)

    exported = client_for(built.leader).get(f"{base}/export/trf/").content.decode()
    assert "Magnus Carlsen" not in exported and "3500" not in exported
