"""Registered players: entries without a user, added by the event's leaders (over-the-board
events). One at a time or a CSV of many in one go: every row is checked first, and a file
with a bad row saves nothing (each bad row is named by its line number).

A member of the team who is a registered player claims the entry; a leader approves the claim,
or rejects it: a rejected claim is kept, for its claimant to see, until they dismiss it or claim
again. A leader may instead offer the entry to a member, who confirms or declines it. Either way
both sides agree, or nothing is linked: a linked entry's games move its user's rating and list
the event on their profile. Never once the event has finished. The entry keeps its games, byes
and points: only its user changes. A user holds at most one entry per event."""

from __future__ import annotations

import csv
import io
import logging
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import date

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.caps import players_over_cap
from arbiter.common.exceptions import (
    ApplicationError,
    Conflict,
    InvalidInput,
    NotFound,
    PermissionDenied,
)
from arbiter.common.text import NAME_PREDICATE, name_problem
from arbiter.teams.permissions import claimant_or_leader_required, team_leader_required
from arbiter.teams.read import team_is_member
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    ClaimStatus,
    EntryClaim,
    EventMode,
    LinkedVia,
    ParticipantStatus,
    PauseReason,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.selectors import entries_named
from arbiter.tournaments.services import entries
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.entries import (
    _entries_changed,
    _late_entries,
    _open_for_entries,
)
from arbiter.tournaments.services.entry_lookup import entry_of_event
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.ratings import ratings_recompute
from arbiter.tournaments.services.standings import standings_store
from arbiter.users.models import User

logger = logging.getLogger(__name__)

COLUMNS = ("name", "fide_id", "federation", "title", "birth_year", "sex", "rating", "rating_kind")
TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
RATING_KINDS = frozenset({"fide", "national", "arbiter"})
MAX_ROWS = 2000
# No column holds more than a few dozen characters; a longer field is a wrong file.
FIELD_MAX = 1000


@dataclass(frozen=True, slots=True)
class RegisteredPlayer:
    name: str
    fide_id: str = ""
    federation: str = ""
    title: str = ""
    birth_year: int | None = None
    sex: str = ""
    rating: int = 0
    rating_kind: str = "arbiter"


def _digits(text: str) -> bool:
    """ASCII digits only: `str.isdigit()` also takes superscripts ("²") and other scripts'
    digits ("١٢٣"), which neither `int()` nor a TRF file takes."""
    return text.isascii() and text.isdigit()


def _number(text: str, low: int, high: int, what: str, problems: dict[str, str]) -> int | None:
    if not text:
        return None
    if not _digits(text) or len(text) > 9 or not low <= int(text) <= high:
        problems[what] = _("must be a whole number from %(low)s to %(high)s") % {
            "low": low,
            "high": high,
        }
        return None
    return int(text)


def registered_player(
    values: Mapping[str, object],
) -> tuple[RegisteredPlayer | None, dict[str, str]]:
    """The checked player of one row (field -> text), or the problems by field (each what the
    field must be, in the reader's language: "line 3: sex must be m or w"). The API's row
    serializer has refused non-strings and control characters already; a CSV's fields are
    checked here (an uploaded file meets no serializer)."""
    text = {column: str(values.get(column) or "").strip() for column in COLUMNS}
    control = _("must not hold control characters")
    problems: dict[str, str] = {
        column: control
        for column, value in text.items()
        if any(unicodedata.category(c) == "Cc" for c in value)
    }
    name = " ".join(text["name"].split())
    if not name:
        problems["name"] = _("is required")
    elif len(name) > 33:
        problems["name"] = _("is longer than 33 characters (the TRF name field)")
    elif name_problem(name) is not None:
        problems.setdefault("name", _(NAME_PREDICATE))
    if text["fide_id"] and (not _digits(text["fide_id"]) or len(text["fide_id"]) > 11):
        problems["fide_id"] = _("must be digits only, at most 11")
    federation = text["federation"].upper()
    if federation and (len(federation) != 3 or not (federation.isascii() and federation.isalpha())):
        problems["federation"] = _("must be a 3-letter FIDE code such as NOR")
    title = text["title"].upper()
    if title and title not in TITLES:
        problems["title"] = _("must be one of %(titles)s") % {"titles": ", ".join(sorted(TITLES))}
    birth_year = _number(text["birth_year"], 1900, date.today().year, "birth_year", problems)
    sex = text["sex"].lower()
    if sex not in ("", "m", "w"):
        problems["sex"] = _("must be m or w")
    rating = _number(text["rating"], 0, 3500, "rating", problems)
    kind = text["rating_kind"].lower() or "arbiter"
    if kind not in RATING_KINDS:
        problems["rating_kind"] = _("must be fide, national or arbiter")
    if problems:
        return None, problems
    player = RegisteredPlayer(
        name, text["fide_id"], federation, title, birth_year, sex, rating or 0, kind
    )
    return player, {}


