"""Names outside ASCII, longer than the TRF field, and an event name with quotes and a line
break (issue 13, defect 3): nine rounds pair through the real engine, and the exported TRF
reads back — in our reader, in the engine (the checker re-pairs every round from the file) and
in gacrux (FIDE's tie-break checker) — to the standings we show."""

from decimal import Decimal

import pytest

from arbiter.checker.check import check_tournament
from arbiter.teams.models import Membership
from arbiter.tournaments.models import SwissTournament
from arbiter.trf.reader import read_trf
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory
from tests.tiebreaks.oracle import gacrux_run
from tests.tournaments.helpers import client_of, create_event

pytestmark = pytest.mark.django_db

# Twelve scripts: Latin with Polish letters, Han, Arabic, Greek, Cyrillic, Devanagari, Hebrew,
# kana, Hangul, Thai, Georgian; and a username of 150 characters (Django's longest).
NAMES = [
    "Łukasz_Żółć",
    "张伟",
    "محمد_علي",
    "Ζωή",
    "Иван",
    "स्मिता",
    "דוד",
    "さくら",
    "민준",
    "สมชาย",
    "ნინო",
    "x" * 150,
]
ROUNDS = 9
# A fixed, varied result for each board: the white player's report.
RESULTS = ["1-0", "0-1", "1/2-1/2"]


def test_names_in_many_scripts_pair_nine_rounds_and_export_a_trf_others_read_back():
    leader = LeaderFactory()
    team = leader.team
    members = []
    for name in NAMES:
        user = UserFactory(username=name)
        MembershipFactory(team=team, user=user, role=Membership.Role.MEMBER)
        members.append(user)
    arbiter = client_of(leader.user)
    refused = arbiter.post(
        "/api/tournaments/swiss/",
        {"team": team.slug, "name": 'The "Open"\r\nCup', "num_rounds": ROUNDS, "mode": "otb"},
        format="json",
    )
    assert refused.status_code == 400
    assert "Control characters" in refused.json()["extra"]["fields"]["name"][0]
    event = create_event(
        leader.user, team, num_rounds=ROUNDS, name='The "Open" Cup', mode="otb", rated=False
    )
    # An event stored before names were checked still exports (its line break is a space).
    SwissTournament.objects.filter(id=event["id"]).update(name='The "Open"\r\nCup')
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    by_name = {u.username: u for u in members}
    for number in range(1, ROUNDS + 1):
        started = arbiter.post(f"{base}/start-next-round/")
        assert started.status_code == 201, started.json()
        assert started.json()["number"] == number
        for index, board in enumerate(started.json()["pairings"]):
            if board["black"] is None:
                continue  # no bye with an even field, but stay honest if the engine gives one
            white = client_of(by_name[board["white"]])
            url = f"{base}/pairings/{board['id']}/result/"
            result = RESULTS[(number + index) % len(RESULTS)]
            reply = white.post(url, {"result": result}, format="json")
            assert reply.status_code == 200, reply.json()

    standings = arbiter.get(f"{base}/standings/?page_size=100").json()["results"]
    assert {row["username"] for row in standings} == set(NAMES)  # display names are whole

    exported = arbiter.get(f"{base}/export/trf/")
    assert exported.status_code == 200
    text = exported.content.decode("utf-8")
    parsed = read_trf(text)
    assert parsed.header["012"] == 'The "Open" Cup'
    assert {p.name for p in parsed.players} == {name[:33] for name in NAMES}

    # The engine reads the file back: re-pairing each round from the rounds before it gives
    # the pairings we made, and the file's points and ranks are the ones it recomputes.
    report = check_tournament(parsed)
    assert report.clean, report.text()
    assert report.rounds_checked == ROUNDS

    # gacrux reads the file back to our standings: ranks, points and each tie-break value.
    codes = event["tiebreak_order"]
    theirs = gacrux_run(text, ["PTS", *codes])
    name_of = {p.start_number: p.name for p in parsed.players}
    ours = {row["username"][:33]: row for row in standings}
    assert len(theirs) == len(NAMES)
    for number, (rank, values) in theirs.items():
        row = ours[name_of[number]]
        assert rank == row["rank"], (name_of[number], rank, row)
        assert values[0] == Decimal(str(row["points"])), (name_of[number], values[0], row)
        for code, value in zip(codes, values[1:], strict=True):
            our = row["tiebreaks"][code]
            if code == "DE":
                continue  # gacrux gives DE as a rank inside the tie, we give the score
            assert Decimal(str(value)) == Decimal(str(our)), (name_of[number], code, value, our)
