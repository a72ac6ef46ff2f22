"""Team writes. Rules: docs/teams.md.

Every service that changes who belongs to a team, or with which role, first locks the team row
(`SELECT … FOR UPDATE`). That serialises them per team, so checks such as "is this the last
leader?" or "is there already a pending request?" cannot be raced past.
"""

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext
from unidecode import unidecode

from arbiter.common.exceptions import ApplicationError, InvalidInput, NotFound
from arbiter.common.services import model_update
from arbiter.teams.models import NAME_MAX_LENGTH, JoinRequest, Membership, Team
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import join_request_list
from arbiter.users.models import User

SLUG_ATTEMPTS = 3


def _team_lock(*, team: Team) -> Team:
    locked = Team.objects.select_for_update().filter(pk=team.pk).first()
    if locked is None:
        raise NotFound(gettext("No such team."))
    return locked


def _leader_count(*, team: Team) -> int:
    return Membership.objects.filter(team=team, role=Membership.Role.LEADER).count()


def _membership_reload(*, membership: Membership) -> Membership:
    """The membership as it is now, once the team is locked; it may have gone meanwhile."""
    current = Membership.objects.select_related("user", "team").filter(pk=membership.pk).first()
    if current is None:
        raise NotFound(gettext("This user is no longer a member of this team."))
    return current


def _team_slug_free(*, name: str) -> str:
    """slugify(name) transliterated to ASCII ("Шахматный клуб" -> "shakhmatnyi-klub", "王小明"
    -> "wang-xiao-ming"), or with the first free "-<n>" suffix when taken ("team" when nothing
    is left, e.g. a name of emoji)."""
    base = slugify(unidecode(name))[:NAME_MAX_LENGTH].strip("-") or "team"
    taken = set(Team.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def _join_request_settle(*, team: Team, user: User, decided_by: User | None) -> None:
    """Close the user's pending request, if any, once they are a member by another way."""
    JoinRequest.objects.filter(team=team, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.APPROVED, decided_by=decided_by, decided_at=timezone.now()
    )


@transaction.atomic
def team_create(
    *,
    user: User,
    name: str,
    description: str = "",
    join_policy: str = Team.JoinPolicy.OPEN,
) -> Team:
    """Create a team; its creator is its first leader."""
    team = Team(name=name, description=description, join_policy=join_policy)
    for attempt in range(1, SLUG_ATTEMPTS + 1):
        # Also enforced by the Lower(name) constraint; checked here to report it on `name`.
        if Team.objects.filter(name__iexact=name).exists():
            raise InvalidInput({"name": [gettext("A team with that name already exists.")]})
        team.slug = _team_slug_free(name=name)
        # Bad join_policy, too long… Uniqueness is left to the save: checked here, a team
        # committed an instant ago would come back as a non-field error, not on `name`.
        team.full_clean(validate_unique=False, validate_constraints=False)
        try:
            # A savepoint, so that losing a race for the same slug or name can be retried:
            # the retry reports the name clash, or picks a fresh slug.
            with transaction.atomic():
                team.save()
            break
        except IntegrityError as exc:
            if attempt == SLUG_ATTEMPTS:
                raise ApplicationError(
                    gettext("The team could not be created; try again.")
                ) from exc
    membership = Membership(team=team, user=user, role=Membership.Role.LEADER)
    membership.full_clean()
    membership.save()
    return team


@transaction.atomic
def team_update(
    *,
    team: Team,
    user: User,
    description: str | None = None,
    join_policy: str | None = None,
) -> Team:
    """Leaders change the description and the join policy. None leaves a field unchanged."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=user, action=gettext("edit the team"))
    data = {
        field: value
        for field, value in (("description", description), ("join_policy", join_policy))
        if value is not None
    }
    model_update(instance=team, fields=["description", "join_policy"], data=data)
    return team


@transaction.atomic
def team_join(*, team: Team, user: User, message: str = "") -> Membership | JoinRequest:
    """Join an open team (a Membership), or ask to join a by-request team (a pending JoinRequest).

    A team left without members is reclaimed: whoever joins it next becomes its leader,
    whatever the policy, since no leader is left to approve requests.
    """
    team = _team_lock(team=team)
    if Membership.objects.filter(team=team, user=user).exists():
        raise ApplicationError(gettext("You are already a member of this team."))

    is_empty = not Membership.objects.filter(team=team).exists()
    if is_empty or team.join_policy == Team.JoinPolicy.OPEN:
        role = Membership.Role.LEADER if is_empty else Membership.Role.MEMBER
        membership = Membership(team=team, user=user, role=role)
        membership.full_clean()
        membership.save()
        _join_request_settle(team=team, user=user, decided_by=None)
        return membership

    pending = JoinRequest.objects.filter(team=team, user=user, status=JoinRequest.Status.PENDING)
    if pending.exists():
        raise ApplicationError(gettext("You already have a pending request to join this team."))
    join_request = JoinRequest(team=team, user=user, message=message)
    join_request.full_clean()  # the conditional constraint backs the check above
    join_request.save()
    return join_request


@transaction.atomic
def team_leave(*, team: Team, user: User) -> None:
    """Leave a team. The last leader cannot leave while others remain; the last member can."""
    team = _team_lock(team=team)
    membership = Membership.objects.filter(team=team, user=user).first()
    if membership is None:
        raise ApplicationError(gettext("You are not a member of this team."))
    if membership.role == Membership.Role.LEADER and _leader_count(team=team) == 1:
        others = Membership.objects.filter(team=team).exclude(pk=membership.pk).exists()
        if others:
            raise ApplicationError(
                gettext(
                    "You are the last leader of this team: promote another member before leaving."
                )
            )
    membership.delete()


def join_requests_pending(*, team: Team, leader: User) -> QuerySet[JoinRequest]:
    """The team's pending join requests, for its leaders."""
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=leader, action=gettext("see join requests"))
    return join_request_list(team=team)


