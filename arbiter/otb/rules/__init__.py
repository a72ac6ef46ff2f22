"""The rules of over-the-board games as plain Python (no Django): reading a game's notation,
matching a PGN file's names to the round's players, writing PGN."""
