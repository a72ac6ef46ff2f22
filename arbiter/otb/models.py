"""Games played over the board: the moves of a board of an over-the-board Swiss round, as an
arbiter or a player typed them in or a PGN file brought them (docs/otb-games.md).

An online event's boards are games on the server (`games.Game`) and get none of these."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class OtbResult(models.TextChoices):
    """A game's own result as entered (the board's result is the event's, `SwissPairing`)."""

    ONGOING = "*", _("Being entered")
    WHITE_WINS = "1-0", _("White wins")
    BLACK_WINS = "0-1", _("Black wins")
    DRAW = "1/2-1/2", _("Draw")


# The PGN tags a game keeps besides what the event knows (players, round, event, clock).
KEPT_TAGS = (
    "Annotator",
    "Source",
    "ECO",
    "Opening",
    "Variation",
    "Termination",
    "Remark",
    "GameStart",
    "GameEnd",
)
TAG_VALUE_MAX = 200


class OtbGame(models.Model):
    """One board's game. Saved again as it grows (result `*` while it is being entered); the
    moves are space-separated UCI from the standard starting position, as `games.Game`
    stores them, so python-chess replays them without a parser."""

    # A string reference: tournaments knows nothing of this app.
    pairing = models.OneToOneField(
        "tournaments.SwissPairing", on_delete=models.CASCADE, related_name="otb_game"
    )
    moves = models.TextField(blank=True, default="")
    ply = models.PositiveIntegerField(default=0)
    result = models.CharField(max_length=7, choices=OtbResult.choices, default=OtbResult.ONGOING)
    # KEPT_TAGS the game came with, name -> value (one line each).
    tags = models.JSONField(default=dict, blank=True)
    # When the game began, where the entry says (a PGN's UTCDate and UTCTime).
    started_at = models.DateTimeField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Entered (last) by one of the event's leaders: then only a leader changes it.
    by_leader = models.BooleanField(default=False)
    entered_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(result__in=["*", "1-0", "0-1", "1/2-1/2"]), name="otb_game_result"
            )
        ]

    def __str__(self) -> str:
        return f"game of board {self.pairing_id}: {self.ply} plies, {self.result}"

    @property
    def move_list(self) -> list[str]:
        return self.moves.split() if self.moves else []
