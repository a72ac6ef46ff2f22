"""`python -m arbiter.tiebreaks FILE.trf --order ...` (see arbiter.tiebreaks.cli)."""

import sys

from arbiter.tiebreaks.cli import main

sys.exit(main())
