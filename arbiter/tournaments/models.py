"""Swiss tournaments: the event, its participants, rounds, boards and each player's sheet."""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from arbiter.common.audit_record import AuditRecord
from arbiter.common.event_settings import DESCRIPTION_MAX, NAME_MAX, VENUE_MAX

DEFAULT_TIEBREAKS = ["BH", "SB", "PS", "DE"]


class TournamentStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("Scheduled")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")
    CANCELLED = "cancelled", _("Cancelled")


class RoundStatus(models.TextChoices):
    # A round is stored once paired (the engine runs before anything is written).
    PLAYING = "playing", _("Playing")
    COMPLETE = "complete", _("Complete")


class EventMode(models.TextChoices):
    # Online: every board is a game played on the server (arbiter.games); over the board:
    # results are reported by the players or set by an arbiter.
    ONLINE = "online", _("Online")
    OTB = "otb", _("Over the board")


class PrizeSharing(models.TextChoices):
    """How players tied on points share the prizes of their places (docs/prizes.md)."""

    TIEBREAKS = "tiebreaks", _("The final rank order with tie-breaks decides")
    HORT = "hort", _("Hort system: half by rank order, half shared among the tied")


class PairingMode(models.TextChoices):
    # Manual: no round is paired by the engine alone; a leader submits every round in the
    # pairing editor (the engine's proposal is offered there, never stored by itself).
    ENGINE = "engine", _("By the pairing engine")
    MANUAL = "manual", _("By hand only")


class DisqualificationGames(models.TextChoices):
    # What becomes of a disqualified player's past games (the event's regulation).
    STAND = "stand", _("Past games stand")
    FORFEIT = "forfeit", _("Past games become forfeit wins for the opponents")


