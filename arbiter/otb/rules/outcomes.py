"""What saving a game did to its board's result (docs/otb-games.md, "The result")."""

from __future__ import annotations

from enum import StrEnum


class ResultEntry(StrEnum):
    NONE = "none"  # the game is still being entered ("*"): the board is as it was
    SET = "set"  # the board had no result: it has the game's now
    CONFIRMED = "confirmed"  # the opponent had reported this result: the player confirms it
    UNCHANGED = "unchanged"  # the board had this result already
    DISPUTED = "disputed"  # the board had another result: it waits for the arbiter
    KEPT = "kept"  # another result, of a completed round: it stands
    REFUSED = "refused"  # the result path refused the player's report
