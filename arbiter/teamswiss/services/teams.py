"""Teams: register, edit the squad, withdraw.

An account is on a squad only with its user's agreement (`services/invitations.py`): a
caller listing their own account plays at once; any other account listed becomes an
invitation, a line without an account until that user accepts it. Accounts' names and
ratings come from the accounts (`account_name`, `account_rating`), never from a captain."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from arbiter.common.caps import SQUAD_MAX, players_over_cap, teams_over_cap
from arbiter.common.exceptions import ApplicationError, Conflict, InvalidInput
from arbiter.common.throttling import user_throttle
from arbiter.teams.permissions import captain_or_leader_required
from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissTeam
from arbiter.teamswiss.read.selectors import account_name, account_rating
from arbiter.teamswiss.services.entry_rules import entry_rules_set, squad_entry_rules_check
from arbiter.teamswiss.services.locking import event_locked, version_bump
from arbiter.teamswiss.services.permissions import team_register_required
from arbiter.users.models import User


def _account_fields(index: int, username: str) -> str:
    """The refusal of a name or rating given for an account's line."""
    message = _(
        "%(index)s: %(username)s's name and rating come from the account (its username and its "
        "classical rating), not from the squad: leave the name and rating out."
    )
    return message % {"index": index, "username": username}


@dataclass(frozen=True)
class SquadEntry:
    """One squad line as the caller gives it: an existing player (`id`, whose name and rating
    stay unless given; an account's never change here), or a new one with an account (`user`:
    the caller's own plays, another is invited) or a name only (with a rating)."""

    id: int | None = None
    user: User | None = None
    name: str = ""
    rating: int | None = None
    rating_given: bool = False


def _squad_checked(
    event: TeamSwissEvent, squad: list[SquadEntry], team: TeamSwissTeam | None
) -> None:
    if len(squad) < event.boards:
        # The English singular keeps the wording the API always gave ("at least 1 players").
        message = ngettext(
            "A squad has at least %(count)s players (one per board).",
            "A squad has at least %(count)s players (one per board).",
            event.boards,
        )
        raise InvalidInput({"players": [message % {"count": event.boards}]})
    if len(squad) > SQUAD_MAX:
        message = ngettext(
            "A squad has at most %(count)s player.",
            "A squad has at most %(count)s players.",
            SQUAD_MAX,
        )
        raise InvalidInput({"players": [message % {"count": SQUAD_MAX}]})
    users = [entry.user.pk for entry in squad if entry.user is not None]
    if len(set(users)) != len(users):
        raise InvalidInput({"players": [_("A player is listed twice.")]})
    taken = TeamSwissPlayer.objects.filter(event=event, user_id__in=users)
    if team is not None:
        taken = taken.exclude(team=team)
    clash = taken.select_related("user", "team").first()
    if clash is not None:
        message = _("%(username)s already plays for %(team)s.")
        raise InvalidInput(
            {"players": [message % {"username": clash.user.username, "team": clash.team.name}]}  # type: ignore[union-attr]
        )
    for index, entry in enumerate(squad, 1):
        if entry.id is None and entry.user is None and not entry.name.strip():
            message = _("%(index)s: give a username or a name.")
            raise InvalidInput({"players": [message % {"index": index}]})
        if entry.user is not None and (entry.name.strip() or entry.rating is not None):
            raise InvalidInput({"players": [_account_fields(index, entry.user.username)]})
        if entry.id is None and entry.user is None and entry_rules_set(event):
            # The rules are checked against an account: a new line without one would play
            # unchecked.
            message = _(
                "%(index)s: this event sets entry rules, checked against each player's "
                "account: give a username."
            )
            raise InvalidInput({"players": [message % {"index": index}]})
    # Every new line's account, the caller's own or one invited: refused now rather than at
    # the acceptance, which checks again (`squad_invitation_accept`).
    squad_entry_rules_check(
        event=event, users=[e.user for e in squad if e.id is None and e.user is not None]
    )


def _account_fields_kept(index: int, player: TeamSwissPlayer, entry: SquadEntry) -> None:
    """A line with an account, or inviting one, keeps the account's name and rating: a value
    sent back unchanged is taken, another is refused."""
    account = player.user or player.invited
    if account is None:
        return
    renamed = bool(entry.name.strip()) and entry.name.strip() != player.name
    rerated = entry.rating_given and entry.rating != player.rating
    if renamed or rerated:
        raise InvalidInput({"players": [_account_fields(index, account.username)]})


def _team_named(name: str) -> str:
    return _("A team named %(name)s is registered already.") % {"name": repr(name)}


def _players_capped(event: TeamSwissEvent, *, leaving: int, new: int) -> None:
    """The event's players after the change, against ARBITER_MAX_EVENT_PLAYERS."""
    held = TeamSwissPlayer.objects.filter(event=event).count() - leaving
    if new and held + new > settings.MAX_EVENT_PLAYERS:
        raise InvalidInput({"players": [players_over_cap(f"{held} players + {new} new")]})


def _player_saved(player: TeamSwissPlayer) -> None:
    player.full_clean(validate_constraints=False)
    player.save()


def _new_player(team: TeamSwissTeam, order: int, entry: SquadEntry, actor: User) -> TeamSwissPlayer:
    player = TeamSwissPlayer(
        team=team, event=team.event, order=order, name=entry.name.strip(), rating=entry.rating
    )
    account = entry.user
    if account is not None:
        player.name, player.rating = account_name(account), account_rating(account)
        if account.pk == actor.pk:  # listing oneself is agreeing
            player.user, player.confirmed_at = account, timezone.now()
        else:
            player.invited, player.invited_by, player.invited_at = account, actor, timezone.now()
    _player_saved(player)
    return player


