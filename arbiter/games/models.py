from django.conf import settings
from django.db import models
from django.db.models import Q

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

    STARTED = "started", "Playing"
    MATE = "mate", "Checkmate"
    RESIGN = "resign", "Resignation"
    STALEMATE = "stalemate", "Stalemate"
    DRAW = "draw", "Draw"
    OUTOFTIME = "outoftime", "Time out"
    NOSTART = "noStart", "No first move"
    ABORTED = "aborted", "Aborted"  # its event was cancelled: no result


class Game(models.Model):
    """One board of an online Swiss round, played on the server. The clocks are stored as the
    time left when the side to move's clock started (`turn_started_at`): the time left now is
    derived, and `flag_at` is when the side to move runs out (or misses the first-move
    deadline) — the index the flag tick scans."""

    # A string reference: tournaments imports games, never the other way.
    pairing = models.OneToOneField(
        "tournaments.SwissPairing", on_delete=models.CASCADE, related_name="game"
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
    status = models.CharField(max_length=10, choices=GameStatus.choices, default="started")
    winner = models.CharField(max_length=5, blank=True, default="")  # "white", "black" or ""
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        # The running games, for the flag tick (which reads their `flag_at`). Not an index on
        # `flag_at`: a move changes it, and a move that changes no indexed column is a HOT
        # update in PostgreSQL, which writes no index entry at all (five, otherwise).
        indexes = [models.Index(fields=["id"], name="games_started", condition=Q(status="started"))]
        constraints = [
            models.CheckConstraint(
                condition=Q(winner__in=["", "white", "black"]), name="games_winner_colour"
            )
        ]

    def __str__(self) -> str:
        return f"game {self.id} ({self.status})"

    @property
    def move_list(self) -> list[str]:
        return self.moves.split() if self.moves else []
