"""Events paired round by round by our engine (the pairing tests' seeded simulator), written
as TRF-2026 with the ranks our tie-break library gives: what an untouched file looks like."""

from __future__ import annotations

from arbiter.pairing import pair_round
from arbiter.pairing.trf_request import build_tournament
from arbiter.tiebreaks.from_trf import to_tiebreak_model
from arbiter.tiebreaks.standings import rank
from arbiter.trf.formats import to_format
from arbiter.trf.model import Tournament
from tests.pairing.events import Event

ORDER = ["BH/C1", "BH", "SB", "DE"]


def generated_event(seed: int, *, players: int = 11, rounds: int = 5) -> Tournament:
    event = Event.create(players + 2 * (seed % 3), rounds, seed)  # odd: a bye every round
    for _ in range(rounds):
        request = event.request()
        event.play(request, pair_round(request))
    t = build_tournament(event.request(), mark_unpaired=False)
    t.header.update({"012": f"Checker {seed}", "042": "2026/06/01", "202": ",".join(ORDER)})
    games, model_players = to_tiebreak_model(t)
    ranks = {s.player_id: s.rank for s in rank(games, model_players, ORDER, regulations="2026")}
    for p in t.players:
        p.rank = ranks[str(p.start_number)]
    return to_format(t, "trf26")
