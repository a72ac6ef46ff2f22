"""lila's Glicko-2 parameters, written once. Plain constants: no Django import."""

TAU = 0.75  # how fast volatility may move; Glickman suggests 0.3–1.2
NEW_RATING = 1500.0  # a new player's rating…
NEW_DEVIATION = 500.0  # …its deviation (the widest we allow)…
NEW_VOLATILITY = 0.09  # …and volatility
MIN_DEVIATION = 45.0  # a very active player's rating still moves
MAX_DEVIATION = 500.0
MAX_VOLATILITY = 0.1
PROVISIONAL_DEVIATION = 110.0  # at or above this the rating is shown with "?"
PERIODS_PER_DAY = 0.21436  # inactivity widens the deviation by this many periods a day
MIN_PLIES = 2  # a game with fewer moves played is not rated