@transaction.atomic
def team_register(
    *, event: TeamSwissEvent, user: User, name: str, captain: User, squad: list[SquadEntry]
) -> TeamSwissTeam:
    """A host leader registers any team; another user a team they captain themselves, before
    round 1 is paired."""
    user_throttle(scope="join", user_id=user.id)  # with the individual joins, one allowance
    event = event_locked(event=event)
    team_register_required(event=event, captain_id=captain.pk, user=user)
    if event.status == TeamSwissEvent.Status.FINISHED:
        raise Conflict(_("The event has finished."))
    if any(entry.id is not None for entry in squad):
        raise InvalidInput({"players": [_("A new team's players have no id yet.")]})
    if event.teams.filter(name=name).exists():
        raise InvalidInput({"name": [_team_named(name)]})
    _squad_checked(event, squad, None)
    teams = event.teams.count()
    if teams + 1 > settings.MAX_EVENT_TEAMS:
        raise InvalidInput({"non_field_errors": [teams_over_cap(f"{teams} teams + 1 new")]})
    _players_capped(event, leaving=0, new=len(squad))
    tpn = (event.teams.aggregate(top=Max("tpn"))["top"] or 0) + 1
    team = TeamSwissTeam(event=event, tpn=tpn, name=name, captain=captain)
    team.full_clean()
    team.save()
    for order, entry in enumerate(squad, 1):
        _new_player(team, order, entry, user)
    version_bump(event=event)
    return team


@transaction.atomic
def team_update(
    *, team: TeamSwissTeam, user: User, name: str, squad: list[SquadEntry]
) -> TeamSwissTeam:
    """Rename the team and set its squad. Before round 1 the squad is replaced as given. Once
    a round is paired, the players stay, in their order, and new ones (reserves) follow them;
    the name and rating of a player without an account may still be corrected."""
    captain_or_leader_required(
        captain_id=team.captain_id,
        host_id=team.event.host_id,
        user=user,
        # Translators: completes "Only the team's captain or the event's arbiters can …".
        action=gettext("edit the team"),
    )
    event = event_locked(event=team.event)
    team = TeamSwissTeam.objects.get(id=team.id)
    if event.status == TeamSwissEvent.Status.FINISHED:
        raise Conflict(_("The event has finished."))
    if event.teams.filter(name=name).exclude(id=team.id).exists():
        raise InvalidInput({"name": [_team_named(name)]})
    current = list(team.players.select_related("user", "invited").order_by("order"))
    by_id = {player.id: player for player in current}
    unknown = [entry.id for entry in squad if entry.id is not None and entry.id not in by_id]
    if unknown:
        message = _("Player %(player)s is not in this squad.")
        raise InvalidInput({"players": [message % {"player": unknown[0]}]})
    ids = [entry.id for entry in squad if entry.id is not None]
    if len(set(ids)) != len(ids):
        raise InvalidInput({"players": [_("A player is listed twice.")]})
    if event.rounds.exists() and ids != [p.id for p in current]:
        message = _(
            "Once a round is paired the squad keeps every player in its order: list "
            "them first, in order, then any new reserves."
        )
        raise InvalidInput({"players": [message]})
    # An existing player keeps their account (or invitation); a new entry naming a squad
    # member's account is a duplicate, not a move.
    kept_users = {by_id[i].user_id or by_id[i].invited_id for i in ids} - {None}
    if any(
        entry.id is None and entry.user is not None and entry.user.pk in kept_users
        for entry in squad
    ):
        raise InvalidInput({"players": [_("A player is listed twice.")]})
    for index, entry in enumerate(squad, 1):
        if entry.id is not None:
            if entry.user is not None:
                message = _("%(index)s: a listed player keeps their account; add a new line.")
                raise InvalidInput({"players": [message % {"index": index}]})
            _account_fields_kept(index, by_id[entry.id], entry)
    _squad_checked(event, squad, team)
    dropped = [p for p in current if p.id not in set(ids)]
    _players_capped(event, leaving=len(dropped), new=sum(entry.id is None for entry in squad))

    team.name = name
    team.full_clean()
    team.save()
    try:
        TeamSwissPlayer.objects.filter(id__in=[p.id for p in dropped]).delete()
    except IntegrityError as exc:  # pragma: no cover - no boards exist before round 1
        raise ApplicationError(_("A player who has played cannot leave the squad.")) from exc
    team.players.update(order=F("order") + 1000)  # free the orders for the new ones
    for order, entry in enumerate(squad, 1):
        if entry.id is None:
            _new_player(team, order, entry, user)
            continue
        player = by_id[entry.id]
        player.order = order
        if entry.name.strip():
            player.name = entry.name.strip()
        if entry.rating_given:
            player.rating = entry.rating
        _player_saved(player)
    version_bump(event=event)
    return team


@transaction.atomic
def team_withdraw(*, team: TeamSwissTeam, user: User) -> TeamSwissTeam:
    """Not paired from the next round on (a match already paired is still played or decided
    by the arbiter)."""
    captain_or_leader_required(
        captain_id=team.captain_id,
        host_id=team.event.host_id,
        user=user,
        # Translators: completes "Only the team's captain or the event's arbiters can …".
        action=gettext("withdraw the team"),
    )
    event = event_locked(event=team.event)
    team = TeamSwissTeam.objects.get(id=team.id)
    if event.status == TeamSwissEvent.Status.FINISHED:
        raise Conflict(_("The event has finished."))
    if team.status == TeamSwissTeam.Status.WITHDRAWN:
        raise Conflict(_("The team has withdrawn already."))
    team.status = TeamSwissTeam.Status.WITHDRAWN
    team.save(update_fields=["status"])
    version_bump(event=event)
    return team
