"""Pairing the next round: by the engine, which runs outside the event lock, or by a leader.

The engine may take seconds (a minute at most), and every write to the event waits for its
row lock. So `round_pair_next` is a pairing run (`arbiter.common.pairing_run`, as team events
pair): under the event's pairing lease it locks the event only to read what the engine needs
and, after the engine answered, to write the round, and only if that input is still the same:
a write that changed it meanwhile (a corrected result, a join, a bye request) makes the answer
stale, and the round is paired again from the new state.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, InvalidInput, ServiceUnavailable
from arbiter.common.pairing_run import PairingInputChanged, pairing_run
from arbiter.pairing import errors as pairing_errors
from arbiter.pairing.request import Board, Pairing, PairingRequest
from arbiter.pairing.round_pairing import pair_round
from arbiter.pairing.validation import Violation, validate_pairing
from arbiter.teams.permissions import team_leader_required
from arbiter.tournaments.models import (
    EntryKind,
    PairingMode,
    RoundStatus,
    SwissPairing,
    SwissRound,
    SwissTournament,
)
from arbiter.tournaments.read.teams import teammates_apply
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.checkin import checkin_absent_pause
from arbiter.tournaments.services.completion import tournament_finish
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.round_plan import (
    RoundPlan,
    round_plan,
    round_plan_request,
    too_few_players,
)
from arbiter.tournaments.services.round_store import round_store
from arbiter.tournaments.services.teammates_apart import (
    teammates_board_refusals,
    teammates_refusal,
)
from arbiter.users.models import User

logger = logging.getLogger(__name__)

# The event's `end_reason` when it ends so (stored: English); a refusal says it translated.
NO_PAIRING_LEFT = "No valid pairing exists: all possible pairings were played."


def _snapshot(
    tournament: SwissTournament, wanted: Callable[[SwissTournament], bool] | None
) -> PairingRequest | None:
    """Under the lock (the run's transaction): the engine's request; None when the round is
    no longer wanted or the event finished for lack of players."""
    locked = tournament_lock(tournament=tournament)
    if wanted is not None and not wanted(locked):
        return None
    checkin_absent_pause(tournament=locked)
    plan = round_plan(tournament=locked)
    if plan.active_count < 2:
        if wanted is None and locked.current_round == 0:
            # A leader starting early: refuse, and keep the event open for entries. Only
            # the start time itself (the tick) ends an event nobody could play.
            raise ApplicationError(too_few_players(plan))
        tournament_finish(tournament=locked, reason=too_few_players(plan, ended=True))
        return None
    return round_plan_request(tournament=locked, plan=plan)


class TeammatesUnpairable(ApplicationError):
    """No pairing keeps the teammates of a co-hosted event apart: nothing is stored, the
    event goes on, and a leader changes the option or the entries (docs/teams.md)."""


def engine_answer(*, tournament: SwissTournament, request: PairingRequest) -> Pairing | str:
    """The engine's pairing, or its words when it proved that no valid pairing exists."""
    try:
        return pair_round(request)
    except (pairing_errors.PairingEngineError, pairing_errors.EngineAnswerInvalid) as exc:
        logger.error(
            "tournament %s: pairing round %s failed: %s", tournament.id, request.round, exc
        )
        raise ServiceUnavailable(
            _("The pairing engine failed; try again. (%(error)s)") % {"error": exc}
        ) from exc
    except pairing_errors.NoValidPairing as exc:
        return str(exc)
    except pairing_errors.PairingTooLarge as exc:  # refused before any engine ran
        raise ApplicationError(
            _("This round cannot be paired on this server: %(reason)s") % {"reason": exc}
        ) from exc


def _write(
    tournament: SwissTournament,
    request: PairingRequest,
    pairing: Pairing | str,
    wanted: Callable[[SwissTournament], bool] | None,
) -> SwissRound | None:
    """Under the lock again (the run's transaction): store the answer if its input is
    unchanged (`PairingInputChanged` otherwise). None: no longer wanted, or the event ended."""
    locked = tournament_lock(tournament=tournament)
    if wanted is not None and not wanted(locked):
        return None
    plan = round_plan(tournament=locked)  # refuses if another caller paired it first
    if round_plan_request(tournament=locked, plan=plan) != request:
        raise PairingInputChanged
    if isinstance(pairing, str):
        if teammates_apply(locked, plan.number):
            # Kept apart by a leader's option, not by the rules: not the event's end.
            raise TeammatesUnpairable(
                teammates_refusal(tournament=locked, plan=plan, engine_answer=pairing)
            )
        tournament_finish(tournament=locked, reason=NO_PAIRING_LEFT)
        return None
    return round_store(
        tournament=locked,
        plan=plan,
        boards=pairing.boards,
        bye=pairing.bye,
        engine=pairing.engine,
        manual=False,
    )


def round_pair_next(
    *,
    tournament: SwissTournament,
    wanted: Callable[[SwissTournament], bool] | None = None,
    lease: str | None = None,
) -> SwissRound | None:
    """Pair the next round with the engine. Safe under concurrency: one run per event at a
    time (the pairing lease, held for the engine's whole run: `PairingBusy`, a 409, to any
    other caller meanwhile); of callers pairing the same round one after the other, the first
    to write wins and the others are refused like any late caller.

    `wanted` (checked under the lock, before and after the engine) lets the tick pair only a
    round still due. `lease`: the caller holds the event's lease already (seed_demo). Returns
    None when the event ended instead (too few players, no valid pairing) or the round was no
    longer wanted."""
    return pairing_run(
        model=SwissTournament,
        event_id=tournament.id,
        snapshot=lambda: _snapshot(tournament, wanted),
        engine=lambda request: engine_answer(tournament=tournament, request=request),
        store=lambda request, pairing: _write(tournament, request, pairing, wanted),
        lease=lease,
    )


@dataclass(frozen=True)
class PairingProposal:
    """A pairing to show a leader, by display name; nothing of it is stored."""

    round: int
    boards: list[dict[str, str]]  # {"white": name, "black": name}
    bye: str | None
    replaces_current: bool  # the current round is paired, no result is in: it may be re-paired


def _current_unplayed(tournament: SwissTournament) -> SwissRound | None:
    current = SwissRound.objects.filter(
        tournament=tournament, number=tournament.current_round
    ).first()
    if current is None or current.status == RoundStatus.COMPLETE:
        return None
    if SwissPairing.objects.filter(round=current).exclude(result="").exists():
        return None
    return current


def round_pairing_propose(*, tournament: SwissTournament, user: User) -> PairingProposal:
    """What the manual-pairing editor starts from: the current round's boards while it is
    paired and no result is in (to correct it), otherwise the engine's pairing of the next
    round, valid by construction and not stored."""
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("pair rounds manually"),
    )
    current = _current_unplayed(tournament)
    if current is not None:
        pairings = current.pairings.select_related("white__user", "black__user")
        byes = current.entries.filter(kind=EntryKind.PAIRING_BYE).select_related(
            "participant__user"
        )
        bye = next(iter(byes), None)
        return PairingProposal(
            round=current.number,
            boards=[
                {"white": p.white.display_name, "black": p.black.display_name} for p in pairings
            ],
            bye=bye.participant.display_name if bye else None,
            replaces_current=True,
        )
    with transaction.atomic():
        plan = round_plan(tournament=tournament)
        request = round_plan_request(tournament=tournament, plan=plan)
    if plan.active_count < 2:
        raise ApplicationError(too_few_players(plan))
    answer = engine_answer(tournament=tournament, request=request)
    if isinstance(answer, str):
        if teammates_apply(tournament, plan.number):
            raise TeammatesUnpairable(
                teammates_refusal(tournament=tournament, plan=plan, engine_answer=answer)
            )
        raise ApplicationError(_("No valid pairing exists: all possible pairings were played."))
    names = {
        number: plan.state.participants[pid].display_name for pid, number in plan.numbers.items()
    }
    return PairingProposal(
        round=plan.number,
        boards=[{"white": names[b.white], "black": names[b.black]} for b in answer.boards],
        bye=names[answer.bye] if answer.bye is not None else None,
        replaces_current=False,
    )