def players_from_csv(text: str) -> list[RegisteredPlayer]:
    """Players of a CSV with a header line naming the columns (any order; `name` required,
    the others optional). InvalidInput lists every bad row by its line number."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [(field or "").strip().lower() for field in reader.fieldnames or []]
    if "name" not in header:
        raise InvalidInput({"csv": [_("line 1 must be a header naming the columns, with name")]})
    unknown = [field for field in header if field not in COLUMNS]
    if unknown:
        raise InvalidInput(
            {
                "csv": [
                    _("line 1: unknown column %(column)s; columns: %(columns)s")
                    % {"column": repr(unknown[0]), "columns": ", ".join(COLUMNS)}
                ]
            }
        )
    reader.fieldnames = header
    players: list[RegisteredPlayer] = []
    errors: list[str] = []
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as error:  # a field over the csv module's own limit (128 KiB)
            too_long = "field limit" in str(error)
            # line_num counts the lines read before the one that failed
            where = reader.line_num + 1
            if too_long:
                problem = _("line %(line)s: a field is longer than %(limit)s characters") % {
                    "line": where,
                    "limit": FIELD_MAX,
                }
            else:  # the csv module's own words
                problem = _("line %(line)s: %(error)s") % {"line": where, "error": error}
            raise InvalidInput({"csv": [problem]}) from None
        line = reader.line_num
        if None in row:
            errors.append(_("line %(line)s: more fields than the header names") % {"line": line})
            continue
        if any(len(value or "") > FIELD_MAX for value in row.values()):
            errors.append(
                _("line %(line)s: a field is longer than %(limit)s characters")
                % {"line": line, "limit": FIELD_MAX}
            )
            continue
        player, problems = registered_player(row)
        if player is None:
            errors += [
                _("line %(line)s: %(field)s %(problem)s")
                % {"line": line, "field": field, "problem": message}
                for field, message in problems.items()
            ]
        else:
            players.append(player)
        if len(players) + len(errors) > MAX_ROWS:
            raise InvalidInput({"csv": [_("more than %(count)s rows") % {"count": MAX_ROWS}]})
    if errors:
        raise InvalidInput({"csv": errors})
    if not players:
        raise InvalidInput({"csv": [_("no player rows after the header")]})
    return players


def _over_the_board(tournament: SwissTournament, field: str) -> None:
    if tournament.mode != EventMode.OTB:
        raise InvalidInput(
            {
                field: [
                    _(
                        "Players without an account can enter over-the-board events only "
                        "(this event is played online, and online games need an account)."
                    )
                ]
            }
        )


@transaction.atomic
def registered_entries_add(
    *,
    tournament: SwissTournament,
    leader: User,
    players: Sequence[RegisteredPlayer],
    field: str = "players",
) -> list[SwissParticipant]:
    """Enter the players (all or none); late entries get the usual half-point/zero byes.
    An online event refuses them (a 400 on `field`, the input that named them)."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("add registered players"),
    )
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    _over_the_board(tournament, field)
    held = SwissParticipant.objects.filter(tournament=tournament).count()
    if held + len(players) > settings.MAX_EVENT_PLAYERS:
        count = _("%(held)s players + %(new)s new") % {"held": held, "new": len(players)}
        raise InvalidInput({field: [players_over_cap(count)]})
    entries = [
        SwissParticipant(
            tournament=tournament,
            user=None,
            name=p.name,
            fide_id=p.fide_id,
            federation=p.federation,
            title=p.title,
            birth_year=p.birth_year,
            sex=p.sex,
            rating=p.rating,
            rating_kind=p.rating_kind,
            joined_after_round=tournament.current_round,
        )
        for p in players
    ]
    created = SwissParticipant.objects.bulk_create(entries)
    audit_record(
        tournament=tournament,
        actor=leader,
        action="registered.added",
        subject=", ".join(p.name for p in players),
        after={"players": [asdict(p) for p in players]},
    )
    if tournament.current_round:
        for participant in created:
            _late_entries(tournament, participant)
        standings_store(tournament=tournament)
        effects.live_push(tournament_id=tournament.id)
    logger.info("tournament %s: %s registered players added", tournament.id, len(created))
    return created


