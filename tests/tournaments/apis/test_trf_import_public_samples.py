"""The TRF import reads the real-world samples (tests/trf/samples/README.md): 201, with the
reader's warnings (and the tie-breaks left out) in the answer's `warnings`."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.tournaments.models import SwissParticipant, SwissTournament
from tests.tournaments.helpers import client_of, team_with_members

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).resolve().parents[2] / "trf" / "samples"
# sample -> (players, the start of each warning)
EXPECTED = {
    "bbpPairings-indiv_299_bonus.trf": (5, ["299 bonus / penalty points"]),
    "bbpPairings-indiv_299_penalty.trf": (5, ["299 bonus / penalty points"]),
    "echecs-grandmommyscup.trf": (
        249,
        [
            "line 347, column 1: 240 records of a team event",
            *(f"line {n}, column 10: 250 gives match points only" for n in range(367, 371)),
            "line 373, column 1: 260 records of a team event",
            *(
                f"tie-break {code} of record 202/212 is not applicable to an individual event"
                for code in ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
            ),
        ],
    ),
    "echecs-javafo_sample2.trf": (
        52,
        ["line 4, column 5: start date '24/09/2010'", "line 5, column 5: end date '02/10/2010'"],
    ),
    "lichess-2020-style.trf": (
        4,
        ["line 4, column 5: start date 'May 29, 2020'", "line 5, column 5: end date"],
    ),
    "round-dates-one-column-off.trf": (4, ["line 4, column 93: round 1 date '25/10/01'"]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_sample_is_imported_with_its_warnings(name: str) -> None:
    team, leader, _ = team_with_members(1)
    text = (SAMPLES / name).read_text(encoding="utf-8")
    answer = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    players, warnings = EXPECTED[name]
    got = answer.json()["warnings"]
    assert len(got) == len(warnings), got
    for line, start in zip(got, warnings, strict=True):
        assert line.startswith(start), (line, start)
    event = SwissTournament.objects.get(id=answer.json()["id"])
    assert SwissParticipant.objects.filter(tournament=event).count() == players


def test_the_299_bonus_is_a_difference_of_points() -> None:
    team, leader, _ = team_with_members(1)
    text = (SAMPLES / "bbpPairings-indiv_299_bonus.trf").read_text(encoding="utf-8")
    answer = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert "player 4: the file gives 2.0 points, we 0.0" in answer.json()["differences"]


def test_a_lichess_2020_event_is_ranked_by_the_2023_rules() -> None:
    team, leader, _ = team_with_members(1)
    text = (SAMPLES / "lichess-2020-style.trf").read_text(encoding="utf-8")
    answer = client_of(leader).post(
        "/api/tournaments/swiss/import-trf/", {"team": team.slug, "trf": text}, format="json"
    )
    assert SwissTournament.objects.get(id=answer.json()["id"]).regulations == "2023"
