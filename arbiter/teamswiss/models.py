"""Team Swiss events (FIDE C.04.6): the event, its teams and squads, rounds, matches,
line-ups and board games. `read.state` turns them into the engines' `TeamEvent`."""

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from arbiter.common.audit_record import AuditRecord
from arbiter.common.event_settings import (
    CLOCK_INCREMENT_MAX,
    DESCRIPTION_MAX,
    NAME_MAX,
    VENUE_MAX,
)
from arbiter.trf.team_event import PAB_MATCH_POINTS_DEFAULT

BOARDS_MAX = 12
ROUNDS_MAX = 20
# The rate of play: a base of up to ten hours (and up to three minutes a move, as an
# individual event's clock: `common.event_settings`).
CLOCK_MINUTES_MAX = 600
# The tie-break order of an event that names none (docs/team-swiss.md, "Default tie-breaks"):
# the other score, Buchholz cut 1, Buchholz, the Olympiad's Sonneborn-Berger. Each code reads
# the event's primary score, so the order fits match points first and game points first.
DEFAULT_TIEBREAKS: tuple[str, ...] = ("MPVGP", "BH/C1", "BH", "ESB/C1")


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def points_field(**kwargs: Any) -> models.DecimalField:
    """Match or game points: 0.0 to 999.9."""
    return models.DecimalField(max_digits=4, decimal_places=1, **kwargs)


