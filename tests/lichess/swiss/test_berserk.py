"""berserk 0.14.0 itself, unmodified, against the lichess paths on a live server: the wire
details its calls depend on (JSON bodies with nulls, the slash of edit, NDJSON decoded whole,
PGN split at two blank lines, the converters' ms dates, a JSON body on every action)."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any, cast

import berserk
import pytest

from arbiter.tournaments.models import EventMode, SwissTournament, TournamentStatus
from arbiter.users.models import User
from arbiter.users.services import api_token_create
from tests.factories.events import event_with_round
from tests.factories.teams import LeaderFactory, MembershipFactory

pytestmark = pytest.mark.django_db(transaction=True)


def client_of(user: User, base: str) -> berserk.Client:
    _, token = api_token_create(user=user, name="berserk")
    return berserk.Client(session=berserk.TokenSession(token), base_url=base)


def test_berserk_runs_a_swiss_setup_through_the_lichess_paths(live_server):
    leader = LeaderFactory()
    member = MembershipFactory(team=leader.team).user
    slug = leader.team.slug
    boss, player = client_of(leader.user, live_server.url), client_of(member, live_server.url)

    me = player.account.get()
    assert me["id"] == member.username.lower() and isinstance(me["createdAt"], dt.datetime)
    assert player.teams.get_team(slug)["nbMembers"] == 2
    assert {m["id"] for m in boss.teams.get_members(slug)} == {
        leader.user.username.lower(),
        member.username.lower(),
    }

    starts = int(time.time() * 1000) + 600_000
    sw = boss.tournaments.create_swiss(
        slug, 600, 5, 3, name="Compat", startsAt=starts, roundInterval=99999999, rated=False
    )
    sid = sw["id"]
    assert isinstance(sw["startsAt"], dt.datetime) and sw["status"] == "created"
    assert sid in [s["id"] for s in boss.tournaments.swiss_by_team(slug, maxT=5)]
    boss.tournaments.edit_swiss(sid, 600, 5, 4, password="pw", description="edited")
    assert boss.tournaments.get_swiss(sid).get("password") is True
    with pytest.raises(berserk.exceptions.ResponseError) as refused:
        player.tournaments.join_swiss(sid, password="nope")
    assert refused.value.status_code == 400
    player.tournaments.join_swiss(sid, password="pw")
    player.tournaments.withdraw_swiss(sid)
    player.tournaments.join_swiss(sid, password="pw")
    assert boss.tournaments.get_swiss(sid)["nbPlayers"] == 1
    boss.tournaments.schedule_swiss_next_round(sid, starts + 60_000)
    assert SwissTournament.objects.get(id=int(sid)).round_interval_seconds is None
    boss.tournaments.terminate_swiss(sid)
    with pytest.raises(berserk.exceptions.ResponseError) as gone:
        boss.tournaments.get_swiss(sid)
    assert gone.value.status_code == 404
    assert SwissTournament.objects.get(id=int(sid)).status == TournamentStatus.CANCELLED


def test_berserk_reads_a_played_swiss(live_server):
    built = event_with_round(
        5, rounds=1, results=[["1-0", "1/2-1/2"]], mode=EventMode.ONLINE, num_rounds=3
    )
    reader = client_of(built.leader, live_server.url)
    sid = str(built.event.id)
    rows = list(reader.tournaments.stream_swiss_results(sid))
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    assert sum(row["points"] for row in rows) == 3
    trf = reader.tournaments.export_swiss_trf(sid)
    assert trf.startswith("012 ") and "XXR 3" in trf
    # berserk types the export as text; without as_pgn it yields the converted JSON games.
    games = cast(list[dict[str, Any]], list(reader.tournaments.export_swiss_games(sid)))
    assert len(games) == 2 and all(isinstance(g["createdAt"], dt.datetime) for g in games)
    assert all(g["swiss"] == sid for g in games)
    pgns = list(reader.tournaments.export_swiss_games(sid, as_pgn=True))
    assert len(pgns) == 2 and all(p.startswith("[Event ") for p in pgns)
    reader.tournaments.terminate_swiss(sid)
    assert reader.tournaments.get_swiss(sid)["status"] == "finished"