_NUMBERED = re.compile(r"(?<![+\-\d])\b(\d+)\b(?! times)")
_FORBIDDEN = re.compile(r"^(\d+)-(\d+) is a forbidden pair$")


def _violation_named(violation: Violation, names: dict[int, str]) -> str | None:
    """A violation of the validator said with the players' names, in the reader's language
    (None: a kind not known here)."""
    params = violation.params

    def name(key: str) -> str:
        number = params[key]
        return names.get(number, str(number)) if isinstance(number, int) else str(number)

    kind = violation.kind
    if kind == "not_a_player":
        return _("%(player)s is not a player") % {"player": name("player")}
    if kind == "not_to_be_paired":
        return _("%(player)s is not to be paired this round but is") % {"player": name("player")}
    if kind == "paired_twice":
        return _("%(player)s appears %(count)s times") % {
            "player": name("player"),
            "count": params["count"],
        }
    if kind == "unpaired":
        numbers = params["players"]
        listed = ", ".join(names.get(n, str(n)) for n in numbers)  # type: ignore[attr-defined]
        return _("players %(players)s are left unpaired") % {"players": listed}
    if kind == "bye_in_even_field":
        return _("pairing bye to %(player)s in an even field") % {"player": name("player")}
    if kind == "bye_again":
        return _("%(player)s already had a pairing bye or a forfeit win") % {
            "player": name("player")
        }
    if kind == "no_bye_in_odd_field":
        return _("odd field without a pairing bye")
    if kind == "paired_with_self":
        return _("%(player)s is paired with themselves") % {"player": name("player")}
    if kind == "rematch":
        return _("%(white)s and %(black)s already played each other") % {
            "white": name("white"),
            "black": name("black"),
        }
    if kind == "forbidden_pair":
        return _("%(white)s and %(black)s is a forbidden pair") % {
            "white": name("white"),
            "black": name("black"),
        }
    if kind == "colour_difference":
        return _("%(player)s would have colour difference %(difference)s") % {
            "player": name("player"),
            "difference": params["difference"],
        }
    if kind == "white_three_times":
        return _("%(player)s would have white three times in a row") % {"player": name("player")}
    if kind == "black_three_times":
        return _("%(player)s would have black three times in a row") % {"player": name("player")}
    return None