class TeamSwissEvent(models.Model):
    class Status(models.TextChoices):
        CREATED = "created", _("Created")
        STARTED = "started", _("Started")
        FINISHED = "finished", _("Finished")

    class ColourModel(models.TextChoices):
        TYPEA = "typea", _("Type A")
        TYPEB = "typeb", _("Type B")
        NOCOLOR = "nocolor", _("No colour preferences")

    class PrimaryScore(models.TextChoices):
        MATCH_POINTS = "mp", _("Match points")
        GAME_POINTS = "gp", _("Game points")

    class Mode(models.TextChoices):
        OTB = "otb", _("Over the board")
        ONLINE = "online", _("Online")

    class InitialColour(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")

    host = models.ForeignKey(
        "teams.Team", on_delete=models.CASCADE, related_name="team_swiss_events"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    name = models.CharField(max_length=NAME_MAX)
    description = models.TextField(blank=True, max_length=DESCRIPTION_MAX)
    boards = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(BOARDS_MAX)]
    )
    num_rounds = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(ROUNDS_MAX)]
    )
    colour_model = models.CharField(
        max_length=8, choices=ColourModel.choices, default=ColourModel.TYPEA
    )
    primary_score = models.CharField(
        max_length=2, choices=PrimaryScore.choices, default=PrimaryScore.MATCH_POINTS
    )
    match_win = points_field(default=Decimal(2))
    match_draw = points_field(default=Decimal(1))
    match_loss = points_field(default=Decimal(0))
    game_win = points_field(default=Decimal(1))
    game_draw = points_field(default=Decimal("0.5"))
    game_loss = points_field(default=Decimal(0))
    # The pairing-allocated bye: its match points, and its game points (null: every board won);
    # `arbiter.trf.team_event.bye_score` reads them.
    pab_match_points = points_field(default=PAB_MATCH_POINTS_DEFAULT)
    pab_game_points = points_field(null=True, blank=True)
    tiebreaks = models.JSONField(default=default_tiebreaks, blank=True)
    initial_colour = models.CharField(
        max_length=5, choices=InitialColour.choices, default=InitialColour.WHITE
    )
    # Online: each board is a game on the server (the games app), on the clock below.
    mode = models.CharField(max_length=6, choices=Mode.choices, default=Mode.OTB)
    lineup_minutes = models.PositiveSmallIntegerField(
        default=10, validators=[MaxValueValidator(24 * 60)]
    )
    starts_at = models.DateTimeField(null=True, blank=True)
    # Fair-play entry rules (arbiter/ratings/entry_rules.py, the individual event's rule), for
    # every account on a squad: its age in days and its rated games at the event's speed
    # (`read.selectors.event_speed`); null: none.
    min_account_age_days = models.PositiveIntegerField(null=True, blank=True)
    min_rated_games = models.PositiveIntegerField(null=True, blank=True)
    # The FIDE data of the rating report (docs/rating-report.md, "Team events"), as the
    # individual event has it: the place (022), the organising federation (032), the chief
    # arbiter (102) and the deputies (112, a list of {"name", "fide_id"}), and the rate of
    # play (122/222), which the rating report reads the games' rating category from.
    venue = models.CharField(max_length=VENUE_MAX, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    chief_arbiter_name = models.CharField(max_length=60, blank=True)
    chief_arbiter_fide_id = models.CharField(max_length=11, blank=True)
    deputy_arbiters = models.JSONField(default=list, blank=True)
    clock_minutes = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(CLOCK_MINUTES_MAX)],
    )
    clock_increment = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(CLOCK_INCREMENT_MAX)]
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    # + 1 on every write that changes standings or pairings: the standings cache's key.
    version = models.PositiveIntegerField(default=0)
    # The pairing lease (arbiter/common/pairing_lease.py), as individual events have it: who
    # runs the event's pairing engine now, and until when unless refreshed.
    pairing_holder = models.CharField(max_length=64, blank=True)
    pairing_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class TeamSwissTeam(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    event = models.ForeignKey(TeamSwissEvent, on_delete=models.CASCADE, related_name="teams")
    tpn = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=80)
    captain = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.ACTIVE)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "tpn"]
        constraints = [
            models.UniqueConstraint(fields=["event", "tpn"], name="teamswiss_team_tpn_unique"),
            models.UniqueConstraint(fields=["event", "name"], name="teamswiss_team_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name


class TeamSwissPlayer(models.Model):
    """A squad member: `order` is the squad's board order (1 = top board).

    `user` is an account that agreed to play here (it listed itself, or accepted); its name
    and rating come from the account. `invited` is an account a captain listed that has not
    agreed yet: until it accepts, the line is a player without an account (the name and
    rating the account shows), and nobody is locked out of another team by it."""

    team = models.ForeignKey(TeamSwissTeam, on_delete=models.CASCADE, related_name="players")
    # The team's event, stored so that "one team per user per event" is a constraint.
    event = models.ForeignKey(TeamSwissEvent, on_delete=models.CASCADE, related_name="+")
    order = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=80)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    # The FIDE data of the player's TRF 001 record, as on an individual event's entry.
    fide_id = models.CharField(max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    title = models.CharField(max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    sex = models.CharField(max_length=1, blank=True)  # "m", "w" or ""
    # Only a FIDE rating makes the player rated for FIDE; an account's or an arbiter-given
    # rating leaves the player new to the list (fide, national, arbiter).
    rating_kind = models.CharField(max_length=8, default="arbiter")
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invited_at = models.DateTimeField(null=True, blank=True)
    # When `user` agreed: the invitation accepted, or the line the user listed themselves.
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["team", "order"]
        constraints = [
            models.UniqueConstraint(fields=["team", "order"], name="teamswiss_player_order_unique"),
            models.UniqueConstraint(
                fields=["event", "user"],
                condition=Q(user__isnull=False),
                name="teamswiss_player_one_team_per_event",
            ),
            models.UniqueConstraint(
                fields=["team", "invited"],
                condition=Q(invited__isnull=False),
                name="teamswiss_player_one_invitation_per_team",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=True) | Q(invited__isnull=True),
                name="teamswiss_player_account_or_invitation",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamSwissRound(models.Model):
    class Status(models.TextChoices):
        LINEUPS = "lineups", _("Line-ups")
        PLAYING = "playing", _("Playing")
        COMPLETE = "complete", _("Complete")

    event = models.ForeignKey(TeamSwissEvent, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.LINEUPS)
    paired_at = models.DateTimeField()
    lineups_close_at = models.DateTimeField(null=True, blank=True)
    engine = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="teamswiss_round_unique"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class TeamSwissMatch(models.Model):
    """`black` null: `white` has the pairing-allocated bye. Points are set once complete."""

    round = models.ForeignKey(TeamSwissRound, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    white = models.ForeignKey(TeamSwissTeam, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(
        TeamSwissTeam, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    white_match_points = points_field(null=True, blank=True)
    black_match_points = points_field(null=True, blank=True)
    white_game_points = points_field(null=True, blank=True)
    black_game_points = points_field(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="teamswiss_match_unique"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round_id}, table {self.table}"


class TeamSwissLineup(models.Model):
    """A captain's line-up: `players` holds squad player ids for boards 1..N (null: nobody on
    that board)."""

    round = models.ForeignKey(TeamSwissRound, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(TeamSwissTeam, on_delete=models.CASCADE, related_name="lineups")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now=True)
    players = models.JSONField(default=list)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="teamswiss_lineup_unique"),
        ]

    def __str__(self) -> str:
        return f"Line-up of team {self.team_id}, round {self.round_id}"


class TeamSwissBoard(models.Model):
    """One board of a match; a null player: that team fielded nobody (a forfeit)."""

    class Result(models.TextChoices):
        NONE = "", _("Not played yet")
        WHITE_WINS = "1-0", "1-0"
        BLACK_WINS = "0-1", "0-1"
        DRAW = "1/2", "½-½"
        WHITE_FORFEIT_WIN = "+-", _("White wins by forfeit")
        BLACK_FORFEIT_WIN = "-+", _("Black wins by forfeit")
        DOUBLE_FORFEIT = "--", _("Both forfeit")

    match = models.ForeignKey(TeamSwissMatch, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField()
    white_player = models.ForeignKey(
        TeamSwissPlayer, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    black_player = models.ForeignKey(
        TeamSwissPlayer, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    result = models.CharField(max_length=3, choices=Result.choices, blank=True, default="")
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A player contradicted the opponent's report: the result is cleared until an arbiter
    # decides (`tournaments.rules.board_results`, the individual boards' rule).
    disputed = models.BooleanField(default=False)
    # What each player reported (blank: nothing), kept apart from `result` so that a disputed
    # board still shows the arbiter both claims.
    white_report = models.CharField(max_length=3, choices=Result.choices, blank=True, default="")
    black_report = models.CharField(max_length=3, choices=Result.choices, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "board"], name="teamswiss_board_unique"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board} of match {self.match_id}"


class TeamAuditEntry(AuditRecord):
    """One arbiter's action on a team event: who, when, on what, before and after. The
    individual events' `AuditEntry` with the team event for its event, and the same action
    codes (`tournaments.services.audit.AUDIT_ACTIONS`; services/audit.py, docs/audit.md)."""

    event = models.ForeignKey(
        TeamSwissEvent, on_delete=models.CASCADE, related_name="audit_entries"
    )

    class Meta(AuditRecord.Meta):
        indexes = [models.Index(fields=["event", "-at"], name="teamswiss_audit_by_event")]
