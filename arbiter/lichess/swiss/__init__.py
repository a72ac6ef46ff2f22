"""The lichess Swiss, team and account endpoints."""
