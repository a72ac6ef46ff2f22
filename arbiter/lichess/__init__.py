"""lichess's API dialect: lichess's own clients (berserk, Board-API apps) at lichess's paths.

Each view translates a lichess request into a call of the apps' services and the answer back
into lichess's shape; no rule lives here (docs/lichess-api.md)."""