class SwissTournament(models.Model):
    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="swiss_events")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    name = models.CharField(max_length=NAME_MAX)
    description = models.TextField(blank=True, max_length=DESCRIPTION_MAX)
    time_control = models.ForeignKey("games.TimeControl", on_delete=models.PROTECT)
    mode = models.CharField(max_length=6, choices=EventMode.choices, default=EventMode.ONLINE)
    # Where an over-the-board event is played ("Hall of the Chess Club, Oslo"): the TRF's 022.
    venue = models.CharField(max_length=VENUE_MAX, blank=True)
    # The event's FIDE data for the rating report (docs/rating-report.md, "In the web app"):
    # the organising federation (032, a FIDE code such as "NOR"), the chief arbiter (102) and
    # the deputies (112, a list of {"name", "fide_id"}), each name as FIDE lists it.
    federation = models.CharField(max_length=3, blank=True)
    chief_arbiter_name = models.CharField(max_length=60, blank=True)
    chief_arbiter_fide_id = models.CharField(max_length=11, blank=True)
    deputy_arbiters = models.JSONField(default=list, blank=True)
    # Games of a rated event move the players' Glicko-2 ratings (services/ratings.py).
    rated = models.BooleanField(default=True)
    password_hash = models.CharField(max_length=128, blank=True)
    num_rounds = models.PositiveSmallIntegerField()
    current_round = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(
        max_length=12, choices=TournamentStatus.choices, default=TournamentStatus.SCHEDULED
    )
    start_time = models.DateTimeField()
    # None = manual mode: a leader schedules each round.
    round_interval_seconds = models.PositiveIntegerField(null=True, blank=True)
    next_round_at = models.DateTimeField(null=True, blank=True)
    # The listed start of each round, in order (ISO 8601, UTC): item i is round i + 1's. Rounds
    # beyond the list follow the interval or manual mode (services/round_times.py).
    round_times = models.JSONField(default=list, blank=True)
    # Joins close at this time (null: open until half the rounds have started).
    registration_deadline = models.DateTimeField(null=True, blank=True)
    # Check-in opens this many minutes before round 1 (null: no check-in); entries that did not
    # check in are paused when round 1 is paired.
    checkin_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    # An online game's first-move deadline (null: by speed, arbiter.games.rules).
    no_show_seconds = models.PositiveIntegerField(null=True, blank=True)
    # The pairing lease (services/pairing_lease.py): who runs the event's pairing engine now,
    # and until when unless refreshed; a crashed holder's lease simply runs out.
    pairing_holder = models.CharField(max_length=64, blank=True)
    pairing_until = models.DateTimeField(null=True, blank=True)
    min_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    max_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    # Fair-play entry rules (arbiter/ratings/entry_rules.py): the account's age in days and
    # its rated games at the event's speed; null: none.
    min_account_age_days = models.PositiveIntegerField(null=True, blank=True)
    min_rated_games = models.PositiveIntegerField(null=True, blank=True)
    tiebreak_order = models.JSONField(default=list, blank=True)
    regulations = models.CharField(
        max_length=4, choices=[("2026", "FIDE 2026"), ("2023", "FIDE 2023")], default="2026"
    )
    accelerated = models.BooleanField(default=False)
    initial_colour = models.CharField(
        max_length=5, choices=[("white", "White"), ("black", "Black")], default="white"
    )
    bye_request_limit = models.PositiveSmallIntegerField(default=0)
    # How tied players share prize money (Prize, docs/prizes.md).
    prize_sharing = models.CharField(
        max_length=9, choices=PrizeSharing.choices, default=PrizeSharing.TIEBREAKS
    )
    pairing_mode = models.CharField(
        max_length=6, choices=PairingMode.choices, default=PairingMode.ENGINE
    )
    # While the event runs, players see only their own row; everyone sees all once it ends.
    standings_hidden = models.BooleanField(default=False)
    disqualification_games = models.CharField(
        max_length=7, choices=DisqualificationGames.choices, default=DisqualificationGames.STAND
    )
    # Co-hosted events (docs/teams.md): entries of the same team are kept apart by the engine,
    # in every round (teammates_rounds None) or the first N; the team standings add up each
    # team's best `team_standings_top` players.
    teammates_do_not_meet = models.BooleanField(default=False)
    teammates_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    team_standings_top = models.PositiveSmallIntegerField(default=4)
    # Accepted co-hosts, kept by services/cohosts.py: a standings push of a one-team event
    # (most events) reads no team at all.
    cohost_count = models.PositiveSmallIntegerField(default=0)
    standings_version = models.PositiveIntegerField(default=0)
    # + 1 in every transaction that changes what the event's readers see (a result, a round,
    # an entry, a setting): the key of its cached public pages (docs/live.md, "Reads").
    version = models.PositiveIntegerField(default=0)
    # The stored tie-breaks are those after this round: the last one with every board's
    # result (docs/tiebreaks.md, "A round in progress"); 0 before the first is complete.
    tiebreaks_after_round = models.PositiveSmallIntegerField(default=0)
    end_reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-start_time", "-id"]
        indexes = [models.Index(fields=["status", "next_round_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(num_rounds__gte=1) & Q(num_rounds__lte=100), name="swiss_rounds_range"
            ),
            models.CheckConstraint(
                condition=Q(current_round__lte=F("num_rounds")), name="swiss_current_round_le_total"
            ),
            models.CheckConstraint(
                condition=Q(team_standings_top__gte=1), name="swiss_team_standings_top_positive"
            ),
            models.CheckConstraint(
                condition=Q(min_rating__isnull=True)
                | Q(max_rating__isnull=True)
                | Q(min_rating__lte=F("max_rating")),
                name="swiss_rating_limits_ordered",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def has_password(self) -> bool:
        return bool(self.password_hash)


class CoHostStatus(models.TextChoices):
    INVITED = "invited", _("Invited")
    ACCEPTED = "accepted", _("Accepted")


class SwissCoHost(models.Model):
    """Another team hosting the event with its own team: invited by the host's leaders,
    accepted by the invited team's leaders (a declined invitation is deleted). Members of an
    accepted co-host may join and play for it."""

    tournament = models.ForeignKey(
        SwissTournament, on_delete=models.CASCADE, related_name="cohosts"
    )
    team = models.ForeignKey(
        "teams.Team", on_delete=models.CASCADE, related_name="swiss_cohostings"
    )
    status = models.CharField(
        max_length=8, choices=CoHostStatus.choices, default=CoHostStatus.INVITED
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    invited_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["invited_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "team"], name="swiss_one_cohost_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.team_id} co-hosts {self.tournament_id} ({self.status})"


class ParticipantStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    PAUSED = "paused", _("Paused (withdrawn)")
    # By an arbiter (fair play): never paired again, cannot rejoin, no prize.
    DISQUALIFIED = "disqualified", _("Disqualified")


class PauseReason(models.TextChoices):
    """Why a paused entry sits out: the player is told and listed by it (docs/swiss.md)."""

    NONE = "", _("Not paused, or paused before the reason was recorded")
    WITHDREW = "withdrew", _("The player withdrew")
    ARBITER = "arbiter", _("A leader withdrew the player")
    NO_CHECK_IN = "no_check_in", _("Not checked in when round 1 was paired")
    NO_SHOW = "no_show", _("A no-show")


class LinkedVia(models.TextChoices):
    CLAIM = "claim", _("The user's claim, approved by a leader")
    OFFER = "offer", _("A leader's offer, confirmed by the user")


class SwissParticipant(models.Model):
    tournament = models.ForeignKey(
        SwissTournament, on_delete=models.CASCADE, related_name="participants"
    )
    # No user: a registered player of an over-the-board event, entered by the arbiter by name
    # (linked to a user later, when one claims the entry).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="swiss_entries",
        null=True,
        blank=True,
    )
    name = models.CharField(max_length=33, blank=True)  # "Lastname, Firstname" (TRF width)
    fide_id = models.CharField(max_length=11, blank=True)
    federation = models.CharField(max_length=3, blank=True)
    title = models.CharField(max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    sex = models.CharField(max_length=1, blank=True)  # "m", "w" or ""
    # The team the entry plays for: the host or an accepted co-host. None = the hosting team
    # (entries made before co-hosting, registered players no team was given to).
    team = models.ForeignKey(
        "teams.Team", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rating_kind = models.CharField(max_length=8, default="arbiter")  # fide, national, arbiter
    rating = models.PositiveSmallIntegerField()  # frozen at entry
    # The start number of an event imported from a TRF: pairing numbers keep the file's order.
    start_number = models.PositiveIntegerField(null=True, blank=True)
    pairing_number = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=12, choices=ParticipantStatus.choices, default=ParticipantStatus.ACTIVE
    )
    # Set with every pause, cleared on rejoin; read only while the entry is paused.
    pause_reason = models.CharField(
        max_length=12, choices=PauseReason.choices, blank=True, default=PauseReason.NONE
    )
    disqualification_reason = models.CharField(max_length=500, blank=True)
    disqualified_at = models.DateTimeField(null=True, blank=True)
    # The number of rounds already started when the player joined (0 = before the start).
    joined_after_round = models.PositiveSmallIntegerField(default=0)
    points = models.DecimalField(max_digits=5, decimal_places=1, default=Decimal(0))
    rank = models.PositiveIntegerField(null=True, blank=True)
    rank_last = models.PositiveIntegerField(null=True, blank=True)  # shared ranks: rank..rank_last
    tiebreaks = models.JSONField(default=dict, blank=True)  # code -> value string, or None
    joined_at = models.DateTimeField(auto_now_add=True)
    # When the player confirmed presence in the check-in window (null: not checked in).
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # How a registered entry got its user: both the user and a leader agreed, one way or the
    # other. Blank on a linked entry: linked before consent was recorded (the command
    # `entry_links_review` lists those).
    linked_via = models.CharField(max_length=8, choices=LinkedVia.choices, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="swiss_one_entry_per_user"),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(name=""), name="swiss_entry_user_or_name"
            ),
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="swiss_unique_pairing_number"
            ),
        ]
        indexes = [models.Index(fields=["tournament", "rank"])]

    def __str__(self) -> str:
        return f"{self.display_name} in {self.tournament}"

    @property
    def display_name(self) -> str:
        """The username, or the registered player's name for an entry without a user."""
        return self.user.username if self.user is not None else self.name


class SwissRound(models.Model):
    tournament = models.ForeignKey(SwissTournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=10, choices=RoundStatus.choices, default=RoundStatus.PLAYING
    )
    started_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    engine = models.CharField(max_length=20, blank=True)
    manual = models.BooleanField(default=False)  # pairings replaced by a leader

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="swiss_one_round_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class GameResult(models.TextChoices):
    PENDING = "", _("No result yet")
    WHITE_WINS = "1-0", _("White wins")
    # "Black wins" is also a tie-break's name (BWG): this one is the result.
    BLACK_WINS = "0-1", pgettext_lazy("a game's result", "Black wins")
    DRAW = "1/2-1/2", _("Draw")
    WHITE_WINS_FORFEIT = "+-", _("White wins by forfeit")
    BLACK_WINS_FORFEIT = "-+", _("Black wins by forfeit")
    DOUBLE_FORFEIT = "--", _("Double forfeit")


# What a result write changes on a board: services write these fields, selectors read them
# again for the response.
PAIRING_REPORT_FIELDS = ("white_report", "black_report")
PAIRING_RESULT_FIELDS = (
    *("result", "reported_by", "reported_at", "disputed", "no_show"),
    *PAIRING_REPORT_FIELDS,
)


class SwissPairing(models.Model):
    """One board of a round."""

    round = models.ForeignKey(SwissRound, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(SwissParticipant, on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(SwissParticipant, on_delete=models.CASCADE, related_name="+")
    result = models.CharField(max_length=7, choices=GameResult.choices, blank=True, default="")
    no_show = models.ForeignKey(
        SwissParticipant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    disputed = models.BooleanField(default=False)
    # What each player reported (blank: nothing), kept apart from `result` so that a disputed
    # board, whose result is cleared, still shows the arbiter both claims.
    white_report = models.CharField(
        max_length=7, choices=GameResult.choices, blank=True, default=""
    )
    black_report = models.CharField(
        max_length=7, choices=GameResult.choices, blank=True, default=""
    )
    # The event's standings version written with this board's latest result: live pushes send
    # the boards between the last pushed version and the current one (see tournaments.push).
    result_version = models.PositiveIntegerField(default=0, db_index=True)

    class Meta:
        ordering = ["round__number", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="swiss_unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="swiss_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="swiss_black_once_per_round"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="swiss_no_self_pairing"),
        ]

    def __str__(self) -> str:
        return f"board {self.board}: {self.white_id} - {self.black_id} {self.result}"


class EntryKind(models.TextChoices):
    """A player's outcome in one round, as in the TRF round block."""

    GAME = "game", _("Paired on a board")
    PAIRING_BYE = "U", _("Pairing-allocated bye (1)")
    HALF_BYE = "H", _("Half-point bye")
    # Only from a TRF made elsewhere (an arbiter's decision there); nobody here asks for one.
    FULL_BYE = "F", _("Full-point bye")
    ZERO_BYE = "Z", _("Zero-point bye (absent)")


class SwissRoundEntry(models.Model):
    """One row per player per round: the database guarantee that nobody is paired twice."""

    round = models.ForeignKey(SwissRound, on_delete=models.CASCADE, related_name="entries")
    participant = models.ForeignKey(
        SwissParticipant, on_delete=models.CASCADE, related_name="entries"
    )
    kind = models.CharField(max_length=4, choices=EntryKind.choices)
    pairing = models.ForeignKey(
        SwissPairing, null=True, blank=True, on_delete=models.CASCADE, related_name="entries"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "participant"], name="swiss_one_entry_per_player_per_round"
            ),
            models.CheckConstraint(
                condition=(Q(kind="game") & Q(pairing__isnull=False))
                | (~Q(kind="game") & Q(pairing__isnull=True)),
                name="swiss_entry_game_has_pairing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant_id} in round {self.round_id}: {self.kind}"


class SwissByeRequest(models.Model):
    """A player's request for a half-point bye in a coming round."""

    participant = models.ForeignKey(
        SwissParticipant, on_delete=models.CASCADE, related_name="bye_requests"
    )
    round_number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "round_number"], name="swiss_one_bye_request_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"{self.participant_id}: bye in round {self.round_number}"


class ForbiddenPairing(models.Model):
    """Two entries of the event who must never meet (registered players included). Stored
    with player1.id < player2.id."""

    tournament = models.ForeignKey(
        SwissTournament, on_delete=models.CASCADE, related_name="forbidden_pairings"
    )
    player1 = models.ForeignKey(SwissParticipant, on_delete=models.CASCADE, related_name="+")
    player2 = models.ForeignKey(SwissParticipant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player1", "player2"], name="swiss_forbidden_unique"
            ),
            models.CheckConstraint(
                condition=Q(player1__lt=F("player2")), name="swiss_forbidden_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player1_id} never meets {self.player2_id}"


class ClaimStatus(models.TextChoices):
    WAITING = "waiting", _("Waiting for a leader")
    REJECTED = "rejected", _("Rejected")
    # A leader offered the entry to the user, who confirms (or declines) it.
    OFFERED = "offered", _("Offered by a leader, waiting for the user")


class EntryClaim(models.Model):
    """A user's request to be linked to a registered entry (a player entered by name): an
    arbiter approves it (the entry gets the user, its games and points unchanged; the claim
    goes) or rejects it. Or a leader's offer of the entry to a user (`offered`), which only
    that user confirms or declines. A rejected claim stays, so that its claimant learns of it
    whenever they look, until they dismiss it or claim the entry again."""

    participant = models.ForeignKey(
        SwissParticipant, on_delete=models.CASCADE, related_name="claims"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(
        max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.WAITING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)  # set on rejection

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "user"], name="swiss_one_claim_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} claims entry {self.participant_id}"


class NoShowRecord(models.Model):
    """A player's no-show history in a team's Swiss events, and the ban it causes."""

    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    ban_seconds = models.PositiveIntegerField(default=0)  # length of the last ban
    banned_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "user"], name="swiss_noshow_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} in team {self.team_id}: banned until {self.banned_until}"


class SubmissionStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the event lock")
    APPLIED = "applied", _("Applied")
    REFUSED = "refused", _("Refused")


class ResultSubmission(models.Model):
    """A result POST waiting for the event lock (group commit): whoever takes the lock applies
    every waiting submission of the event, in arrival order, and recomputes the standings once
    in that same transaction. Each request reads its own outcome back, then deletes the row."""

    tournament = models.ForeignKey(SwissTournament, on_delete=models.CASCADE, related_name="+")
    pairing = models.ForeignKey(SwissPairing, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    as_leader = models.BooleanField()
    result = models.CharField(max_length=7, choices=GameResult.choices)
    no_show = models.CharField(max_length=5, blank=True, default="")  # "", "white" or "black"
    status = models.CharField(
        max_length=7, choices=SubmissionStatus.choices, default=SubmissionStatus.PENDING
    )
    # The refused exception (common.exceptions.refusal_record): {"kind", "message", "extra"}.
    refusal = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["tournament", "status"], name="swiss_submission_waiting"),
            models.Index(fields=["created_at"], name="swiss_submission_age"),
        ]

    def __str__(self) -> str:
        return f"{self.result} on pairing {self.pairing_id} by {self.user_id}: {self.status}"


class PrizeCategory(models.TextChoices):
    OVERALL = "overall", _("Overall")
    RATING = "rating", _("Rating band")
    AGE = "age", _("Age")
    WOMEN = "women", _("Women")
    UNRATED = "unrated", _("Unrated")
    # Won by a team of the event, in the team standings' order (read/teams.py).
    TEAM = "team", _("Team")


class Prize(models.Model):
    """One row of an event's prize table: the `place`-th best of its category wins it."""

    tournament = models.ForeignKey(SwissTournament, on_delete=models.CASCADE, related_name="prizes")
    category = models.CharField(max_length=12, choices=PrizeCategory.choices)
    place = models.PositiveSmallIntegerField()
    # A money prize, or a label ("Trophy", "Book voucher"), or both.
    amount = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    label = models.CharField(max_length=80, blank=True)
    # Rating band: min <= the entry's rating <= max (either may be open).
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    # Age: born in or after `born_from`, and before `born_before` (either may be open).
    born_from = models.PositiveSmallIntegerField(null=True, blank=True)
    born_before = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["category", "rating_min", "rating_max", "born_from", "born_before", "place"]
        constraints = [
            models.CheckConstraint(condition=Q(place__gte=1), name="swiss_prize_place_positive"),
            models.CheckConstraint(
                condition=Q(amount__isnull=False) | ~Q(label=""), name="swiss_prize_amount_or_label"
            ),
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gte=0),
                name="swiss_prize_amount_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.category} {self.place}: {self.amount or self.label}"


class AuditEntry(AuditRecord):
    """One arbiter's or leader's action on an event: who, when, on what, before and after
    (services/audit.py, docs/audit.md)."""

    tournament = models.ForeignKey(
        SwissTournament, on_delete=models.CASCADE, related_name="audit_entries"
    )

    class Meta(AuditRecord.Meta):
        indexes = [models.Index(fields=["tournament", "-at"], name="swiss_audit_by_event")]
