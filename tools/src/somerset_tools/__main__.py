"""``python -m somerset_tools``: the command line (:mod:`somerset_tools.cli`)."""

import sys

from .cli import main

sys.exit(main())
