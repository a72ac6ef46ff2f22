"""The arbiter inside a game: a player's call, and the event's arbiters' actions on a running
game (pause and resume both clocks, add time to one side, take back the last move, set the
result) and on calls (close).

The game's arbiters are the leaders of its event's host team (`selectors.game_host_team_id`,
either kind of event). Each action locks the game row as a move does (`play._run`), counts
as a correction (`Game.corrections`, which orders the states the Board API's streams send),
sends `signals.game_arbitrated` in its transaction (the event's audit log) and, after commit,
pushes the new state and an `arbiter_action` event to the game's socket."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.audit_record import audit_subject
from arbiter.common.exceptions import Conflict, InvalidInput, NotFound
from arbiter.games import signals
from arbiter.games.live import effects
from arbiter.games.models import ArbiterCall, Game, GameStatus
from arbiter.games.read import selectors
from arbiter.games.rules import Ending, clock_running, colour_name
from arbiter.games.services.permissions import game_arbiter_required, game_player_required
from arbiter.games.services.play import MOVE_FIELDS, _end, _flag_at, _locked, _run, clock_stop
from arbiter.users.models import User

# An arbiter adds at least 1 s and at most 10 minutes at a time.
TIME_ADD_MAX_SECONDS = 600
ADJUDICATIONS = {"1-0": "white", "0-1": "black", "1/2-1/2": ""}
CORRECTION_FIELDS = [*MOVE_FIELDS, "paused_at", "corrections"]


def _subject(game: Game) -> str:
    place = selectors.game_place(game_id=game.id)
    white = selectors.username_get(user_id=game.white_id) if game.white_id else "?"
    black = selectors.username_get(user_id=game.black_id) if game.black_id else "?"
    return audit_subject(
        round_number=place.round,
        board=place.board,
        white=white,
        black=black,
        table=getattr(place, "table", None),
    )


def _audited(game: Game, actor: User, action: str, before: Any, after: Any) -> None:
    signals.game_arbitrated.send(
        sender=Game,
        game=game,
        actor=actor,
        action=action,
        subject=_subject(game),
        before=before,
        after=after,
    )


def _announce(game: Game, payload: dict[str, Any]) -> None:
    """The new state to every watcher, and what the arbiter did (for the players' notice)."""
    effects.game_changed(game=game)
    effects.arbiter_action_announce(game_id=game.id, payload=payload)


def _running(game: Game) -> None:
    if game.status != GameStatus.STARTED:
        message = _("The game is over (%(status)s): the arbiter cannot change it.")
        raise Conflict(message % {"status": game.status})


def _clocks(game: Game) -> dict[str, int]:
    return {"white_ms": game.white_ms, "black_ms": game.black_ms}


def _save(game: Game) -> None:
    game.corrections += 1
    game.save(update_fields=CORRECTION_FIELDS)


def game_pause(*, game_id: int, user: User) -> Game:
    """Stop both clocks (and the first-move deadline): no move and no flag until resumed."""
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=game_id, user=user, action=gettext("pause the clocks"))

    def action(game: Game, now: datetime) -> Game:
        _running(game)
        if game.paused_at is not None:
            raise Conflict(_("The game is paused already."))
        clock_stop(game=game, now=now)
        game.paused_at, game.flag_at = now, None
        _save(game)
        _audited(game, user, "game.paused", {"paused": False}, {"paused": True, **_clocks(game)})
        _announce(game, {"action": "paused", "text": "The arbiter paused the clocks."})
        return game

    return _run(action, game_id)


def game_resume(*, game_id: int, user: User) -> Game:
    """Restart the side to move's clock; before both first moves, the first-move time starts
    again in full (docs/games.md)."""
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=game_id, user=user, action=gettext("resume the clocks"))

    def action(game: Game, now: datetime) -> Game:
        _running(game)
        if game.paused_at is None:
            raise Conflict(_("The game is not paused."))
        game.paused_at, game.turn_started_at = None, now
        game.flag_at = _flag_at(game, now)
        _save(game)
        _audited(game, user, "game.resumed", {"paused": True}, {"paused": False, **_clocks(game)})
        _announce(game, {"action": "resumed", "text": "The arbiter resumed the clocks."})
        return game

    return _run(action, game_id)


def game_time_add(*, game_id: int, user: User, colour: str, seconds: int) -> Game:
    """Give `colour` `seconds` more on its clock."""
    if colour not in ("white", "black"):
        raise InvalidInput({"colour": [_("Must be white or black.")]})
    if not 1 <= seconds <= TIME_ADD_MAX_SECONDS:
        message = _("Must be from 1 to %(max)s.") % {"max": TIME_ADD_MAX_SECONDS}
        raise InvalidInput({"seconds": [message]})
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=game_id, user=user, action=gettext("add time"))

    def action(game: Game, now: datetime) -> Game:
        _running(game)
        before = _clocks(game)
        added = seconds * 1000
        if colour == "white":
            game.white_ms += added
        else:
            game.black_ms += added
        to_move = "white" if game.ply % 2 == 0 else "black"
        if game.paused_at is None and clock_running(game.ply) and colour == to_move:
            # The stored time is what was left when the turn started: the flag moves with it.
            left = game.white_ms if colour == "white" else game.black_ms
            game.flag_at = game.turn_started_at + timedelta(milliseconds=left)
        _save(game)
        _audited(
            game, user, "game.time_added", before, {**_clocks(game), "added": {colour: seconds}}
        )
        text = f"The arbiter gave {colour} {seconds} s more."
        _announce(
            game, {"action": "time_added", "colour": colour, "seconds": seconds, "text": text}
        )
        return game

    return _run(action, game_id)


