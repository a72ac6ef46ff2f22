from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from arbiter.ratings.speeds import Speed, speed_for_clock


class TimeControl(models.Model):
    """A clock: base time and increment per move, both in seconds."""

    limit_seconds = models.PositiveIntegerField()
    increment_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["limit_seconds", "increment_seconds"], name="games_timecontrol_unique"
            ),
            models.CheckConstraint(
                condition=models.Q(limit_seconds__gt=0) | models.Q(increment_seconds__gt=0),
                name="games_timecontrol_not_zero",
            ),
        ]

    def __str__(self) -> str:
        minutes = self.limit_seconds / 60
        shown = f"{minutes:g}" if minutes >= 1 else f"{self.limit_seconds}s"
        return f"{shown}+{self.increment_seconds}"

    @property
    def speed(self) -> Speed:
        return speed_for_clock(self.limit_seconds, self.increment_seconds)


class GameStatus(models.TextChoices):
    """Lichess's status names."""

    STARTED = "started", _("Playing")
    MATE = "mate", _("Checkmate")
    RESIGN = "resign", _("Resignation")
    STALEMATE = "stalemate", _("Stalemate")
    DRAW = "draw", _("Draw")
    OUTOFTIME = "outoftime", _("Time out")
    NOSTART = "noStart", _("No first move")
    ABORTED = "aborted", _("Aborted")  # its event was cancelled: no result
    # Set by an arbiter (services.arbitration).
    ADJUDICATED = "adjudicated", _("Arbiter's decision")


class Game(models.Model):
    """One board of an online Swiss round, played on the server: an individual event's
    pairing or a team event's board, exactly one of the two (`games_one_board`). The clocks
    are stored as the time left when the side to move's clock started (`turn_started_at`):
    the time left now is derived, and `flag_at` is when the side to move runs out (or misses
    the first-move deadline) — the index the flag tick scans."""

    # String references: tournaments and teamswiss import games, never the other way.
    pairing = models.OneToOneField(
        "tournaments.SwissPairing", on_delete=models.CASCADE, null=True, related_name="game"
    )
    team_board = models.OneToOneField(
        "teamswiss.TeamSwissBoard", on_delete=models.CASCADE, null=True, related_name="game"
    )
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    initial_ms = models.PositiveIntegerField()
    increment_ms = models.PositiveIntegerField()
    moves = models.TextField(blank=True, default="")  # space-separated UCI
    ply = models.PositiveIntegerField(default=0)
    white_ms = models.PositiveIntegerField()
    black_ms = models.PositiveIntegerField()
    turn_started_at = models.DateTimeField()
    flag_at = models.DateTimeField(null=True)
    # The event's no-show time: each side's first-move deadline (null: by speed, rules.py).
    first_move_seconds = models.PositiveIntegerField(null=True, blank=True)
    draw_offer = models.CharField(max_length=5, blank=True, default="")  # who offers: colour
    status = models.CharField(max_length=12, choices=GameStatus.choices, default="started")
    winner = models.CharField(max_length=5, blank=True, default="")  # "white", "black" or ""
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # An arbiter's pause: both clocks stopped since then, no flag (`flag_at` null).
    paused_at = models.DateTimeField(null=True, blank=True)
    # How many arbiter corrections (pause, resume, time, takeback): a state with more is newer
    # whatever its ply (a takeback lowers the ply; the Board API's streams order by both).
    corrections = models.PositiveIntegerField(default=0)

    class Meta:
        # The running games, for the flag tick (which reads their `flag_at`). Not an index on
        # `flag_at`: a move changes it, and a move that changes no indexed column is a HOT
        # update in PostgreSQL, which writes no index entry at all (five, otherwise).
        indexes = [models.Index(fields=["id"], name="games_started", condition=Q(status="started"))]
        constraints = [
            models.CheckConstraint(
                condition=Q(winner__in=["", "white", "black"]), name="games_winner_colour"
            ),
            models.CheckConstraint(
                condition=Q(pairing__isnull=False, team_board__isnull=True)
                | Q(pairing__isnull=True, team_board__isnull=False),
                name="games_one_board",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.id} ({self.status})"

    @property
    def move_list(self) -> list[str]:
        return self.moves.split() if self.moves else []


class ArbiterCall(models.Model):
    """A player's call to the event's arbiters from a running game: one open call per player
    per game (`games_call_one_open`)."""

    class Reason(models.TextChoices):
        DISCONNECTION = "disconnection", _("Disconnection")
        MISCLICK = "misclick", _("Misclick")
        ILLEGAL_MOVE = "illegal_move", _("Illegal-move claim")
        FAIR_PLAY = "fair_play", _("Fair-play suspicion")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        CLOSED = "closed", _("Closed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="arbiter_calls")
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    text = models.CharField(max_length=200, blank=True, default="")
    status = models.CharField(max_length=6, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "caller"],
                condition=Q(status="open"),
                name="games_call_one_open",
                violation_error_message=_("You have already called the arbiter in this game."),
            )
        ]
        indexes = [models.Index(fields=["status", "game"], name="games_call_status")]

    def __str__(self) -> str:
        return f"call {self.id} on game {self.game_id} ({self.status})"
