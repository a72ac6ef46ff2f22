"""What a game's end tells the apps that import games (which games never imports)."""

from django.dispatch import Signal

# Sent inside the transaction that ends a game, with `game`: the Swiss result hook
# (arbiter.tournaments.receivers) writes the board's result in that same transaction.
game_ended = Signal()
