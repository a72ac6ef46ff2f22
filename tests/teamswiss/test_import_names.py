"""A team TRF import holds its names to the one name rule (arbiter.common.text), as the
individual import does: a bidi override or a control character is a 400 on `file`, nothing
stored; a name in any script is fine."""

from __future__ import annotations

import pytest

from tests.teamswiss.test_import_caps import imported, nothing_stored, team_trf

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("plain", "hostile", "field"),
    [
        ("Team 2", "Club\u202eNight", "team 2"),
        ("Player 3", "Ann\u2066a", "player 3"),
        ("Big League", "Big\u200bLeague", "the event's name"),
    ],
)
def test_a_name_the_rule_refuses_is_a_400_and_nothing_is_stored(plain, hostile, field) -> None:
    width = max(len(plain), len(hostile))  # a player's name sits in fixed columns
    text = team_trf([2, 2, 2]).replace(plain.ljust(width), hostile.ljust(width), 1)
    assert hostile in text
    response = imported(text)
    assert response.status_code == 400, response.json()
    (message,) = response.json()["extra"]["fields"]["file"]
    assert message.startswith(field)
    assert nothing_stored()


def test_names_in_other_scripts_are_imported() -> None:
    text = team_trf([2, 2, 2]).replace("Team 2".ljust(14), "Шахматы Казань", 1)
    text = text.replace("Player 3", "محمد".ljust(8), 1)
    response = imported(text)
    assert response.status_code == 201, response.json()
