"""`python -m arbiter.checker check FILE`: the arbiters' pairing and tie-break checker. It lives
above the rule engines it uses (pairing, tiebreaks, trf), so its command is its own package's:
`arbiter.trf` imports none of them."""

import sys

from arbiter.checker.cli import main

sys.exit(main())