def violations_named(*, violations: Sequence[str], names: dict[int, str]) -> list[str]:
    """The validator's messages with players named, not numbered ("3-4 already played each
    other" -> "alice and bob already played each other"): pairing numbers are shown nowhere.
    A `Violation` is said anew from its kind (in the reader's language); any other message is
    rewritten where it names numbers."""

    def name(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return names.get(number, match.group(0))

    named = []
    for message in violations:
        said = _violation_named(message, names) if isinstance(message, Violation) else None
        if said is not None:
            named.append(said)
            continue
        message = re.sub(r"\b(\d+)-(\d+)\b", r"\1 and \2", message)
        message = re.sub(r"\[([\d, ]*)\]", r"\1", message)
        message = re.sub(r"^player (?=\d)|(?<=[a-z] )player (?=\d)", "", message)
        named.append(_NUMBERED.sub(name, message))
    return named


def _violations_explained(
    tournament: SwissTournament, plan: RoundPlan, violations: Sequence[str]
) -> list[str]:
    """`violations_named`, except that a board refused only because the two are teammates
    kept apart says so (the validator calls it a forbidden pair, and the event's own list of
    forbidden pairs may be empty)."""
    boards = {}
    for message in violations:
        found: tuple[object, ...] | None
        if isinstance(message, Violation):
            params = message.params
            found = (params["white"], params["black"]) if message.kind == "forbidden_pair" else None
        else:
            matched = _FORBIDDEN.match(message)
            found = matched.groups() if matched else None
        if found:
            white, black = (plan.by_number.get(int(str(n))) for n in found)
            if white is not None and black is not None:
                boards[message] = (white, black)
    teammates = teammates_board_refusals(
        tournament=tournament, plan=plan, pairs=list(boards.values())
    )
    names = {
        number: plan.state.participants[pid].display_name for pid, number in plan.numbers.items()
    }
    explained = []
    for message in violations:
        pair = boards.get(message)
        if pair is not None and pair in teammates:
            explained.append(teammates[pair])
        else:
            explained.extend(violations_named(violations=[message], names=names))
    return explained


def round_start_now(*, tournament: SwissTournament, user: User) -> SwissRound | None:
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("start a round"))
    if tournament.pairing_mode == PairingMode.MANUAL:
        raise ApplicationError(
            _(
                "This event is paired by hand: pair the round in the pairing editor "
                "(it offers the engine's proposal)."
            )
        )
    rnd = round_pair_next(tournament=tournament)
    if rnd is not None:  # the round stored: recorded after, in its own short transaction
        audit_record(
            tournament=tournament,
            actor=user,
            action="round.started",
            subject=f"round {rnd.number}",
            after={"round": rnd.number, "engine": rnd.engine},
        )
    return rnd


