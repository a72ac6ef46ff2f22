from django.contrib.auth.models import AnonymousUser
from django.db.models import Case, Count, IntegerField, QuerySet, Value, When
from django.db.models.functions import Lower

from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.users.models import User

AnyUser = User | AnonymousUser


def _with_member_count(teams: QuerySet[Team]) -> QuerySet[Team]:
    return teams.annotate(member_count=Count("memberships", distinct=True))


def team_list(
    *, search: str = "", mine: bool = False, user: AnyUser | None = None
) -> QuerySet[Team]:
    """Teams by name, with `member_count`. `search`: names containing it, ignoring case in any
    script (compared case-folded). `mine`: the user's teams only (none if anonymous)."""
    teams = Team.objects.all()
    if search:
        teams = teams.filter(name_folded__contains=search.casefold())
    if mine:
        if user is None or not user.is_authenticated:
            return _with_member_count(teams.none())
        # A subquery, not a join on memberships: a join would make member_count count only
        # the caller's own membership.
        teams = teams.filter(id__in=Membership.objects.filter(user=user).values("team_id"))
    return _with_member_count(teams).order_by(Lower("name"), "id")


def team_get_by_slug(*, slug: str) -> Team | None:
    """The team with this slug, with `member_count`, or None."""
    return _with_member_count(Team.objects.filter(slug=slug)).first()


def team_get_by_slug_or_name(*, value: str) -> Team | None:
    """The team with this slug, else the one with this name in any case (names are unique
    whatever the case): a leader who types a team's name, as it shows, finds it."""
    value = value.strip()
    if not value:
        return None
    return (
        Team.objects.filter(slug=value).first()
        or Team.objects.filter(name_folded=value.casefold()).first()
    )


def team_is_member(*, team: Team, user: AnyUser) -> bool:
    """True when the user belongs to the team, whatever the role. False for anonymous users."""
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(team=team, user=user).exists()


def team_is_leader(*, team: Team, user: AnyUser) -> bool:
    """True when the user leads the team. False for anonymous users."""
    return team_id_is_leader(team_id=team.id, user=user)


def team_id_is_leader(*, team_id: int, user: AnyUser) -> bool:
    """`team_is_leader` for callers holding only the team's id (one query, not two)."""
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(
        team_id=team_id, user=user, role=Membership.Role.LEADER
    ).exists()


def user_leads_a_team(*, user: AnyUser) -> bool:
    """True when the user leads any team (the people who run events). False for anonymous
    users."""
    if not user.is_authenticated:
        return False
    return Membership.objects.filter(user=user, role=Membership.Role.LEADER).exists()


def team_leader_ids(*, team_id: int) -> list[int]:
    """User ids of the team's leaders."""
    return list(
        Membership.objects.filter(team_id=team_id, role=Membership.Role.LEADER).values_list(
            "user_id", flat=True
        )
    )


def team_role(*, team: Team, user: AnyUser) -> str | None:
    """The user's role in the team ("leader" or "member"), or None when not a member."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(team=team, user=user).values_list("role", flat=True).first()


def join_request_pending_get(*, team: Team, user: AnyUser) -> JoinRequest | None:
    """The user's pending request to join the team, or None (anonymous, none, or decided)."""
    if not user.is_authenticated:
        return None
    pending = JoinRequest.objects.filter(team=team, user=user, status=JoinRequest.Status.PENDING)
    return pending.select_related("user", "decided_by").first()


def membership_list(*, team: Team) -> QuerySet[Membership]:
    """Leaders first, then members, each group by seniority."""
    leaders_first = Case(
        When(role=Membership.Role.LEADER, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return (
        Membership.objects.filter(team=team)
        .select_related("user")
        .order_by(leaders_first, "joined_at", "id")
    )


def membership_get(*, team: Team, username: str) -> Membership | None:
    """The membership of the user with this username (any case) in the team, or None."""
    return (
        Membership.objects.select_related("team", "user")
        .filter(team=team, user__username__iexact=username)
        .first()
    )


def join_request_list(*, team: Team) -> QuerySet[JoinRequest]:
    """The team's pending join requests, oldest first."""
    return (
        JoinRequest.objects.filter(team=team, status=JoinRequest.Status.PENDING)
        .select_related("user", "decided_by")
        .order_by("created_at", "id")
    )


def join_request_get(*, team: Team, request_id: int) -> JoinRequest | None:
    """A join request of the team, whatever its status, or None."""
    return (
        JoinRequest.objects.select_related("team", "user", "decided_by")
        .filter(team=team, id=request_id)
        .first()
    )


def member_team_ids(*, user: AnyUser, team_ids: set[int]) -> set[int]:
    """Which of these teams the user belongs to (any role); none for anonymous users."""
    if not user.is_authenticated:
        return set()
    return set(
        Membership.objects.filter(user=user, team_id__in=team_ids).values_list("team_id", flat=True)
    )
