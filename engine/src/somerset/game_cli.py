"""Command-line commands for whole deals and games (play, game, simulate)."""

from __future__ import annotations

import argparse
from typing import Callable


def register(add: Callable[[str, str, str], argparse.ArgumentParser]) -> None:
    """Add the whole-deal commands to the command line (none until the game engine exists)."""
    return None
