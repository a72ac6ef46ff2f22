"""`python -m arbiter.pairing --dutch IN.trf -p [OUT.txt]` (see cli.py)."""

import sys

from arbiter.pairing.cli import main

sys.exit(main())
