"""What a game's end tells the apps that import games (which games never imports)."""

from django.dispatch import Signal

# Sent inside the transaction that ends a game, with `game`: the one dispatch of a game's
# end. The app its board belongs to writes the result in that same transaction:
# arbiter.tournaments.receivers (`game.pairing`), arbiter.teamswiss.receivers
# (`game.team_board`); each leaves the other's games alone.
game_ended = Signal()

# Sent inside the transaction of an arbiter's action on a game (services.arbitration), with
# `game`, `actor`, `action` (an audit code), `subject`, `before`, `after`: the event's app
# records it in its audit log in that same transaction.
game_arbitrated = Signal()
