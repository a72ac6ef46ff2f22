"""Results, in three steps that import one way:

- `submit`: the API's entry: an arbiter's decision or a player's report, to the group commit;
- `group_commit`: one entry, `results_commit`: the results are queued and whoever holds the
  event's results turn applies every waiting one, with the standings recomputed once;
- `apply`: one result on its board, the rule (`tournaments.rules.board_results`) and its
  writes, batched for the turn.
"""