def game_takeback(*, game_id: int, user: User) -> Game:
    """Take back the last move: its mover is to move again, with the increment that move
    earned taken back too; a draw offer lapses. Paused stays paused."""
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=game_id, user=user, action=gettext("take a move back"))

    def action(game: Game, now: datetime) -> Game:
        _running(game)
        moves = game.move_list
        if not moves:
            raise Conflict(_("There is no move to take back."))
        clock_stop(game=game, now=now)
        game.ply -= 1
        game.moves = " ".join(moves[:-1])
        if clock_running(game.ply):  # the move taken back had earned its increment
            if game.ply % 2 == 0:
                game.white_ms = max(0, game.white_ms - game.increment_ms)
            else:
                game.black_ms = max(0, game.black_ms - game.increment_ms)
        game.draw_offer = ""
        game.flag_at = None if game.paused_at is not None else _flag_at(game, now)
        _save(game)
        mover = colour_name(game.ply % 2 == 0)
        _audited(game, user, "game.takeback", {"move": moves[-1]}, {"ply": game.ply})
        text = f"The arbiter took back {mover}'s last move ({moves[-1]})."
        _announce(game, {"action": "takeback", "colour": mover, "move": moves[-1], "text": text})
        return game

    return _run(action, game_id)


def game_adjudicate(*, game_id: int, user: User, result: str, reason: str) -> Game:
    """End the game with `result` (1-0, 0-1, 1/2-1/2) for `reason`: the game's end, as any
    other, writes the board's result in the event (standings, ratings, pushes)."""
    if result not in ADJUDICATIONS:
        raise InvalidInput({"result": [_("Must be 1-0, 0-1 or 1/2-1/2.")]})
    reason = reason.strip()
    if not reason:
        raise InvalidInput({"reason": [_("Say why (it is shown to both players).")]})
    if len(reason) > 200:
        raise InvalidInput({"reason": [_("At most 200 characters.")]})
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=game_id, user=user, action=gettext("set the result"))

    def action(game: Game, now: datetime) -> Game:
        _running(game)
        _end(game, Ending(GameStatus.ADJUDICATED, ADJUDICATIONS[result]), now)
        _audited(
            game,
            user,
            "game.adjudicated",
            {"status": "started"},
            {"result": result, "reason": reason},
        )
        text = f"The arbiter set the result {result}: {reason}"
        payload = {"action": "adjudicated", "result": result, "reason": reason, "text": text}
        effects.arbiter_action_announce(game_id=game.id, payload=payload)
        return game

    return _run(action, game_id)


# --- calls --------------------------------------------------------------------------------


@transaction.atomic
def game_call_open(*, game_id: int, user: User, reason: str, text: str = "") -> ArbiterCall:
    """A player of a running game calls the event's arbiters: one open call each."""
    game = _locked(game_id)
    if game is None:
        raise NotFound(_("No such game."))
    game_player_required(game=game, user=user, action="call the arbiter")
    if game.status != GameStatus.STARTED:
        message = _("The game is over (%(status)s): the arbiter cannot be called to it.")
        raise Conflict(message % {"status": game.status})
    if reason not in ArbiterCall.Reason.values:
        choices = ", ".join(ArbiterCall.Reason.values)
        raise InvalidInput({"reason": [_("Must be one of: %(choices)s.") % {"choices": choices}]})
    text = text.strip()
    if len(text) > 200:
        raise InvalidInput({"text": [_("At most 200 characters.")]})
    if ArbiterCall.objects.filter(game=game, caller=user, status=ArbiterCall.Status.OPEN).exists():
        raise Conflict(_("You have already called the arbiter in this game: wait for an answer."))
    call = ArbiterCall(game=game, caller=user, reason=reason, text=text)
    call.full_clean(validate_constraints=False)  # the constraint is the database's (a race)
    try:
        with transaction.atomic():
            call.save()
    except IntegrityError:
        raise Conflict(_("You have already called the arbiter in this game.")) from None
    effects.arbiter_calls_changed(game_id=game.id, caller_id=user.id)
    return call


@transaction.atomic
def game_call_close(*, call_id: int, user: User) -> ArbiterCall:
    """An arbiter of the game's event closes a call (answered, or nothing to do)."""
    call = ArbiterCall.objects.select_for_update().filter(id=call_id).first()
    if call is None:
        raise NotFound(_("No such call."))
    # Translators: completes "Only the event's arbiters (its host team's leaders) can …".
    game_arbiter_required(game_id=call.game_id, user=user, action=gettext("close a call"))
    if call.status != ArbiterCall.Status.OPEN:
        raise Conflict(_("This call is closed already."))
    call.status, call.closed_at, call.closed_by = ArbiterCall.Status.CLOSED, timezone.now(), user
    call.save(update_fields=["status", "closed_at", "closed_by"])
    game = Game.objects.get(id=call.game_id)
    _audited(
        game,
        user,
        "call.closed",
        {"status": "open", "reason": call.reason, "text": call.text},
        {"status": "closed"},
    )
    effects.arbiter_calls_changed(game_id=game.id, caller_id=call.caller_id)
    return call
