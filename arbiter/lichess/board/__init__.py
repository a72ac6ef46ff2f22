"""The lichess Board API: the event and game streams, and the board actions."""