def registered_entries_from_csv(
    *, tournament: SwissTournament, leader: User, text: str
) -> list[SwissParticipant]:
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("add registered players"),
    )
    _over_the_board(tournament, "csv")  # before the rows: their problems would not matter
    return registered_entries_add(
        tournament=tournament, leader=leader, players=players_from_csv(text), field="csv"
    )


def _registered_entry(tournament: SwissTournament, entry_id: int) -> SwissParticipant:
    return entry_of_event(tournament=tournament, entry_id=entry_id)


def _entry_of(tournament: SwissTournament, user: User) -> SwissParticipant | None:
    return SwissParticipant.objects.filter(tournament=tournament, user=user).first()


def _linkable(tournament: SwissTournament, entry: SwissParticipant, user: User, field: str) -> None:
    """Whether `user` may become the entry's player: the event is open (a finished event's
    record is never rewritten), the entry has no user yet, the user none in this event."""
    if tournament.status == TournamentStatus.CANCELLED:
        raise ApplicationError(_("This tournament was cancelled."))
    if tournament.status == TournamentStatus.FINISHED:
        raise Conflict(_("This tournament has finished: its entries keep the players they had."))
    if entry.user_id is not None:
        raise ApplicationError(
            _("%(name)s is already linked to a user.") % {"name": entry.name}
            if entry.name
            else _("This entry is already linked to a user.")
        )
    held = _entry_of(tournament, user)
    if held is not None:
        raise InvalidInput(
            {
                field: [
                    _("%(username)s already plays in this event (as %(name)s).")
                    % {"username": user.username, "name": held.display_name}
                ]
            }
        )


def _not_a_member(tournament: SwissTournament, user: User) -> str | None:
    if team_is_member(team=tournament.team, user=user):
        return None
    return _("%(username)s is not a member of %(team)s: only its members play.") % {
        "username": user.username,
        "team": tournament.team.name,
    }


def _link(
    tournament: SwissTournament, entry: SwissParticipant, user: User, via: LinkedVia
) -> SwissParticipant:
    """The entry becomes the user's (both sides agreed): every pending claim or offer on the
    entry, and the user's other ones in the event, are then closed."""
    entry.user, entry.linked_via = user, via
    entry.full_clean()  # UniqueConstraint(tournament, user): one entry per user
    entry.save(update_fields=["user", "linked_via"])
    EntryClaim.objects.filter(participant__tournament=tournament).filter(
        Q(participant=entry) | Q(user=user)
    ).delete()
    if tournament.current_round:
        effects.live_push(tournament_id=tournament.id)  # the entry is shown by username now
    logger.info(
        "tournament %s: entry %s linked to %s (%s)", tournament.id, entry.id, user.username, via
    )
    return entry


@transaction.atomic
def entry_claim_create(*, tournament: SwissTournament, user: User, entry_id: int) -> EntryClaim:
    """A member of the team asks to be linked to a registered entry (an arbiter decides).
    Claiming again an entry whose claim was rejected makes that claim wait again (one claim per
    user and entry); a new claim also clears the user's other rejected claims in the event,
    whose decline they were shown next to the claim form."""
    tournament = tournament_lock(tournament=tournament)
    entry = _registered_entry(tournament, entry_id)
    _linkable(tournament, entry, user, "entry")
    if (problem := _not_a_member(tournament, user)) is not None:
        raise PermissionDenied(problem)
    claim = EntryClaim.objects.filter(participant=entry, user=user).first()
    if claim is not None and claim.status == ClaimStatus.WAITING:
        raise ApplicationError(_("You have already claimed this entry."))
    if claim is not None and claim.status == ClaimStatus.OFFERED:
        raise Conflict(_("A leader has offered you this entry: confirm the offer instead."))
    if claim is None:
        claim = EntryClaim(participant=entry, user=user)
    else:  # rejected: asked again, it queues as a new request
        claim.status, claim.decided_at, claim.created_at = ClaimStatus.WAITING, None, timezone.now()
    claim.full_clean()
    claim.save()
    EntryClaim.objects.filter(
        participant__tournament=tournament, user=user, status=ClaimStatus.REJECTED
    ).delete()
    logger.info("tournament %s: %s claims entry %s", tournament.id, user.username, entry.id)
    return claim