@transaction.atomic
def round_pair_manually(
    *,
    tournament: SwissTournament,
    user: User,
    boards: Sequence[tuple[int, int]],
    bye: int | None,
) -> SwissRound:
    """A leader's pairing for the next round, or a replacement for the current round while no
    board has a result. `boards` and `bye` are participant ids (entries with or without a
    user). Checked by the same validator as
    engine answers (no rematch, no forbidden pair, colour limits, one pairing bye)."""
    tournament = tournament_lock(tournament=tournament)
    team_leader_required(
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("pair rounds manually"),
    )
    current = SwissRound.objects.filter(
        tournament=tournament, number=tournament.current_round
    ).first()
    replaced: list[list[str]] | None = None
    if current is not None and current.status != RoundStatus.COMPLETE:
        if SwissPairing.objects.filter(round=current).exclude(result="").exists():
            raise ApplicationError(
                _("Round results are already being recorded: too late to re-pair.")
            )
        replaced = [
            [p.white.display_name, p.black.display_name]
            for p in SwissPairing.objects.filter(round=current)
            .select_related("white__user", "black__user")
            .order_by("board")
        ]
        current.delete()
        tournament.current_round -= 1
        tournament.save(update_fields=["current_round"])
    checkin_absent_pause(tournament=tournament)
    plan = round_plan(tournament=tournament)
    numbers = plan.numbers
    named = {u for pair in boards for u in pair} | ({bye} if bye else set())
    unknown = sorted(named - numbers.keys())
    if unknown:
        raise ApplicationError(
            _("Some players are not in this tournament."),
            extra={"fields": {"boards": [_("unknown entry ids: %(ids)s") % {"ids": unknown}]}},
        )
    if plan.active_count < 2:
        raise InvalidInput({"boards": [too_few_players(plan)]})
    engine_boards = tuple(Board(numbers[w], numbers[b]) for w, b in boards)
    bye_number = numbers[bye] if bye else None
    try:
        request = round_plan_request(tournament=tournament, plan=plan)
        validate_pairing(request, engine_boards, bye_number)
    except pairing_errors.InvalidPairing as exc:
        raise ApplicationError(
            _("This pairing breaks the rules."),
            extra={"fields": {"boards": _violations_explained(tournament, plan, exc.violations)}},
        ) from exc
    except pairing_errors.PairingRequestInvalid as exc:  # e.g. fewer than two players
        raise InvalidInput(
            {"boards": [_("Nothing to pair: %(reason)s.") % {"reason": exc}]}
        ) from exc
    stored = round_store(
        tournament=tournament,
        plan=plan,
        boards=engine_boards,
        bye=bye_number,
        engine="manual",
        manual=True,
    )
    names = {pid: plan.state.participants[pid].display_name for pid in plan.numbers}
    audit_record(
        tournament=tournament,
        actor=user,
        action="pairing.edited",
        subject=f"round {stored.number}",
        before={"boards": replaced} if replaced is not None else None,
        after={
            "boards": [[names[w], names[b]] for w, b in boards],
            "bye": names[bye] if bye else None,
        },
    )
    return stored
