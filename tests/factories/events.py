"""A running Swiss event built straight into the database: entries, rounds paired without the
engine, results. For tests of services and selectors, which need an event in some state but
test neither the API nor the pairing engine (docs/testing.md, "Factories").

What is written is what the services would have written: a round is stored as
`services.round_store` stores one (pairing numbers, boards in its board order, a round entry for
every player, the games of an online event, the event's `current_round`, the standings), and a
result as a leader's decision (completing its round, finishing the event after the last, rating
the game of a rated event, the standings again). The pairing is a plain Swiss one made here:
round 1 exactly as the Dutch engine pairs it (the top half against the bottom half, colours
alternating), later rounds by score with no rematch and the colour rules, every round checked
by the validator the manual pairing goes through. No live push is sent: nobody watches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from arbiter.games.models import Game
from arbiter.pairing.history import PlayerFacts, all_facts
from arbiter.pairing.request import Board, PairingRequest
from arbiter.pairing.validation import validate_pairing
from arbiter.ratings.services import user_rating_set
from arbiter.teams.models import Membership
from arbiter.tournaments.models import (
    EntryKind,
    EventMode,
    GameResult,
    ParticipantStatus,
    RoundStatus,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import round_time_listed
from arbiter.tournaments.services.ratings import pairings_rate
from arbiter.tournaments.services.round_plan import round_plan, round_plan_request
from arbiter.tournaments.services.standings import standings_store, standings_version_bump
from arbiter.users.models import User
from tests.factories.games import GameFactory
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.tournaments import (
    RegisteredEntryFactory,
    SwissPairingFactory,
    SwissParticipantFactory,
    SwissRoundEntryFactory,
    SwissRoundFactory,
    SwissTournamentFactory,
)
from tests.factories.users import UserFactory

# How an online game ends when its board gets a result here: the result is an arbiter's
# decision, and the game is closed with it, or the flag tick would still end it later.
GAME_ENDINGS: dict[str, tuple[str, str]] = {
    GameResult.WHITE_WINS: ("resign", "white"),
    GameResult.BLACK_WINS: ("resign", "black"),
    GameResult.DRAW: ("draw", ""),
    GameResult.WHITE_WINS_FORFEIT: ("noStart", "white"),
    GameResult.BLACK_WINS_FORFEIT: ("noStart", "black"),
    GameResult.DOUBLE_FORFEIT: ("noStart", ""),
}


@dataclass
class BuiltEvent:
    """An event as built here, and its current round (None before the first)."""

    event: SwissTournament
    leader: User
    entries: list[SwissParticipant]  # in the order made: members first, registered players after
    round: SwissRound | None = None
    boards: list[SwissPairing] = field(default_factory=list)  # the round's, in board order
    byes: list[SwissRoundEntry] = field(default_factory=list)  # its entries without a board

    @property
    def users(self) -> list[User]:
        """The entries' users (registered players have none), in the entries' order."""
        return [entry.user for entry in self.entries if entry.user is not None]


def event_with_players(
    players: int = 8,
    *,
    ratings: Sequence[int] | None = None,
    registered: int = 0,
    **event_fields: Any,
) -> BuiltEvent:
    """A scheduled event of the leader's team with `players` members entered (the last
    `registered` of them as registered players without an account, which an over-the-board
    event only has). `ratings`: each entry's rating (1500, a new player's, by default); a
    member's rating is set as the event's speed's rating too, where the entry froze it from.
    `event_fields` go to SwissTournamentFactory (mode is over the board unless given)."""
    if ratings is not None and len(ratings) != players:
        raise ValueError(f"{len(ratings)} ratings for {players} players")
    leader = LeaderFactory()
    event = SwissTournamentFactory(team=leader.team, created_by=leader.user, **event_fields)
    if registered and event.mode != EventMode.OTB:
        raise ValueError("registered players enter over-the-board events only")
    entries = []
    for i in range(players):
        rating = 1500 if ratings is None else ratings[i]
        if i >= players - registered:
            entries.append(RegisteredEntryFactory(tournament=event, rating=rating))
            continue
        user = UserFactory()
        MembershipFactory(team=event.team, user=user, role=Membership.Role.MEMBER)
        if ratings is not None:
            user_rating_set(user=user, speed=event.time_control.speed, rating=rating)
        entries.append(SwissParticipantFactory(tournament=event, user=user, rating=rating))
    if entries:  # the entry list is the standings list before the start (entries._entries_changed)
        standings_version_bump(tournament=event)
        event.refresh_from_db(fields=["standings_version"])
    return BuiltEvent(event, leader.user, entries)


def event_with_round(
    players: int = 8,
    rounds: int = 1,
    *,
    results: Sequence[Sequence[str]] = (),
    ratings: Sequence[int] | None = None,
    registered: int = 0,
    **event_fields: Any,
) -> BuiltEvent:
    """A running event at round `rounds`: `event_with_players`, then each round paired and
    stored, with `results[n - 1]` as round n's results in board order (a shorter list leaves
    the boards after it without a result; every round but the last needs all of them, as it
    does to pair the next). The event has `num_rounds` 5, or `rounds` if more."""
    event_fields.setdefault("num_rounds", max(5, rounds))
    if len(results) > rounds:
        raise ValueError(f"results for {len(results)} rounds of {rounds}")
    built = event_with_players(players, ratings=ratings, registered=registered, **event_fields)
    for number in range(1, rounds + 1):
        round_next(built, results=results[number - 1] if number <= len(results) else ())
    return built


# One transaction, as the round store has: a write that fails leaves no half-stored round.
@transaction.atomic
def round_next(built: BuiltEvent, *, results: Sequence[str] = ()) -> BuiltEvent:
    """Pair and store the event's next round, then give its first boards `results`. Refused
    as the service refuses it (the event over, the last round without every result)."""
    event = built.event
    plan = round_plan(tournament=event)
    request = round_plan_request(tournament=event, plan=plan)
    boards, bye = _pairing(request)
    validate_pairing(request, boards, bye, source="factory")

    participants = plan.state.participants
    for pid, number in plan.numbers.items():
        participants[pid].pairing_number = number
    event.participants.update(pairing_number=None)  # renumbered: no clash mid-update
    SwissParticipant.objects.bulk_update(list(participants.values()), ["pairing_number"])

    rnd = SwissRoundFactory(tournament=event, number=plan.number)
    facts = all_facts(request)
    seated = set()
    for board in sorted(boards, key=lambda b: _board_key(b, facts)):
        white, black = plan.by_number[board.white], plan.by_number[board.black]
        pairing = SwissPairingFactory(
            round=rnd, white=participants[white], black=participants[black]
        )
        seated |= {white, black}
        if event.mode == EventMode.ONLINE:
            GameFactory(pairing=pairing, turn_started_at=rnd.started_at)
    if bye is not None:
        SwissRoundEntryFactory(round=rnd, participant=participants[plan.by_number[bye]])
        seated.add(plan.by_number[bye])
    for pid, participant in participants.items():
        if pid not in seated:  # a requested half-point bye, or absent
            half = pid in plan.half_byes and participant.status == ParticipantStatus.ACTIVE
            kind = EntryKind.HALF_BYE if half else EntryKind.ZERO_BYE
            SwissRoundEntryFactory(round=rnd, participant=participant, kind=kind)
    standings_store(tournament=event)
    event.refresh_from_db()  # the version the standings bumped in the database

    built.round = rnd
    _reread(built)
    if results:
        results_set(built, results)
    return built


def results_set(built: BuiltEvent, results: Sequence[str]) -> None:
    """The current round's first boards get `results` (board order), as a leader's decisions
    written one after the other."""
    if len(results) > len(built.boards):
        raise ValueError(f"{len(results)} results for {len(built.boards)} boards")
    event, rnd, now = built.event, built.round, timezone.now()
    assert rnd is not None
    written = []
    for board, result in zip(built.boards, results, strict=False):
        if result not in GAME_ENDINGS:
            raise ValueError(f"unknown result {result!r}")
        board.result, board.reported_by, board.reported_at = result, built.leader, now
        board.save(update_fields=["result", "reported_by", "reported_at"])
        written.append(board.id)
        status, winner = GAME_ENDINGS[result]
        Game.objects.filter(pairing=board).update(
            status=status, winner=winner, finished_at=now, flag_at=None
        )
    if not SwissPairing.objects.filter(round=rnd, result="").exists():
        _round_complete(event, rnd, now)
    pairings_rate(tournament=event, pairing_ids=written)
    standings_store(tournament=event, boards_written=written)
    event.refresh_from_db()
    _reread(built)


def _round_complete(event: SwissTournament, rnd: SwissRound, now: datetime) -> None:
    """What the last result of a round does (services.completion): the round complete, then
    the event finished after its last round, or its next round timed when it runs by itself."""
    rnd.status, rnd.completed_at = RoundStatus.COMPLETE, now
    rnd.save(update_fields=["status", "completed_at"])
    if rnd.number == event.num_rounds:
        event.status, event.finished_at = TournamentStatus.FINISHED, now
        event.end_reason = "All rounds have been played."
        event.save(update_fields=["status", "finished_at", "end_reason"])
    elif (listed := round_time_listed(tournament=event, number=rnd.number + 1)) is not None:
        event.next_round_at = max(listed, now)  # a late round lets the next start at once
        event.save(update_fields=["next_round_at"])
    elif event.round_interval_seconds is not None:
        event.next_round_at = now + timedelta(seconds=event.round_interval_seconds)
        event.save(update_fields=["next_round_at"])


def _reread(built: BuiltEvent) -> None:
    """The entries, the round and its boards as stored now (pairing numbers, points, results)."""
    ids = [entry.id for entry in built.entries]
    stored = SwissParticipant.objects.select_related("user").in_bulk(ids)
    built.entries = [stored[i] for i in ids]
    if built.round is None:
        return
    built.round.refresh_from_db()
    built.boards = list(
        SwissPairing.objects.filter(round=built.round)
        .select_related("round__tournament", "white__user", "black__user")
        .order_by("board")
    )
    built.byes = list(
        SwissRoundEntry.objects.filter(round=built.round, pairing__isnull=True)
        .select_related("participant__user")
        .order_by("participant__pairing_number")
    )


def _board_key(board: Board, facts: dict[int, PlayerFacts]) -> tuple[Any, ...]:
    """The round store's board order: the higher score of the pair first, then the sum of
    the scores, then the better pairing number."""
    white, black = facts[board.white].points, facts[board.black].points
    return (-max(white, black), -(white + black), min(board.white, board.black))


def _pairing(request: PairingRequest) -> tuple[list[Board], int | None]:
    """Boards (pairing numbers) and the pairing bye: the bye to the lowest-ranked player who
    may have one; round 1 folded as the Dutch system folds it; later rounds by score, each
    player with the first one below not met yet whom the colours allow (backtracking)."""
    facts = all_facts(request)
    order = sorted(request.present, key=lambda n: (-facts[n].points, n))
    bye = None
    if len(order) % 2:
        bye = next(n for n in reversed(order) if not facts[n].bye_barred)
        order.remove(bye)
    if request.round == 1:
        half = len(order) // 2
        boards = []
        for i, (top, bottom) in enumerate(zip(order[:half], order[half:], strict=True)):
            top_white = (i % 2 == 0) == (request.initial_colour == "white")
            boards.append(Board(top, bottom) if top_white else Board(bottom, top))
        return boards, bye
    paired = _match(order, facts)
    if paired is None:
        raise ValueError(f"round {request.round}: no pairing without a rematch is left")
    return paired, bye


def _match(order: list[int], facts: dict[int, PlayerFacts]) -> list[Board] | None:
    if not order:
        return []
    top, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if other in facts[top].played_opponents:
            continue
        board = _colours(facts[top], facts[other])
        if board is None:
            continue
        after = _match(rest[:i] + rest[i + 1 :], facts)
        if after is not None:
            return [board, *after]
    return None


def _colour_allowed(colours: str, colour: str) -> bool:
    """FIDE's absolute colour rules: no colour difference beyond ±2, no colour three times
    running (the validator checks them again on the whole round)."""
    sequence = colours + colour
    return abs(sequence.count("w") - sequence.count("b")) <= 2 and sequence[-3:] not in (
        "www",
        "bbb",
    )


def _colours(top: PlayerFacts, other: PlayerFacts) -> Board | None:
    """Who of the two has white: whoever has had it less, then whoever had black last, then
    the higher-ranked (`top`); None when the colour rules allow neither way."""
    ways = [
        (white, black)
        for white, black in ((top, other), (other, top))
        if _colour_allowed(white.colours, "w") and _colour_allowed(black.colours, "b")
    ]
    if not ways:
        return None
    white, black = min(
        ways,
        key=lambda way: (
            way[0].colour_difference - way[1].colour_difference,
            way[0].colours[-1:] == "w",
            way[0] is not top,
        ),
    )
    return Board(white.number, black.number)