@transaction.atomic
def entry_link_offer(
    *, tournament: SwissTournament, leader: User, entry_id: int, user: User
) -> EntryClaim:
    """A leader offers a registered entry to a member of the team. Nothing is linked until
    that user confirms (`entry_claim_approve`): a leader alone cannot give anyone a player's
    games, points and rating changes. A user who claimed the entry already is approved."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("link entries to users"),
    )
    tournament = tournament_lock(tournament=tournament)
    entry = _registered_entry(tournament, entry_id)
    _linkable(tournament, entry, user, "username")
    if (problem := _not_a_member(tournament, user)) is not None:
        raise InvalidInput({"username": [problem]})
    claim = EntryClaim.objects.filter(participant=entry, user=user).first()
    if claim is not None and claim.status == ClaimStatus.WAITING:
        raise Conflict(
            _("%(username)s has claimed this entry: approve the claim instead.")
            % {"username": user.username}
        )
    if claim is not None and claim.status == ClaimStatus.OFFERED:
        raise Conflict(
            _("This entry is already offered to %(username)s.") % {"username": user.username}
        )
    if claim is None:
        claim = EntryClaim(participant=entry, user=user)
    claim.status, claim.decided_at, claim.created_at = ClaimStatus.OFFERED, None, timezone.now()
    claim.full_clean()
    claim.save()
    audit_record(
        tournament=tournament,
        actor=leader,
        action="link.offered",
        subject=entry.display_name,
        after={"offered_to": user.username},
    )
    logger.info("tournament %s: entry %s offered to %s", tournament.id, entry.id, user.username)
    return claim


@transaction.atomic
def entry_claim_approve(
    *, tournament: SwissTournament, user: User, claim_id: int
) -> SwissParticipant:
    """The second side agrees: a leader approves a user's waiting claim, or the user confirms
    a leader's offer. Checked again then: the event still open, the user still a member."""
    tournament = tournament_lock(tournament=tournament)
    claim = (
        EntryClaim.objects.select_related("user", "participant")
        .filter(participant__tournament=tournament, id=claim_id)
        .first()
    )
    if claim is None:
        raise NotFound(_("No such claim."))
    if claim.status == ClaimStatus.OFFERED:
        if claim.user_id != user.id:
            raise PermissionDenied(
                _("Only %(username)s can confirm this offer.") % {"username": claim.user.username}
            )
        via = LinkedVia.OFFER
    else:
        team_leader_required(
            team_id=tournament.team_id,
            user=user,
            # Translators: completes "Only the team's leaders can …".
            action=gettext("approve claims"),
        )
        if claim.status == ClaimStatus.REJECTED:
            raise ApplicationError(
                _(
                    "This claim was rejected; offer %(name)s to %(username)s, or they may claim "
                    "it again."
                )
                % {"name": claim.participant.name, "username": claim.user.username}
                if claim.participant.name
                else _(
                    "This claim was rejected; offer the entry to %(username)s, or they may claim "
                    "it again."
                )
                % {"username": claim.user.username}
            )
        via = LinkedVia.CLAIM
    _linkable(tournament, claim.participant, claim.user, "claim")
    if (problem := _not_a_member(tournament, claim.user)) is not None:
        raise InvalidInput({"claim": [problem]})
    if via == LinkedVia.CLAIM:
        audit_record(
            tournament=tournament,
            actor=user,
            action="claim.approved",
            subject=claim.participant.display_name,
            before={"user": None},
            after={"user": claim.user.username},
        )
    return _link(tournament, claim.participant, claim.user, via)


@transaction.atomic
def entry_claim_remove(*, tournament: SwissTournament, user: User, claim_id: int) -> None:
    """Its user deletes a claim (withdrawing a waiting one, dismissing a rejected one, or
    declining an offer); a leader withdraws an offer, or rejects a waiting claim, which is kept
    as rejected for the claimant to see."""
    claim = EntryClaim.objects.filter(participant__tournament=tournament, id=claim_id).first()
    if claim is None:
        raise NotFound(_("No such claim."))
    claimant_or_leader_required(
        claimant_id=claim.user_id,
        team_id=tournament.team_id,
        user=user,
        # Translators: completes "Only the team's leaders or the claimant can …".
        action=gettext("remove a claim"),
    )
    if claim.user_id == user.id:
        claim.delete()
        return
    if claim.status == ClaimStatus.OFFERED:
        claim.delete()
        return
    if claim.status == ClaimStatus.REJECTED:
        raise ApplicationError(_("This claim was already rejected."))
    claim.status, claim.decided_at = ClaimStatus.REJECTED, timezone.now()
    claim.full_clean()
    claim.save(update_fields=["status", "decided_at"])
    audit_record(
        tournament=tournament,
        actor=user,
        action="claim.rejected",
        subject=claim.participant.display_name,
        after={"claimant": claim.user.username},
    )
    logger.info("tournament %s: claim %s rejected by %s", tournament.id, claim.id, user.username)


