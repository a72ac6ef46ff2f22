"""Writes for Swiss tournaments, one module per job:

- `lifecycle`: create, edit, cancel; `completion`: a round completes, the event finishes;
- `entries`: join, withdraw, rejoin, bye requests; `no_shows`: the ban ladder;
- `results`: reports and decisions, by group commit; `standings`: recomputed with each write;
- `pairing`: the next round by the engine (outside the lock) or by hand, built by
  `round_plan` and written by `round_store`; `schedule`: rounds that start by themselves;
- `forbidden`: pairs kept apart; `locking`: shared by the others (who may act is
  `teams.permissions`).

What follows a write (pushes, the next round's task) is stated through `effects`.
"""