def _join_request_decide(
    *, join_request: JoinRequest, actor: User, status: JoinRequest.Status
) -> JoinRequest:
    team = _team_lock(team=join_request.team)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=actor, action=gettext("decide on join requests"))
    current = (
        JoinRequest.objects.select_for_update()
        .select_related("user", "team")
        .filter(pk=join_request.pk, team=team)
        .first()
    )
    if current is None:
        raise NotFound(gettext("No such join request."))
    if current.status != JoinRequest.Status.PENDING:
        if current.status == JoinRequest.Status.APPROVED:
            raise ApplicationError(gettext("This request is already approved."))
        raise ApplicationError(gettext("This request is already refused."))

    if status == JoinRequest.Status.APPROVED:
        membership = Membership(team=team, user=current.user, role=Membership.Role.MEMBER)
        membership.full_clean()
        membership.save()
    current.status = status
    current.decided_by = actor
    current.decided_at = timezone.now()
    current.full_clean()
    current.save(update_fields=["status", "decided_by", "decided_at"])
    return current


@transaction.atomic
def join_request_approve(*, join_request: JoinRequest, actor: User) -> JoinRequest:
    """A leader approves a pending request: the requester becomes a member."""
    return _join_request_decide(
        join_request=join_request, actor=actor, status=JoinRequest.Status.APPROVED
    )


@transaction.atomic
def join_request_refuse(*, join_request: JoinRequest, actor: User) -> JoinRequest:
    """A leader refuses a pending request. The user may ask again later."""
    return _join_request_decide(
        join_request=join_request, actor=actor, status=JoinRequest.Status.REFUSED
    )


@transaction.atomic
def membership_promote(*, membership: Membership, actor: User) -> Membership:
    """A leader makes a member a leader too."""
    team = _team_lock(team=membership.team)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=actor, action=gettext("promote members"))
    membership = _membership_reload(membership=membership)
    if membership.role == Membership.Role.LEADER:
        raise ApplicationError(
            gettext("%(username)s is already a leader.") % {"username": membership.user.username}
        )
    membership.role = Membership.Role.LEADER
    membership.full_clean()
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_demote(*, membership: Membership, actor: User) -> Membership:
    """A leader makes a leader (possibly themselves) a plain member; never the last leader."""
    team = _team_lock(team=membership.team)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=actor, action=gettext("demote leaders"))
    membership = _membership_reload(membership=membership)
    if membership.role != Membership.Role.LEADER:
        raise ApplicationError(
            gettext("%(username)s is not a leader.") % {"username": membership.user.username}
        )
    if _leader_count(team=team) == 1:
        raise ApplicationError(gettext("A team needs a leader: promote another member first."))
    membership.role = Membership.Role.MEMBER
    membership.full_clean()
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, actor: User) -> None:
    """A leader removes a member, or another leader as long as a leader remains.

    Removing yourself is leaving, with the rules of team_leave.
    """
    if membership.user_id == actor.pk:
        team_leave(team=membership.team, user=actor)
        return
    team = _team_lock(team=membership.team)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=team.id, user=actor, action=gettext("remove members"))
    # The actor is a leader and not the one removed, so the team keeps a leader.
    _membership_reload(membership=membership).delete()