@transaction.atomic
def entry_links_unconsented_undo(*, entry_ids: Sequence[int]) -> list[SwissParticipant]:
    """Unlink entries a leader linked before consent was recorded (`linked_via` blank): each
    becomes a registered player again, and if a rated event was among them every rating is
    rebuilt from the boards (the user's games in it no longer count). Other entries are left
    alone."""
    entries = list(
        SwissParticipant.objects.select_for_update()
        .filter(id__in=entry_ids, user__isnull=False, linked_via="")
        .exclude(name="")
        .select_related("tournament")
    )
    for entry in entries:
        logger.warning(
            "tournament %s: entry %s unlinked from user %s (linked without consent)",
            entry.tournament_id,
            entry.id,
            entry.user_id,
        )
        entry.user = None
        entry.save(update_fields=["user"])
    if any(entry.tournament.rated for entry in entries):
        ratings_recompute()
    for tournament_id in {entry.tournament_id for entry in entries}:
        effects.live_push(tournament_id=tournament_id)
    return entries


def player_status_set(
    *, tournament: SwissTournament, leader: User, name: str, playing: bool
) -> SwissParticipant | None:
    """A leader withdraws or reinstates the player `name` names: a user by username, else a
    registered entry (no user) by its name. None: the entry was removed (before the start)."""
    # Translators: completes "Only the team's leaders can …".
    action = gettext("reinstate a player") if playing else gettext("withdraw a player")
    team_leader_required(team_id=tournament.team_id, user=leader, action=action)
    user = User.objects.filter(username__iexact=name).first()
    if user is None:
        found = [e for e in entries_named(tournament=tournament, name=name) if not e.user]
        if len(found) == 1:
            return registered_entry_status_set(
                tournament=tournament, leader=leader, entry_id=found[0].id, playing=playing
            )
        raise NotFound(_("No user named %(name)s.") % {"name": repr(name)})
    if playing:
        return entries.tournament_rejoin(tournament=tournament, user=user, by=leader)
    return entries.tournament_withdraw(tournament=tournament, user=user, by=leader)


def registered_entries_adder_check(*, tournament: SwissTournament, leader: User) -> None:
    """Asked before the rows are read: a stranger learns nothing from their problems."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("add registered players"),
    )


@transaction.atomic
def registered_entry_status_set(
    *, tournament: SwissTournament, leader: User, entry_id: int, playing: bool
) -> SwissParticipant | None:
    """A leader withdraws a registered player (before the start the entry goes: None; after
    it the entry is paused, zero-point byes) or reinstates one. Users withdraw themselves, or
    are withdrawn by a leader, through `entries`; a registered player has no user to ask."""
    team_leader_required(
        team_id=tournament.team_id,
        user=leader,
        # Translators: completes "Only the team's leaders can …".
        action=gettext("withdraw or reinstate players"),
    )
    tournament = tournament_lock(tournament=tournament)
    _open_for_entries(tournament)
    entry = _registered_entry(tournament, entry_id)
    wanted = ParticipantStatus.ACTIVE if playing else ParticipantStatus.PAUSED
    if entry.status == ParticipantStatus.DISQUALIFIED:
        raise ApplicationError(
            _("%(name)s is disqualified from this event.") % {"name": entry.display_name}
        )
    if not playing and tournament.status == TournamentStatus.SCHEDULED:
        audit_record(
            tournament=tournament,
            actor=leader,
            action="player.removed",
            subject=entry.display_name,
            before={"status": entry.status},
        )
        entry.delete()
        _entries_changed(tournament)
        logger.info("tournament %s: registered entry %s removed", tournament.id, entry_id)
        return None
    if entry.status == wanted:
        raise ApplicationError(
            (_("%(name)s is already playing.") if playing else _("%(name)s is already withdrawn."))
            % {"name": entry.display_name}
        )
    entries.status_audit(tournament=tournament, by=leader, participant=entry, status=wanted)
    entry.status = wanted
    entry.pause_reason = PauseReason.NONE if playing else PauseReason.ARBITER
    entry.save(update_fields=["status", "pause_reason"])
    _entries_changed(tournament)
    logger.info("tournament %s: registered entry %s is %s", tournament.id, entry_id, wanted)
    return entry
