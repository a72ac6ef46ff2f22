"""Results by group commit, in three steps that import one way:

- `submit`: a request queues its result and waits for its outcome;
- `turn`: the request holding the event's lock applies every waiting result, once;
- `apply`: the rules of one result (a player's report, a leader's decision, a game's end)
  and the batched writes of a turn.
"""
